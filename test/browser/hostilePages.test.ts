/**
 * What a hostile provider answer, a hostile theme page and a cross-origin install do to the
 * widgets (production build, real Chromium). Each test reproduces one finding of the hardening
 * review; none of them may leave an uncaught error on the shop's page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SEED_FACTS } from '../../server/storage/demoData';
import { fulfillHtml, fulfillJson, startShop, type OpenedPage, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

let shop: Shop;
before(async () => {
  // The listing snippets and product line are what is tested: the theme's own ratings are off.
  shop = await startShop({ showRating: false });
});
after(async () => {
  await shop?.close();
});

const PRODUCT = `/products/${SEED_FACTS.manyReviewsHandle}`;
const HOST = '[data-vitrine-mount="reviews"]';
const SR = `document.querySelector('${HOST}')?.shadowRoot`;
const ev = <T>(page: Page, expr: string): Promise<T> => page.evaluate(expr) as Promise<T>;
const cards = (page: Page) => ev<number>(page, `${SR}?.querySelectorAll('.card').length ?? 0`);
const widgetReady = (page: Page) =>
  page.waitForFunction(`!!${SR}?.querySelector('.card, .empty')`, undefined, { timeout: SHOWN_WITHIN_MS });
/** Only the reviews widget (no snippets, no converter): the reports below are all its own. */
const ONLY_REVIEWS = `window.vitrineSettings = { modules: [21], reviews: { starSnippet: { product: false, collection: false, template: '{stars}' } } };`;
/** Report lines the debug mode (`?vtl-cse=1`) writes for `code`. */
const reports = (o: OpenedPage, code: number) => o.console.filter((l) => l.includes('[Vitrine]') && l.includes(` ${code} `));

/** The provider's first 20 reviews of the big product, as the widget requests them. */
async function first20(): Promise<Record<string, unknown>[]> {
  const body = (await (await fetch(`${shop.origin}/api/reviews/demo/0/${SEED_FACTS.manyReviewsHandle}.json?limit=20`)).json()) as {
    reviews: Record<string, unknown>[];
  };
  return body.reviews;
}

describe('hostile provider data', () => {
  test('a review dated beyond what Date holds (timestamp 1e300) among 20: 19 cards, nothing uncaught, space released', async () => {
    const list = await first20();
    assert.equal(list.length, 20);
    list[3] = { ...list[3], timestamp: 1e300, date: 'never' };
    const stats = (await (await fetch(`${shop.origin}/api/sf/prs/demo/${SEED_FACTS.manyReviewsHandle}.json`)).json()) as unknown;
    await withPage(
      shop,
      `${PRODUCT}?vtl-cse=1`,
      async (o) => {
        await widgetReady(o.page);
        assert.equal(await cards(o.page), 19);
        assert.equal(await ev(o.page, `${SR}.querySelector('[data-review-id="${String(list[3]!.id)}"]')`), null);
        // The loader's reserved height is gone: the widget is as tall as what it shows.
        assert.equal(await ev(o.page, `document.querySelector('${HOST}').style.minHeight`), '');
        assert.equal(reports(o, 3021).length, 1, o.console.join('\n'));
        assert.deepEqual(o.errors, []);
      },
      { init: ONLY_REVIEWS, routes: fulfillJson('**/api/reviews/**', { reviews: list, total: 20, page: 1, pages: 1, stats }) },
    );
  });

  test('one null among the featured reviews: the others render on /pages/top-reviews, the bad one is reported', async () => {
    const api = (await (await fetch(`${shop.origin}/api/featured-reviews/demo.json`)).json()) as { reviews: unknown[]; stats: unknown };
    assert.ok(api.reviews.length > 3);
    const reviews = [null, ...api.reviews.slice(0, 3), 42, { id: 'x', product: null }];
    await withPage(
      shop,
      '/pages/top-reviews?vtl-cse=1',
      async (o) => {
        await widgetReady(o.page);
        assert.equal(await cards(o.page), 3);
        assert.equal(reports(o, 3021).length, 1, o.console.join('\n'));
        assert.deepEqual(o.errors, []);
      },
      { init: ONLY_REVIEWS, routes: fulfillJson('**/api/featured-reviews/**', { reviews, stats: api.stats }) },
    );
  });

  test('a render error in one card (a theme polyfill that throws) removes that card only and is reported as 2280', async () => {
    // A buggy `replaceChildren` polyfill of the theme: it throws for one review's text. The card's
    // text is written in a layout effect, so this is an error after the first render.
    const init = `${ONLY_REVIEWS}
      const native = Element.prototype.replaceChildren;
      Element.prototype.replaceChildren = function (...nodes) {
        if (nodes.some((n) => (n.textContent || '').includes('Lovely'))) throw new TypeError('polyfill: unsupported node');
        return native.apply(this, nodes);
      };`;
    await withPage(
      shop,
      `${PRODUCT}?vtl-cse=1`,
      async (o) => {
        await widgetReady(o.page);
        await o.page.waitForTimeout(300);
        assert.equal(await cards(o.page), 19, 'the card with the failing text is left out');
        assert.equal(await ev(o.page, `${SR}.querySelector('.header') !== null`), true, 'the rest of the widget works');
        assert.ok(reports(o, 2280).length >= 1, o.console.join('\n'));
        assert.deepEqual(o.errors, []);
      },
      { init },
    );
  });

  test('JSON-LD: a review with an unknown date (0) has no datePublished, never 1970-01-01', async () => {
    const list = await first20();
    list[0] = { ...list[0], timestamp: 0, date: '' };
    const stats = (await (await fetch(`${shop.origin}/api/sf/prs/demo/${SEED_FACTS.manyReviewsHandle}.json`)).json()) as unknown;
    await withPage(
      shop,
      PRODUCT,
      async (o) => {
        await widgetReady(o.page);
        const ld = JSON.parse(await ev<string>(o.page, `document.querySelector('script[data-vitrine-jsonld]').textContent`)) as {
          review: { datePublished?: string }[];
        };
        assert.equal(ld.review.length, 20);
        assert.equal(ld.review[0]!.datePublished, undefined);
        assert.ok(ld.review.slice(1).every((r) => /^20\d\d-\d\d-\d\d$/.test(r.datePublished!)));
        assert.deepEqual(o.errors, []);
      },
      { init: ONLY_REVIEWS, routes: fulfillJson('**/api/reviews/**', { reviews: list, total: 20, page: 1, pages: 1, stats }) },
    );
  });
});

describe('hostile theme pages', () => {
  test('Array.prototype.toJSON (Prototype.js): every listing snippet is still filled', async () => {
    const init = `Array.prototype.toJSON = function () { return '[' + this.map((x) => JSON.stringify(x)).join(', ') + ']'; };`;
    await withPage(
      shop,
      '/collections/all',
      async (o) => {
        const links = await ev<number>(
          o.page,
          `new Set([...document.querySelectorAll('main .card-wrapper .card__heading a')].map((a) => a.getAttribute('href'))).size`,
        );
        assert.equal(links, SEED_FACTS.productCount);
        await o.page.waitForFunction(
          `document.querySelectorAll('.vitrine-stars--listing[aria-label]').length >= ${links - SEED_FACTS.productsWithoutReviews.length}`,
          undefined,
          {
            timeout: SHOWN_WITHIN_MS,
          },
        );
        assert.deepEqual(o.errors, []);
      },
      { init },
    );
  });

  test("another script's window.Vitrine: the widgets still run, one console line, reported, the other global untouched", async () => {
    const init = `window.Vitrine = { name: 'someone else', version: 3 };`;
    await withPage(
      shop,
      `${PRODUCT}?vtl-cse=1`,
      async (o) => {
        await widgetReady(o.page);
        assert.ok((await cards(o.page)) > 0);
        await o.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, {
          timeout: SHOWN_WITHIN_MS,
        });
        assert.deepEqual(await ev(o.page, 'window.Vitrine'), { name: 'someone else', version: 3 });
        const said = o.console.filter((l) => l.includes('window.Vitrine is taken by another script') && !l.includes('[Vitrine]'));
        assert.equal(said.length, 1, o.console.join('\n'));
        assert.match(said[0]!, /^warning: Vitrine: window\.Vitrine is taken by another script; /);
        assert.equal(reports(o, 1020).length, 1);
        assert.equal(await ev(o.page, 'window.__vitrineInits'), 1);
        assert.deepEqual(o.errors, []);
      },
      { init },
    );
  });
});

describe('cross-origin install (the shop on its own domain, the script from the provider)', () => {
  // Two origins on this machine: Chromium resolves every `*.localhost` name to loopback, and the
  // loading rules let local hosts run without HTTPS.
  /** The demo page on `shop.test`, with its script tag pointing at the provider on `provider.test`. */
  const crossOrigin = (path: string) => async (context: import('playwright-core').BrowserContext) => {
    // Node does not resolve `*.localhost`: the page is fetched from the server's loopback address.
    const page = await fetch(`${shop.origin}${path}`);
    const html = (await page.text()).replace('src="/demo/vitrine.js"', `src="http://provider.localhost:${shop.port}/demo/vitrine.js"`);
    assert.ok(html.includes(`provider.localhost:${shop.port}/demo/vitrine.js`), `no script tag to rewrite on ${path}`);
    await fulfillHtml(`http://shop.localhost:${shop.port}${path}`, html)(context);
  };
  /** Every `<img>` of the widget: its URL and whether it loaded. */
  const images = (page: Page) =>
    ev<{ src: string; ok: boolean }[]>(
      page,
      `Promise.all([...${SR}.querySelectorAll('img')].map(async (img) => { img.loading = 'eager'; try { await img.decode(); } catch {} return { src: img.src, ok: img.naturalWidth > 0 }; }))`,
    );

  test('review photos load from the provider, not from the shop', async () => {
    const url = `http://shop.localhost:${shop.port}${PRODUCT}`;
    await withPage(
      shop,
      url,
      async (o) => {
        await widgetReady(o.page);
        assert.equal(await ev(o.page, 'location.host'), `shop.localhost:${shop.port}`);
        const imgs = await images(o.page);
        assert.ok(imgs.length >= 10, `only ${imgs.length} photos`);
        for (const img of imgs) assert.ok(img.src.startsWith(`http://provider.localhost:${shop.port}/api/photos/`), img.src);
        assert.deepEqual(
          imgs.filter((i) => !i.ok),
          [],
        );
        assert.deepEqual(o.errors, []);
      },
      { init: ONLY_REVIEWS, routes: crossOrigin(PRODUCT) },
    );
  });

  test('featured reviews: photos and product images load from the provider', async () => {
    const url = `http://shop.localhost:${shop.port}/pages/top-reviews`;
    await withPage(
      shop,
      url,
      async (o) => {
        await widgetReady(o.page);
        const imgs = await images(o.page);
        assert.ok(imgs.length > 0);
        for (const img of imgs) assert.ok(img.src.startsWith(`http://provider.localhost:${shop.port}/`), img.src);
        assert.deepEqual(
          imgs.filter((i) => !i.ok),
          [],
        );
        assert.deepEqual(o.errors, []);
      },
      { init: ONLY_REVIEWS, routes: crossOrigin('/pages/top-reviews') },
    );
  });
});
