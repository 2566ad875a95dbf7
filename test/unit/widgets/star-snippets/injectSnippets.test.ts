// @vitest-environment jsdom
/** Listing injection logic (framework-free DOM code) in jsdom: layouts, grouping, batching, cache. */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createInjector, linkHandle, MAX_HANDLES_PER_REQUEST } from '../../../../src/widgets/star-snippets/injectSnippets';
import { locate, type THEME_LAYOUTS } from '../../../../src/widgets/star-snippets/themeLayouts';
import { fillPercent, starsRenderer } from '../../../../src/ui/starIcons';
import { starFills } from '../../../../src/ui/starPaths';
import { readsBeforeWrites, recordDomOrder } from './domOrder';

const dawnCard = (h: string, root = '/') =>
  `<li><div class="card-wrapper"><div class="card"><div class="card__inner"><img src="x.png"><div class="card__content"><h3 class="card__heading"><a href="${root}products/${h}">In</a></h3></div></div><div class="card__content"><div class="card__information"><h3 class="card__heading" id="t-${h}"><a href="${root}products/${h}">${h}</a></h3><div class="price">$1</div></div></div></div></div></li>`;

/** The provider's answer (wire format, spec §3 `{ r, s, d }`): 3 reviews, or none for `zero-…` handles. */
const stats = (handles: string[]): Record<string, unknown> =>
  Object.fromEntries(handles.map((h) => [h, { r: h.startsWith('zero') ? 0 : 3, s: 4.5 }]));

function setup(html: string, opts: { showZero?: boolean } = {}) {
  document.body.innerHTML = html;
  const fetchStats = vi.fn(async (handles: string[]) => stats(handles));
  const onMissed = vi.fn();
  const injector = createInjector({
    doc: document,
    fetchStats,
    fill: (el, filled) => {
      el.textContent = `(${filled.count})`;
    },
    showZero: !!opts.showZero,
    onMissed,
    unobserved: (writes) => writes(),
  });
  return { injector, fetchStats, onMissed };
}

const snippets = () => [...document.querySelectorAll<HTMLElement>('[data-vitrine-stars]')];

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('linkHandle', () => {
  test('reads plain, collection-scoped and locale-prefixed product links; ignores other hosts', () => {
    const a = document.createElement('a');
    for (const [href, h] of [
      ['/products/tee', 'tee'],
      ['/es/products/tee?variant=1', 'tee'],
      ['/en-us/collections/all/products/Tee#x', 'tee'],
      [`http://${location.host}/products/mug`, 'mug'],
      ['https://other.example/products/mug', null],
      ['/collections/all', null],
    ] as const) {
      a.setAttribute('href', href);
      expect(linkHandle(a, location.host)).toBe(h);
    }
  });
});

describe('theme layouts', () => {
  test('Dawn: the visible heading, not the one inside card__inner; the first match is remembered', () => {
    document.body.innerHTML = `<ul>${dawnCard('tee')}</ul>`;
    const state = { remembered: null as (typeof THEME_LAYOUTS)[number] | null };
    const link = document.querySelector('#t-tee a')!;
    const at = locate(link, 'tee', () => 'tee', state)!;
    expect(at.title.id).toBe('t-tee');
    // Dawn's layout (its card is `.card-wrapper`) is the one remembered.
    expect(at.card.className).toBe('card-wrapper');
    expect(state.remembered).toMatchObject({ card: '.card-wrapper', title: '.card>.card__content .card__heading' });
  });

  test("the card's first title whose block shows", () => {
    const at = (html: string) => {
      document.body.innerHTML = `<main>${html}</main>`;
      const found = locate(document.querySelector('#link')!, 'mug', () => 'mug', { remembered: null })!;
      return [found.card.id, found.title.id];
    };
    // A copy in a hidden block is never the anchor, even the link's own.
    expect(
      at(
        `<div class="grid-product" id="card"><div hidden><div class="grid-product__title"><a id="link" href="/products/mug">Mug</a></div></div><p class="grid-product__title" id="shown">Mug</p></div>`,
      ),
    ).toEqual(['card', 'shown']);
    // A hidden title in a shown block is (Dawn's card without media): the line after it shows.
    expect(
      at(
        `<div class="grid-product" id="card"><div class="info"><p class="grid-product__title" id="hidden" hidden><a id="link" href="/products/mug">Mug</a></p><span class="price">$1</span></div></div>`,
      ),
    ).toEqual(['card', 'hidden']);
    // A title-classed element around the card is not the card's title.
    expect(
      at(
        `<div class="grid-product__title" id="around"><div class="grid-product" id="card"><a id="link" href="/products/mug"><img src="x"></a><p class="grid-product__title" id="inner">Mug</p></div></div>`,
      ),
    ).toEqual(['card', 'inner']);
  });

  test('unknown markup falls back to the nearest heading in the card that holds an image', () => {
    document.body.innerHTML = `<main><div class="tile"><a href="/products/mug"><img src="x"></a><div><h4 class="tile-name">Mug</h4></div></div><p><a href="/products/mug">text link</a></p></main>`;
    const state = { remembered: null };
    const [imageLink, textLink] = document.querySelectorAll('a');
    const at = locate(imageLink!, 'mug', () => 'mug', state)!;
    expect(at.card.className).toBe('tile');
    expect(at.title.tagName).toBe('H4');
    expect(locate(textLink!, 'mug', () => 'mug', state)).toBeNull();
  });
});

describe('createInjector', () => {
  test('one snippet per card right after the title, one batched request, zero reviews hidden', async () => {
    const { injector, fetchStats } = setup(`<main><ul>${dawnCard('tee')}${dawnCard('mug', '/es/')}${dawnCard('zero-pin')}</ul></main>`);
    await injector.run();
    expect(fetchStats).toHaveBeenCalledTimes(1);
    expect(fetchStats.mock.calls[0]![0].sort()).toEqual(['mug', 'tee', 'zero-pin']);
    const els = snippets();
    expect(els.map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['tee', 'mug', 'zero-pin']);
    for (const el of els) expect(el.previousElementSibling!.id).toBe(`t-${el.getAttribute('data-vitrine-stars')}`);
    expect(els.map((e) => e.hidden)).toEqual([false, false, true]);
    expect(els[0]!.textContent).toBe('(3)');
  });

  test("cards linking to this shop by absolute URL get snippets; another shop's products do not", async () => {
    const { injector, fetchStats } = setup(
      `<main><ul>${dawnCard('tee', `http://${location.host}/`)}${dawnCard('mug', 'https://other.example/')}</ul></main>`,
    );
    await injector.run();
    expect(fetchStats.mock.calls.map((call) => call[0])).toEqual([['tee']]);
    expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['tee']);
  });

  test('showWhenNoReviews shows zero-review products', async () => {
    const { injector } = setup(`<main><ul>${dawnCard('zero-pin')}</ul></main>`, { showZero: true });
    await injector.run();
    expect(snippets()[0]!.hidden).toBe(false);
    expect(snippets()[0]!.textContent).toBe('(0)');
  });

  test('re-runs never duplicate; a removed snippet comes back; a forced refresh copies the cached stats', async () => {
    const { injector, fetchStats } = setup(`<main><ul>${dawnCard('tee')}${dawnCard('mug')}</ul></main>`);
    await injector.run();
    await injector.run();
    expect(snippets()).toHaveLength(2);
    snippets()[0]!.remove();
    await injector.run();
    expect(snippets()).toHaveLength(2);
    await injector.run(true);
    expect(snippets()).toHaveLength(2);
    expect(snippets().every((e) => e.textContent === '(3)')).toBe(true);
    expect(fetchStats).toHaveBeenCalledTimes(1);
    // New cards (infinite scroll): only their handles are fetched.
    document.querySelector('ul')!.insertAdjacentHTML('beforeend', dawnCard('vase'));
    await injector.run();
    expect(fetchStats).toHaveBeenCalledTimes(2);
    expect(fetchStats.mock.calls[1]![0]).toEqual(['vase']);
    expect(snippets()).toHaveLength(3);
  });

  test("a card's second link (Dawn links its product twice) finds the card known: no second title search; a card shows one product", async () => {
    // jsdom has no checkVisibility: counted where a browser would call it.
    const checkVisibility = vi.fn(() => true);
    Object.defineProperty(Element.prototype, 'checkVisibility', { value: checkVisibility, configurable: true });
    try {
      const cards = ['a', 'b', 'c', 'd', 'e', 'f'].map((h) => dawnCard(h)).join('');
      // A card that also links another product (a bundle's part) shows its first link's.
      const bundle = dawnCard('kit').replace('<div class="price">', '<a href="/products/kit-part">part</a><div class="price">');
      const { injector, fetchStats } = setup(`<main><ul>${cards}${bundle}</ul></main>`);
      await injector.run();
      expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'kit']);
      expect(fetchStats.mock.calls[0]![0].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'kit']);
      // One title shown per card (was one per link: 15).
      expect(checkVisibility).toHaveBeenCalledTimes(7);
    } finally {
      delete (Element.prototype as { checkVisibility?: unknown }).checkVisibility;
    }
  });

  test('more than 250 handles are split into requests of at most 250', async () => {
    const cards = Array.from({ length: 260 }, (_, i) => dawnCard(`p${i}`)).join('');
    const { injector, fetchStats } = setup(`<main><ul>${cards}</ul></main>`);
    await injector.run();
    expect(fetchStats.mock.calls.map((c) => c[0].length)).toEqual([MAX_HANDLES_PER_REQUEST, 10]);
    expect(snippets()).toHaveLength(260);
  });

  test('stats for a link without a placeable snippet → missed handles, reported once; menus are ignored', async () => {
    const { injector, onMissed } = setup(
      `<header><nav><a href="/products/menu-item">Menu</a></nav></header><main><p><a href="/products/hoodie">read more</a></p><ul>${dawnCard('tee')}</ul></main>`,
    );
    await injector.run();
    await injector.run(true);
    expect(onMissed).toHaveBeenCalledTimes(1);
    expect(onMissed.mock.calls[0]![0]).toEqual(['hoodie']);
  });

  test("cards of excluded regions get nothing, after the page's layout is known too (checked a card, not in the links' query)", async () => {
    const { injector, fetchStats } = setup(
      `<header><ul>${dawnCard('menu-item')}</ul></header><main><ul>${dawnCard('tee')}${dawnCard('mug')}</ul></main><cart-drawer><ul>${dawnCard('in-cart')}</ul></cart-drawer><footer><nav><a href="/products/footer-link">F</a></nav></footer>`,
    );
    await injector.run();
    expect(fetchStats.mock.calls).toEqual([[['tee', 'mug']]]);
    expect(snippets().map((line) => line.getAttribute('data-vitrine-stars'))).toEqual(['tee', 'mug']);
  });

  test('lines of ours that go (a card re-rendered for another product, a forced refresh) go after the scan, marked as ours', async () => {
    document.body.innerHTML = `<main><ul>${dawnCard('tee')}${dawnCard('mug')}${dawnCard('vase')}</ul></main>`;
    const unobserved = vi.fn((writes: () => void) => writes());
    let answer: () => void = () => {};
    const injector = createInjector({
      doc: document,
      fetchStats: (handles) => new Promise((resolve) => (answer = () => resolve(stats(handles)))),
      fill: () => {},
      showZero: false,
      onMissed: () => {},
      unobserved,
    });
    const first = injector.run();
    answer();
    await first;
    // The theme re-renders the first card for another product, in place: our line stays in it.
    for (const link of document.querySelectorAll('a[href="/products/tee"]')) link.setAttribute('href', '/products/hat');
    unobserved.mockClear();
    const order = recordDomOrder();
    try {
      const swapped = injector.run();
      // Every title checked (a browser lays the page out once for all), then the stale line goes
      // (was: removed at its card, so the next card's check laid the page out again).
      expect(order.log).toContain('read');
      expect(readsBeforeWrites(order.log)).toBe(true);
      expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['mug', 'vase']);
      // Its removal is ours: the change observer must not take it for the theme's.
      expect(unobserved).toHaveBeenCalledTimes(1);
      answer();
      await swapped;
      expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['hat', 'mug', 'vase']);
      order.log.length = 0;
      unobserved.mockClear();
      // A forced refresh: the scan first, then every line goes and comes back with the cached stats.
      await injector.run(true);
      expect(readsBeforeWrites(order.log)).toBe(true);
      // Each line removed once (the scan meets it again in its card), then the new lines written.
      expect(order.log.filter((entry) => entry === 'write')).toHaveLength(6);
      // The removals, then the new lines: each pass written unobserved, as a whole.
      expect(unobserved).toHaveBeenCalledTimes(2);
      expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['hat', 'mug', 'vase']);
    } finally {
      order.stop();
    }
  });

  test('skipHandle: the product of a product page gets no listing snippet', async () => {
    document.body.innerHTML = `<main><ul>${dawnCard('tee')}${dawnCard('mug')}</ul></main>`;
    const injector = createInjector({
      doc: document,
      fetchStats: async (h) => stats(h),
      fill: () => {},
      showZero: false,
      onMissed: () => {},
      unobserved: (writes) => writes(),
      skipHandle: () => 'tee',
    });
    await injector.run();
    expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['mug']);
  });
});

/** Dawn's `card-product` rating (the platform's `reviews.rating` metafields, rendered by the theme) in the card's information block. */
const DAWN_RATING =
  '<div class="rating" role="img" aria-label="4.6 out of 5.0 stars"><span aria-hidden="true" class="rating-star" style="--rating: 4; --rating-max: 5.0; --rating-decimal: 0.5;"></span></div><p class="rating-text caption"><span aria-hidden="true">4.6 / 5.0</span></p><p class="rating-count caption"><span aria-hidden="true">(12)</span><span class="visually-hidden">12 total reviews</span></p>';
/** A Dawn card whose theme shows the product's rating (`rating`: the markup between vendor and price). */
const ratedDawnCard = (h: string, rating = DAWN_RATING) => dawnCard(h).replace('<div class="price">', `${rating}<div class="price">`);

describe("the theme's own rating (the platform's review metafields)", () => {
  test('a card that shows it gets no snippet and its product is not fetched; the other cards as before; nothing missed', async () => {
    const { injector, fetchStats, onMissed } = setup(
      `<main><ul>${ratedDawnCard('tee')}${dawnCard('mug')}${ratedDawnCard('vase')}</ul><p><a href="/products/tee">our tee</a></p></main>`,
    );
    await injector.run();
    expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['mug']);
    // The link outside any card is still asked for (as before: it might be a spot we missed),
    // but the product counts as shown, so nothing is reported missed.
    expect(fetchStats).toHaveBeenCalledTimes(1);
    expect(fetchStats.mock.calls[0]![0].sort()).toEqual(['mug', 'tee']);
    expect(document.querySelectorAll('.rating[role="img"]')).toHaveLength(2);
    // Re-runs and a forced refresh leave the theme's ratings alone too.
    await injector.run();
    await injector.run(true);
    expect(snippets()).toHaveLength(1);
    expect(fetchStats).toHaveBeenCalledTimes(1);
    expect(onMissed).not.toHaveBeenCalled();
  });

  test('a page where every card shows it makes no request at all', async () => {
    const { injector, fetchStats } = setup(`<main><ul>${ratedDawnCard('tee')}${ratedDawnCard('mug')}</ul></main>`);
    await injector.run();
    expect(snippets()).toEqual([]);
    expect(fetchStats).not.toHaveBeenCalled();
  });

  test("once a card has matched, a rated card's title is never looked for (no visibility checks)", async () => {
    // jsdom has no checkVisibility: counted where a browser would call it.
    const checkVisibility = vi.fn(() => true);
    Object.defineProperty(Element.prototype, 'checkVisibility', { value: checkVisibility, configurable: true });
    try {
      const cards = ['a', 'b', 'c', 'd', 'e', 'f'].map((h) => ratedDawnCard(h)).join('');
      const { injector, fetchStats } = setup(`<main><ul>${cards}</ul></main>`);
      await injector.run();
      expect(snippets()).toEqual([]);
      expect(fetchStats).not.toHaveBeenCalled();
      // The first link's title, shown: how the page's layout is found. None for the other eleven
      // links (two per card).
      expect(checkVisibility).toHaveBeenCalledTimes(1);
    } finally {
      delete (Element.prototype as { checkVisibility?: unknown }).checkVisibility;
    }
  });

  test("Horizon's labelled .rating counts too; a .rating without a label (some other widget) does not", async () => {
    const horizon = '<div class="rating-wrapper"><div class="rating" aria-label="Rating: 4.6 out of 5"></div></div>';
    const { injector } = setup(
      `<main><ul>${ratedDawnCard('tee', horizon)}${ratedDawnCard('mug', '<div class="rating">★</div>')}</ul></main>`,
    );
    await injector.run();
    expect(snippets().map((e) => e.getAttribute('data-vitrine-stars'))).toEqual(['mug']);
  });

  /** A theme section as the platform renders it (`shopify-section-<id>`), holding `cards`. */
  const section = (id: string, cards: string) => `<div id="shopify-section-${id}" class="shopify-section"><ul>${cards}</ul></div>`;

  test("in a section whose cards show the theme's rating, a card without one is a product without reviews: nothing asked", async () => {
    // The provider keeps the platform's review metafields equal to its stats: the theme shows a
    // rating for every product with reviews, and none for the others.
    const { injector, fetchStats, onMissed } = setup(
      `<main>${section('grid', `${dawnCard('mug')}${ratedDawnCard('tee')}${dawnCard('vase')}`)}</main>`,
    );
    await injector.run();
    expect(fetchStats).not.toHaveBeenCalled();
    // Placed, as after a request that answered 0: hidden.
    expect(snippets().map((e) => [e.getAttribute('data-vitrine-stars'), e.hidden])).toEqual([
      ['mug', true],
      ['vase', true],
    ]);
    expect(onMissed).not.toHaveBeenCalled();
    await injector.run(true);
    expect(fetchStats).not.toHaveBeenCalled();
  });

  test('with showWhenNoReviews, those cards show an empty rating with 0, as the provider would have answered', async () => {
    const { injector, fetchStats } = setup(`<main>${section('grid', `${ratedDawnCard('tee')}${dawnCard('mug')}`)}</main>`, {
      showZero: true,
    });
    await injector.run();
    expect(fetchStats).not.toHaveBeenCalled();
    expect(snippets().map((e) => [e.getAttribute('data-vitrine-stars'), e.hidden, e.textContent])).toEqual([['mug', false, '(0)']]);
  });

  test("another section's cards, and cards outside any section, are asked for as before (each section has its own rating setting)", async () => {
    const { injector, fetchStats } = setup(
      `<main>${section('grid', `${ratedDawnCard('tee')}${dawnCard('mug')}`)}${section('related', `${dawnCard('vase')}`)}<ul>${ratedDawnCard('cup')}${dawnCard('bowl')}</ul></main>`,
    );
    await injector.run();
    expect(fetchStats).toHaveBeenCalledTimes(1);
    expect(fetchStats.mock.calls[0]![0].sort()).toEqual(['bowl', 'vase']);
    expect(snippets().map((e) => [e.getAttribute('data-vitrine-stars'), e.hidden])).toEqual([
      ['mug', true],
      ['vase', false],
      ['bowl', false],
    ]);
  });

  test('stats already fetched for a product are kept when its section shows ratings later', async () => {
    const { injector, fetchStats } = setup(`<main>${section('grid', dawnCard('mug'))}</main>`);
    await injector.run();
    expect(fetchStats).toHaveBeenCalledTimes(1);
    // The theme re-renders the section with ratings on (the mug's metafields not written yet).
    document.querySelector('.shopify-section ul')!.insertAdjacentHTML('beforeend', ratedDawnCard('tee'));
    await injector.run(true);
    expect(fetchStats).toHaveBeenCalledTimes(1);
    expect(snippets().map((e) => [e.getAttribute('data-vitrine-stars'), e.textContent])).toEqual([['mug', '(3)']]);
  });

  test('a snippet of ours in a card that now shows the rating itself goes (never two ratings)', async () => {
    const { injector } = setup(`<main><ul>${dawnCard('tee')}</ul></main>`);
    await injector.run();
    expect(snippets()).toHaveLength(1);
    document.querySelector('.card > .card__content .card__information')!.insertAdjacentHTML('beforeend', DAWN_RATING);
    await injector.run();
    expect(snippets()).toEqual([]);
  });
});

describe('starsRenderer', () => {
  test("a look's empty icons are made once, whether an empty or a filled rating needs them first", () => {
    const doc = document.implementation.createHTMLDocument('');
    const created = vi.spyOn(doc, 'createElement');
    const stars = starsRenderer(doc, { size: 20, colors: { front: '#123456', back: '#654321' } });
    stars(0);
    stars(3.5);
    stars(0);
    // The icons' span and its front span, once.
    expect(created).toHaveBeenCalledTimes(2);
  });

  test('one aria-hidden span of five icons (a CSS image), its inner span the front row clipped to the average', () => {
    const look = { size: 18, colors: { front: '#fbda03', back: '#cecece' } };
    const stars = starsRenderer(document, look);
    const el = stars(4.6);
    expect(el.tagName).toBe('SPAN');
    expect(el.getAttribute('aria-hidden')).toBe('true');
    expect(el.style.width).toBe('90px');
    expect(el.style.height).toBe('18px');
    const front = el.firstElementChild as HTMLElement;
    expect(front.style.width).toBe('92%');
    // One path for the row of five: the icon repeated after relative moves of 24. (jsdom drops the
    // front span's background when its width is set; test/browser/starSnippets.test.ts checks both
    // rows in Chromium.)
    const back = decodeURIComponent(el.getAttribute('style')!.match(/data:image\/svg\+xml,([^")]*)/)![1]!);
    expect(back.match(/<path /g)).toHaveLength(1);
    expect(back.match(/m24 0/g)).toHaveLength(4);
    expect(/fill="(#\w+)"/.exec(back)![1]).toBe('#cecece');
    // Kept when printed (backgrounds are not, by default).
    expect(el.getAttribute('style')).toContain('-webkit-print-color-adjust:exact');
    expect(fillPercent(4.6)).toBe(92);
    expect(fillPercent(-1)).toBe(0);
    expect(fillPercent(9)).toBe(100);
    expect(fillPercent(Number.NaN)).toBe(0);
    expect(fillPercent(Number.POSITIVE_INFINITY)).toBe(100);
    // Clones of one look are separate elements, each with its own width.
    const again = stars(4.6);
    expect(again).not.toBe(el);
    expect(again.outerHTML).toBe(el.outerHTML);
    const half = stars(2.5);
    expect((half.firstElementChild as HTMLElement).style.width).toBe('50%');
    expect(front.style.width).toBe('92%');
    // Each fill is made once and cloned: a change to one clone reaches neither the next one nor
    // the empty icons, and each document gets its own elements.
    (half.firstElementChild as HTMLElement).style.width = '10%';
    const halfAgain = stars(2.5);
    expect((halfAgain.firstElementChild as HTMLElement).style.width).toBe('50%');
    const none = stars(0);
    expect(parseFloat((none.firstElementChild as HTMLElement).style.width)).toBe(0);
    const other = document.implementation.createHTMLDocument('');
    const elsewhere = starsRenderer(other, look)(4.6);
    expect(elsewhere.ownerDocument).toBe(other);
    expect(elsewhere.outerHTML).toBe(el.outerHTML);
    // The same share as the widgets' icons (starFills), for every rating to two decimals.
    for (let rating = 0; rating <= 5; rating += 0.01) {
      expect(fillPercent(rating)).toBeCloseTo(starFills(rating).reduce((sum, fill) => sum + fill, 0) * 20, 6);
    }
  });
});
