// @vitest-environment jsdom
/**
 * Where the product stars line goes (`placeProductStars`): the theme's "Star rating" app block,
 * else the owner's placement (spec §7 widget 5, listed in the placement report), else a holder,
 * else after the product title.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PageContext } from '../../../../src/core/pageContext';
import type { ReviewsSettings } from '../../../../src/core/reviewsSettings';
import type { Placement } from '../../../../src/core/settings';
import { ownerSpot } from '../../../../src/widgets/star-snippets/lazy/moved';
import { createProductLine } from '../../../../src/widgets/star-snippets/productLine';
import { placeProductStars } from '../../../../src/widgets/star-snippets/productStars';
import type { WidgetContext } from '../../../../src/widgets/types';

/** The lazy part's spot finder, with the owner's placements of the line as the provider gives them. */
const moved = (placements: unknown[]) => {
  const asked: number[] = [];
  const ctx = {
    placements: async (widgetId: number) => {
      asked.push(widgetId);
      return placements as Placement[];
    },
  } as unknown as WidgetContext;
  return ownerSpot(ctx).finally(() => expect(asked).toEqual([5]));
};

afterEach(() => {
  document.body.innerHTML = '';
});

const page = () => {
  document.body.innerHTML = '<main><div class="product__info"><h1 class="product__title">Tee</h1><p class="price">$20</p></div></main>';
};

describe('placeProductStars', () => {
  test("the owner's placement wins, with each alignment, and is named for the placement report", async () => {
    for (const [alignment, expected] of [
      ['before', 'STARS,P'],
      ['after', 'P,STARS'],
      ['prepend', 'P:STARS,$20'],
      ['append', 'P:$20,STARS'],
    ] as const) {
      page();
      const el = placeProductStars(document, 'tee', await moved([{ selector: '.price', alignment, id: 'owner-5-d' } satisfies Placement]))!;
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

  test('a placement that matches nothing, or is no CSS, falls through to the title', async () => {
    page();
    const el = placeProductStars(
      document,
      'tee',
      await moved([
        { selector: '[[[', alignment: 'after', id: 'bad' },
        { selector: '.gone', alignment: 'after', id: 'gone' },
      ]),
    )!;
    expect(el.previousElementSibling?.className).toBe('product__title');
    expect(el.hasAttribute('data-vitrine-placement')).toBe(false);
  });

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

  test("the app block wins over the owner's placement", async () => {
    document.body.innerHTML = `<main><h1 class="product__title">Tee</h1><p class="price">$20</p><div id="block" data-vitrine-block="stars"></div></main>`;
    const line = placeProductStars(document, 'tee', await moved([{ selector: '.price', alignment: 'after', id: 'owner-5-d' }]))!;
    expect(line.parentElement!.id).toBe('block');
  });
});

describe("the theme's own rating under the title (Dawn's rating block, from the platform's review metafields)", () => {
  const RATING =
    '<div class="rating-wrapper"><div class="rating" role="img" aria-label="4.6 out of 5.0 stars"><span aria-hidden="true" class="rating-star"></span></div><p class="rating-count caption"><span aria-hidden="true">(12)</span></p></div>';

  test('no line: not under the title, nor in a holder, nor in the app block', () => {
    for (const extra of ['', '<div data-vitrine-product-stars></div>', '<div data-vitrine-block="stars"></div>']) {
      document.body.innerHTML = `<main><div class="product__info-container"><div class="product__title"><h1>Tee</h1></div>${RATING}<p class="price">$20</p>${extra}</div></main>`;
      expect(placeProductStars(document, 'tee'), extra).toBeNull();
      expect(document.querySelector('.vitrine-stars--product')).toBeNull();
    }
  });

  test('the line asks for no stats where it has no place, and for them once where it has', async () => {
    const asked: string[] = [];
    const ctx = {
      settings: { providerBase: 'https://p.example/api/', shopId: 'demo', placedWidgets: [] },
      request: (url: string) => (asked.push(url), Promise.resolve({ r: 3, s: 4.6 })),
    } as unknown as WidgetContext;
    const line = () =>
      createProductLine(
        document,
        ctx,
        { starSnippet: { product: true }, showWhenNoReviews: false } as ReviewsSettings,
        (el) => (el.textContent = 'STARS'),
        (writes) => writes(),
      );
    const tee = { pageType: 'product', productHandle: 'tee' } as PageContext;
    document.body.innerHTML = `<main><div class="product__info-container"><div class="product__title"><h1>Tee</h1></div>${RATING}</div></main>`;
    line()(tee);
    await Promise.resolve();
    expect(asked).toEqual([]);
    document.body.innerHTML = '<main><div class="product__info-container"><div class="product__title"><h1>Tee</h1></div></div></main>';
    const update = line();
    update(tee);
    await vi.waitFor(() => expect(document.querySelector('.vitrine-stars--product')!.textContent).toBe('STARS'));
    // The theme renders the title again: the line comes back with the stats it has.
    document.querySelector('.vitrine-stars--product')!.remove();
    update(tee);
    await vi.waitFor(() => expect(document.querySelector('.vitrine-stars--product')!.textContent).toBe('STARS'));
    expect(asked).toEqual(['https://p.example/api/sf/prs/demo/tee.json']);
  });

  test('a rating elsewhere on the page (the card of another product) does not count', () => {
    document.body.innerHTML = `<main><div class="product__info-container"><div class="product__title"><h1>Tee</h1></div><p class="price">$20</p></div><ul><li class="card-wrapper"><h3><a href="/products/mug">Mug</a></h3>${RATING}</li></ul></main>`;
    expect(placeProductStars(document, 'tee')!.previousElementSibling!.className).toBe('product__title');
  });
});
