// @vitest-environment jsdom
/** Spec §2: the best-selling sort option goes away (a best-selling URL: test/unit/loader/leaveBestSelling.test.ts). */
import { describe, expect, test } from 'vitest';
import { removeBestSelling } from '../../../../src/widgets/star-snippets/hideBestSelling';

const OPTIONS = ['manual', 'best-selling', 'title-ascending', 'price-ascending'];

describe('removeBestSelling', () => {
  test("Dawn's select loses only the best-selling option", () => {
    document.body.innerHTML = `<select name="sort_by" id="SortBy">${OPTIONS.map((v) => `<option value="${v}">${v}</option>`).join('')}</select>`;
    removeBestSelling(document);
    expect([...document.querySelectorAll('option')].map((o) => o.value)).toEqual(['manual', 'title-ascending', 'price-ascending']);
    // Again (the snippets' observer re-runs it on every change): nothing else goes.
    removeBestSelling(document);
    expect(document.querySelectorAll('option')).toHaveLength(3);
  });

  test('an older theme select found by its id, whatever its name', () => {
    document.body.innerHTML = `<select id="SortBy" name="SortBy"><option value="best-selling">Best</option><option value="manual">Featured</option></select>`;
    removeBestSelling(document);
    expect(document.querySelectorAll('option')).toHaveLength(1);
  });

  test('radio inputs go with their list item; links with theirs; a bare link alone', () => {
    document.body.innerHTML = `<ul id="radios">${OPTIONS.map((v) => `<li><label><input type="radio" name="sort_by" value="${v}">${v}</label></li>`).join('')}</ul>
      <ul id="links">${OPTIONS.map((v) => `<li><a href="?sort_by=${v}">${v}</a></li>`).join('')}</ul>
      <p id="bare"><a href="/collections/all?page=2&sort_by=best-selling">x</a>kept</p>`;
    removeBestSelling(document);
    expect(document.querySelectorAll('#radios li')).toHaveLength(3);
    expect(document.querySelectorAll('#links li')).toHaveLength(3);
    expect(document.getElementById('bare')!.textContent).toBe('kept');
    expect(document.body.innerHTML).not.toContain('best-selling');
  });

  test('other sort controls and other selects are left alone', () => {
    document.body.innerHTML = `<select name="variant"><option value="best-selling">A variant named so</option></select>
      <input name="q" value="best-selling"><button value="best-selling">Search</button><a href="/search?q=best-selling">x</a>`;
    removeBestSelling(document);
    expect(document.querySelectorAll('option')).toHaveLength(1);
    expect(document.querySelectorAll('input,button,a')).toHaveLength(3);
  });
});
