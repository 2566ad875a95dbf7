// @vitest-environment jsdom
/**
 * The README's "What loads when" table as an executable specification: which widget each page
 * gets, and when its chunk loads (`planWidgets`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PageContext } from '../../../src/core/pageContext';
import { type Settings } from '../../../src/core/settings';
import { parseSettings } from '../../../src/core/parseSettings';
import { idleChunks, planWidgets, starsFetch, type WidgetPlan } from '../../../src/loader/widgetPlan';

const settings = (raw: Record<string, unknown> = {}): Settings =>
  parseSettings(
    { shopId: 'demo', shopCurrency: 'USD', providerBase: 'https://p.example/api/', ...raw },
    'https://p.example/demo/vitrine.js',
  ).settings;

const page = (pageType: string, patch: Partial<PageContext> = {}): PageContext =>
  ({
    pageType,
    productHandle: pageType === 'product' ? 'tee' : null,
    collectionHandle: null,
    localeRoot: '',
    designMode: false,
    preview: false,
    path: '/',
    url: 'https://shop.example/',
    store: {
      shopDomain: 'shop.example',
      currency: { active: 'USD', rate: 1 },
      themeRole: 'main',
      designMode: false,
      countryCode: null,
      locale: 'en',
      root: '',
    },
    ...patch,
  }) as PageContext;

const plan = (pageType: string, raw?: Record<string, unknown>, patch?: Partial<PageContext>): WidgetPlan[] =>
  planWidgets(settings(raw), page(pageType, patch), document);
const byName = (plans: WidgetPlan[]) => Object.fromEntries(plans.map((widget) => [widget.name, widget]));

describe('what loads when (README)', () => {
  test('star snippets: at once (eager), on every page with product links', () => {
    for (const type of ['home', 'collection', 'collections', 'searchResults', 'product', 'other']) {
      expect(byName(plan(type))['star-snippets']?.kind, type).toBe('eager');
    }
    for (const type of ['cart', 'password', 'checkout', 'thank_you', 'order_status']) {
      expect(byName(plan(type))['star-snippets'], type).toBeUndefined();
    }
  });

  test("the product page preloads its stars line's stats, unless the line is off", () => {
    expect(byName(plan('product'))['star-snippets']).toEqual({ name: 'star-snippets', kind: 'eager' });
    const fetchOf = (type: string, raw: Record<string, unknown> = {}) => starsFetch(settings(raw), page(type), document);
    expect(fetchOf('product')).toBe('https://p.example/api/sf/prs/demo/tee.json');
    expect(fetchOf('product', { reviews: { starSnippet: { product: false } } })).toBeNull();
    expect(fetchOf('product', { reviews: { showStarSnippet: false } })).toBeNull();
    expect(fetchOf('product', { modules: [24] })).toBeNull();
    expect(fetchOf('collection')).toBeNull();
  });

  test("no preloaded stats where the theme shows the product's rating by its title: the line never goes there", () => {
    const fetchOn = (html: string) => {
      document.body.innerHTML = html;
      try {
        return starsFetch(settings(), page('product'), document);
      } finally {
        document.body.innerHTML = '';
      }
    };
    const url = 'https://p.example/api/sf/prs/demo/tee.json';
    // Dawn's main product section with its rating block (the platform's review metafields).
    const rated = '<div class="rating-wrapper"><span class="rating" role="img" aria-label="4.6 out of 5.0 stars"></span></div>';
    expect(
      fetchOn(`<main><div class="product__info-container"><div class="product__title"><h1>Tee</h1></div>${rated}</div></main>`),
    ).toBeNull();
    // Horizon: a bare `main h1` beside a labelled rating.
    expect(fetchOn(`<main><div class="text-block"><h1>Tee</h1>${rated}</div></main>`)).toBeNull();
    // No rating by the title (a product without reviews, or the theme's ratings off): the line needs its stats.
    expect(fetchOn('<main><div class="product__info-container"><div class="product__title"><h1>Tee</h1></div></div></main>')).toBe(url);
    // Ratings on the cards of another section do not count, nor a rating without its label.
    expect(
      fetchOn(
        `<main><div><div class="product__title"><h1>Tee</h1></div></div><section><div class="card"><h3>Other</h3>${rated}</div></section></main>`,
      ),
    ).toBe(url);
    expect(fetchOn('<main><div><div class="product__title"><h1>Tee</h1></div><span class="rating" role="img"></span></div></main>')).toBe(
      url,
    );
    // No title parsed yet: asked for, as before.
    expect(fetchOn('')).toBe(url);
  });

  test('reviews widget and featured reviews page: inline, near the viewport, with reserved height', () => {
    for (const type of ['product', 'top-reviews']) {
      expect(byName(plan(type)).reviews, type).toMatchObject({ kind: 'inline', first: true, reserve: 360 });
    }
    expect(byName(plan('collection')).reviews).toBeUndefined();
    // The order-review flow: the widget only forwards the shopper, at idle.
    expect(byName(plan('review-order')).reviews).toMatchObject({ kind: 'idle' });
    expect(byName(plan('review-order')).reviews).not.toHaveProperty('floating', true);
    // The shop's own placements are all used.
    const own = [{ selector: '#reviews', alignment: 'append', id: 'own' }];
    expect(byName(plan('product', { placements: { 21: own } })).reviews).toMatchObject({ placements: own, first: false });
  });

  test('currency converter: at idle when the shopper chose a currency, else after the first interaction or 5 s', () => {
    expect(byName(plan('home'))['currency-converter']).toMatchObject({ kind: 'idle', floating: true, later: true });
    expect(byName(plan('home', {}, { url: 'https://shop.example/?currency=EUR' }))['currency-converter']).toMatchObject({ later: false });
    const market = page('home');
    market.store.currency.active = 'EUR';
    expect(byName(planWidgets(settings(), market, document))['currency-converter']).toMatchObject({ later: false });
  });

  test('cart-reserved countdown: the cart page near the viewport, product pages at idle once the cart has items; no reserved space', () => {
    expect(byName(plan('cart'))['cart-reserved']).toMatchObject({
      kind: 'inline',
      placements: [{ selector: 'main h1', alignment: 'after', id: 'cart-title' }],
    });
    const cart = byName(plan('cart'))['cart-reserved'] as Extract<WidgetPlan, { kind: 'inline' }>;
    expect([cart.reserve ?? 0, !!cart.first]).toEqual([0, false]);
    // Product pages: under the add-to-cart form (the first that is not an installments form), at idle.
    expect(byName(plan('product'))['cart-reserved']).toEqual({
      name: 'cart-reserved',
      kind: 'idle',
      placements: [{ selector: 'form[action*="/cart/add"]:not([id*=installment])', alignment: 'after', id: 'atc-form' }],
      cart: true,
    });
    // The shop's own placements are for the cart page.
    const own = [{ selector: '.cart__footer', alignment: 'before', id: 'footer' }];
    expect(byName(plan('cart', { placements: { 24: own } }))['cart-reserved']).toMatchObject({ placements: own });
    expect(byName(plan('product', { placements: { 24: own } }))['cart-reserved']).toMatchObject({ placements: [{ id: 'atc-form' }] });
    for (const type of ['home', 'collection', 'other']) expect(byName(plan(type))['cart-reserved'], type).toBeUndefined();
    expect(byName(plan('product', { modules: [21] }))['cart-reserved']).toBeUndefined();
  });

  test('commerce services (no UI): after the first interaction on product pages, and on every page where a cart module (24, 47) is on', () => {
    const commerce = { name: 'commerce', kind: 'idle', placements: [], later: true };
    expect(byName(plan('product', { modules: [21] })).commerce).toEqual(commerce);
    for (const type of ['home', 'collection', 'cart', 'other']) {
      expect(byName(plan(type)).commerce, type).toEqual(commerce);
      expect(byName(plan(type, { modules: [47] })).commerce, type).toEqual(commerce);
      expect(byName(plan(type, { modules: [21, 30, 12] })).commerce, type).toBeUndefined();
    }
    // The offer card (47) is opt-in: not among the default modules.
    expect(settings().modules).not.toContain(47);
  });

  test('offer card (47, opt-in): near the viewport, under the add-to-cart form or after the cart title, or where settings say; no reserved space', () => {
    const offerCard = (type: string, raw: Record<string, unknown> = { modules: [47] }) => byName(plan(type, raw))['offer-card'];
    expect(offerCard('product')).toEqual({
      name: 'offer-card',
      kind: 'inline',
      placements: [{ selector: 'form[action*="/cart/add"]:not([id*=installment])', alignment: 'after', id: 'atc-form' }],
    });
    expect(offerCard('cart')).toEqual({
      name: 'offer-card',
      kind: 'inline',
      placements: [{ selector: 'main h1', alignment: 'after', id: 'cart-title' }],
    });
    const own = [{ selector: '.product__description', alignment: 'before', id: 'description' }];
    expect(offerCard('product', { modules: [47], placements: { 47: own } })).toMatchObject({ placements: own });
    expect(offerCard('cart', { modules: [47], placements: { 47: own } })).toMatchObject({ placements: own });
    for (const type of ['home', 'collection', 'search', 'other']) expect(offerCard(type), type).toBeUndefined();
    expect(offerCard('product', {})).toBeUndefined();
  });

  test('content protection and the preview badge: at idle; protection never in the editor, the badge only there or in previews', () => {
    expect(byName(plan('home'))['content-protection']).toMatchObject({ kind: 'idle' });
    expect(byName(plan('home'))['content-protection']).not.toHaveProperty('floating', true);
    expect(byName(plan('home', {}, { designMode: true }))['content-protection']).toBeUndefined();
    expect(byName(plan('home'))['preview-badge']).toBeUndefined();
    expect(byName(plan('home', {}, { designMode: true }))['preview-badge']).toMatchObject({ kind: 'idle', floating: true });
    expect(byName(plan('home', {}, { preview: true }))['preview-badge']).toMatchObject({ kind: 'idle' });
  });

  test('a module that is not enabled plans nothing (product pages still get the commerce services)', () => {
    expect(plan('collection', { modules: [30] }).map((widget) => widget.name)).toEqual(['currency-converter', 'reporting']);
    expect(plan('product', { modules: [30] }).map((widget) => widget.name)).toEqual(['commerce', 'currency-converter', 'reporting']);
  });

  test('highlight: at idle on any page whose URL hash asks for it (spec §2), detached; not for a query parameter', () => {
    const highlight = { name: 'highlight', kind: 'idle', placements: [] };
    for (const type of ['home', 'product', 'cart', 'other']) {
      expect(byName(plan(type, { modules: [] }, { url: 'https://shop.example/x#vtlHighlight=.a' })).highlight, type).toEqual(highlight);
      expect(byName(plan(type, {}, { url: 'https://shop.example/x#vtlHighlightOfferId=o1' })).highlight, type).toEqual(highlight);
      expect(byName(plan(type)).highlight, type).toBeUndefined();
    }
    expect(byName(plan('home', {}, { url: 'https://shop.example/?vtlHighlight=.a' })).highlight).toBeUndefined();
  });

  test('reporting (error reports, and tracking for visitors who are not bots): at idle, on every page, detached', () => {
    for (const type of ['home', 'product', 'cart', 'other']) {
      expect(byName(plan(type, { modules: [] })).reporting, type).toEqual({ name: 'reporting', kind: 'idle', placements: [] });
    }
  });

  test("the idle chunks the loader may request early are the plan's idle widgets that wait for nothing but idle time, in its order", () => {
    const waitsOnlyForIdle = (plans: WidgetPlan[]) =>
      plans.filter((planned) => planned.kind === 'idle' && !planned.later && !planned.cart && !planned.floating).map(({ name }) => name);
    for (const type of ['home', 'product', 'collection', 'cart', 'other'])
      for (const raw of [{}, { modules: [] }, { modules: [12] }, { modules: [12, 21, 24, 30, 47] }])
        for (const patch of [{}, { designMode: true }]) {
          const chunks = idleChunks(settings(raw), page(type, patch));
          expect(chunks, `${type} ${JSON.stringify(raw)} ${JSON.stringify(patch)}`).toEqual(waitsOnlyForIdle(plan(type, raw, patch)));
        }
    expect(idleChunks(settings({ modules: [12] }), page('home'))).toEqual(['content-protection', 'reporting']);
    expect(idleChunks(settings({ modules: [12] }), page('home', { designMode: true }))).toEqual(['reporting']);
  });

  test('every widget a page may get is in the build (the loader imports each planned name without checking)', () => {
    const names = new Set<string>();
    const everything = { modules: [12, 21, 24, 30, 47] };
    for (const type of ['home', 'product', 'collection', 'cart', 'top-reviews', 'review-order', 'other'])
      for (const patch of [{}, { designMode: true, url: 'https://shop.example/#vtlHighlight=.a' }])
        for (const planned of plan(type, everything, patch)) names.add(planned.name);
    expect(names.size).toBe(10);
    for (const name of names) expect(existsSync(join(import.meta.dirname, '../../../src/widgets', name, 'index.ts')), name).toBe(true);
  });
});
