// @vitest-environment jsdom
/** Spec §2: the best-selling sort option goes away and a best-selling URL moves to 'manual'. */
import { describe, expect, test, vi } from 'vitest';
import { leaveBestSelling, removeBestSelling } from '../../../../src/widgets/star-snippets/hideBestSelling';

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
    document.body.innerHTML = `<select name="variant"><option value="best-selling">A variant named so</option></select>`;
    removeBestSelling(document);
    expect(document.querySelectorAll('option')).toHaveLength(1);
  });
});

describe('leaveBestSelling', () => {
  const at = (url: string) => {
    const u = new URL(url);
    return { pathname: u.pathname, search: u.search, hash: u.hash, replace: vi.fn() } as unknown as Location & {
      replace: ReturnType<typeof vi.fn>;
    };
  };

  test('best-selling → manual, other parameters and the hash kept, no history entry', () => {
    const loc = at('https://shop.test/collections/all?filter.v.price.gte=1&sort_by=best-selling&page=2#grid');
    expect(leaveBestSelling(loc)).toBe(true);
    expect(loc.replace).toHaveBeenCalledWith('/collections/all?filter.v.price.gte=1&sort_by=manual&page=2#grid');
  });

  test('any other sort, or none, stays', () => {
    for (const url of [
      'https://shop.test/collections/all',
      'https://shop.test/collections/all?sort_by=price-ascending',
      'https://shop.test/collections/all?q=best-selling',
    ]) {
      const loc = at(url);
      expect(leaveBestSelling(loc)).toBe(false);
      expect(loc.replace).not.toHaveBeenCalled();
    }
  });
});
