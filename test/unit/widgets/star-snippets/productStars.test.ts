// @vitest-environment jsdom
/** Where the product page's stars line goes: the theme's "Star rating" app block first. */
import { afterEach, describe, expect, test } from 'vitest';
import { placeProductStars } from '../../../../src/widgets/star-snippets/productStars';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('placeProductStars', () => {
  test('inside the "Star rating" app block, before a holder that comes earlier in the page and the title', () => {
    document.body.innerHTML = `<div data-vitrine-product-stars id="holder"></div><main><h1 class="product__title">Tee</h1><div id="price"></div><div id="block" data-vitrine-block="stars"></div></main>`;
    const line = placeProductStars(document, 'tee')!;
    expect(line.parentElement!.id).toBe('block');
    expect(document.querySelectorAll('.vitrine-stars--product')).toHaveLength(1);
  });

  test('without a block: the holder, else after the product title (as before)', () => {
    document.body.innerHTML = `<main><h1 class="product__title">Tee</h1><div data-vitrine-product-stars id="holder"></div></main>`;
    expect(placeProductStars(document, 'tee')!.parentElement!.id).toBe('holder');
    document.body.innerHTML = `<main><h1 class="product__title">Tee</h1></main>`;
    expect(placeProductStars(document, 'tee')!.previousElementSibling!.tagName).toBe('H1');
  });
});
