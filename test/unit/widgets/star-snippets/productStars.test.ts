// @vitest-environment jsdom
/**
 * Where the product stars line goes (`placeProductStars`): the owner's placement first (spec §7
 * widget 5, listed in the placement report), else a holder, else after the product title.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { placeProductStars } from '../../../../src/widgets/star-snippets/productStars';

afterEach(() => {
  document.body.innerHTML = '';
});

const page = () => {
  document.body.innerHTML = '<main><div class="product__info"><h1 class="product__title">Tee</h1><p class="price">$20</p></div></main>';
};

describe('placeProductStars', () => {
  test("the owner's placement wins, with each alignment, and is named for the placement report", () => {
    for (const [alignment, expected] of [
      ['before', 'STARS,P'],
      ['after', 'P,STARS'],
      ['prepend', 'P:STARS,$20'],
      ['append', 'P:$20,STARS'],
    ] as const) {
      page();
      const el = placeProductStars(document, 'tee', [{ selector: '.price', alignment, id: 'owner-5-d' }])!;
      el.textContent = 'STARS';
      const price = document.querySelector('.price')!;
      const around = [...price.parentElement!.children]
        .map((child) => (child === el ? 'STARS' : child.tagName))
        .filter((name) => name !== 'H1');
      const inside = [...price.childNodes].map((node) => (node === el ? 'STARS' : node.textContent));
      expect(alignment === 'prepend' || alignment === 'append' ? `P:${inside.join(',')}` : around.join(','), alignment).toBe(expected);
      expect(el.getAttribute('data-vitrine-placement')).toBe('owner-5-d');
    }
  });

  test('a placement that matches nothing, or is no CSS, falls through to the title', () => {
    page();
    const el = placeProductStars(document, 'tee', [
      { selector: '[[[', alignment: 'after', id: 'bad' },
      { selector: '.gone', alignment: 'after', id: 'gone' },
    ])!;
    expect(el.previousElementSibling?.className).toBe('product__title');
    expect(el.hasAttribute('data-vitrine-placement')).toBe(false);
  });
});
