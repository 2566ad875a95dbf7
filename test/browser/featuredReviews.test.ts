/**
 * The reviews page (`/pages/top-reviews`: featured reviews from the reviews widget) and the
 * order-review flow (`/pages/review-order`) on the demo shop (production build, real Chromium).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SEED_FACTS } from '../../server/db/seed';
import { open, ROOT, startShop, type Shop, SHOWN_WITHIN_MS } from './harness';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

const HOST = '[data-vitrine-mount="reviews"]';
const SR = `document.querySelector('${HOST}')?.shadowRoot`;
const ev = <T>(page: Page, expr: string): Promise<T> => page.evaluate(expr) as Promise<T>;
const ready = (page: Page) => page.waitForFunction(`!!${SR}?.querySelector('.card')`, undefined, { timeout: SHOWN_WITHIN_MS });
/** Only the reviews module: no star snippets or converter on the page. */
const ONLY_REVIEWS = `window.vitrineSettings = { modules: [21], reviews: { starSnippet: { product: false, collection: false, template: '{stars}' } } };`;

interface Featured {
  reviews: { id: number; name: string; product: { handle: string; title: string; image: string | null } }[];
  stats: { r: number; s: number };
}
const provider = async (): Promise<Featured> => (await fetch(`${shop.origin}/api/featured-reviews/demo.json`)).json() as never;

describe('reviews page (/pages/top-reviews)', () => {
  test('shows the featured reviews with the provider numbers, each card linking to its product', async () => {
    const o = await open(shop, '/pages/top-reviews', { init: ONLY_REVIEWS });
    try {
      await ready(o.page);
      const api = await provider();
      assert.ok(api.reviews.length > 0);
      const got = await ev<{ heading: string; cards: number; cnt: string; avg: string; links: string[]; titles: string[]; ids: string[]; inMain: boolean; minHeight: string }>(
        o.page,
        `({ heading: ${SR}.querySelector('h2').textContent, cards: ${SR}.querySelectorAll('.featured-item .card').length, cnt: ${SR}.querySelector('.count').textContent,
            avg: ${SR}.querySelector('.average').textContent, links: [...${SR}.querySelectorAll('.featured-product')].map((a) => a.getAttribute('href')),
            titles: [...${SR}.querySelectorAll('.featured-product')].map((a) => a.textContent), ids: [...${SR}.querySelectorAll('.card')].map((c) => c.getAttribute('data-review-id')),
            inMain: !!document.querySelector('main ${HOST}'), minHeight: document.querySelector('${HOST}').style.minHeight })`,
      );
      assert.equal(got.heading, 'Featured reviews');
      assert.equal(got.cards, api.reviews.length);
      assert.equal(got.cnt, `Based on ${api.stats.r} reviews`);
      assert.equal(got.avg, (Math.round(api.stats.s * 10) / 10).toFixed(1));
      assert.deepEqual(got.ids, api.reviews.map((r) => String(r.id)));
      assert.deepEqual(got.links, api.reviews.map((r) => `/products/${r.product.handle}`));
      assert.deepEqual(got.titles, api.reviews.map((r) => r.product.title));
      assert.ok(got.inMain);
      assert.equal(got.minHeight, '');
      // The link goes to the product page.
      const first = api.reviews[0]!.product.handle;
      await Promise.all([o.page.waitForURL(`**/products/${first}`), o.page.locator(`${HOST} .featured-product`).first().click()]);
      assert.deepEqual(o.errors, []);
    } finally {
      await o.context.close();
    }
  });

  test('under /es the product links keep the locale root and the texts are Spanish', async () => {
    const o = await open(shop, '/es/pages/top-reviews', { init: ONLY_REVIEWS });
    try {
      await ready(o.page);
      const api = await provider();
      const links = await ev<string[]>(o.page, `[...${SR}.querySelectorAll('.featured-product')].map((a) => a.getAttribute('href'))`);
      assert.deepEqual(links, api.reviews.map((r) => `/es/products/${r.product.handle}`));
      assert.equal(await ev(o.page, `${SR}.querySelector('h2').textContent`), 'Opiniones destacadas');
    } finally {
      await o.context.close();
    }
  });

  test('hostile featured data is sanitized by the shared sanitizer and executes nothing', async () => {
    const ctx = await shop.browser.newContext();
    try {
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('dialog', (d) => void d.dismiss());
      await page.addInitScript(`window.__xss = 0; ${ONLY_REVIEWS}`);
      const bad = (i: number) => `<img src=x onerror="window.__xss=${i}"><script>window.__xss=${i}</script><a href="javascript:window.__xss=${i}">x</a><b>ok ${i}</b>`;
      const body = JSON.stringify({
        reviews: [
          { id: 1, name: bad(1), stars: 5, review: bad(2), reply: bad(3), replyAuthor: bad(4), photos: ['javascript:window.__xss=5'], product: { handle: 'classic-cotton-tee', title: bad(6), image: 'javascript:window.__xss=7' } },
          { id: 2, name: 'Ok', stars: 4, review: 'fine', photos: [], product: { handle: '"><img src=x onerror=window.__xss=8>', title: 'x', image: null } },
          { id: 3, name: 'Ok', stars: 4, review: 'fine', photos: [], product: { handle: 'ok-handle', title: 'T', image: '" onerror="window.__xss=9' } },
        ],
        stats: { r: 3, s: 4.3, d: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } },
      });
      await page.route('**/api/featured-reviews/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
      await page.goto(`${shop.origin}/pages/top-reviews`);
      await ready(page);
      const r = await ev<{ cards: number; name: string; title: string; tags: string[]; imgs: number; links: string[]; hrefs: number }>(
        page,
        `({ cards: ${SR}.querySelectorAll('.card').length, name: ${SR}.querySelector('.author').textContent, title: ${SR}.querySelector('.featured-product span').textContent,
            tags: [...new Set([...${SR}.querySelectorAll('.text *')].map((e) => e.localName))].sort(), imgs: ${SR}.querySelectorAll('img').length,
            links: [...${SR}.querySelectorAll('.featured-product')].map((a) => a.getAttribute('href')), hrefs: [...${SR}.querySelectorAll('.text a[href]')].length })`,
      );
      // The review with a non-handle product is dropped; names and titles are text.
      assert.equal(r.cards, 2);
      assert.equal(r.name, bad(1));
      assert.equal(r.title, bad(6));
      // The javascript: link keeps its text but loses its href.
      assert.deepEqual(r.tags, ['a', 'b']);
      assert.equal(r.hrefs, 0);
      assert.equal(r.imgs, 0);
      assert.deepEqual(r.links, ['/products/classic-cotton-tee', '/products/ok-handle']);
      await page.waitForTimeout(300);
      assert.equal(await ev(page, 'window.__xss'), 0);
      assert.equal(await ev(page, `${SR}.querySelectorAll('script, [onerror], [onload]').length`), 0);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });

  test('axe finds nothing on the reviews page widget', async () => {
    const o = await open(shop, '/pages/top-reviews', { init: ONLY_REVIEWS });
    try {
      await ready(o.page);
      await o.page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
      const run = `axe.run({ include: [['${HOST}']] }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`;
      assert.deepEqual(await ev(o.page, run), []);
    } finally {
      await o.context.close();
    }
  });
});

describe('order-review flow (/pages/review-order)', () => {
  const handle = SEED_FACTS.manyReviewsHandle;

  test('sends the shopper to /products/{handle} and keeps code, name and e-mail in storage', async () => {
    const o = await open(shop, `/pages/review-order?code=ORD-1&product=${handle}&name=Ana%20P.&email=ana%40example.com`, { init: ONLY_REVIEWS, waitForInit: false });
    try {
      await o.page.waitForURL(`${shop.origin}/products/${handle}`, { timeout: SHOWN_WITHIN_MS });
      const stored = await ev<string | null>(o.page, `localStorage.getItem('vitrine:reviewOrder')`);
      assert.deepEqual(JSON.parse(stored!), { code: 'ORD-1', customerName: 'Ana P.', customerEmail: 'ana@example.com', productHandle: handle });
    } finally {
      await o.context.close();
    }
  });

  test('/es/pages/review-order goes to /es/products/{handle}; without name and e-mail none are stored', async () => {
    const o = await open(shop, `/es/pages/review-order?product=${handle}`, { init: ONLY_REVIEWS, waitForInit: false });
    try {
      await o.page.waitForURL(`${shop.origin}/es/products/${handle}`, { timeout: SHOWN_WITHIN_MS });
      assert.equal(await ev(o.page, `localStorage.getItem('vitrine:reviewOrder')`), null);
    } finally {
      await o.context.close();
    }
  });

  test('without valid data the page stays put', async () => {
    const o = await open(shop, '/pages/review-order?product=no-such-product', { init: ONLY_REVIEWS });
    try {
      await o.page.waitForTimeout(1500);
      assert.match(o.page.url(), /\/pages\/review-order\?product=no-such-product$/);
    } finally {
      await o.context.close();
    }
  });
});
