/**
 * The reviews page (`/pages/top-reviews`: featured reviews from the reviews widget) and the
 * order-review flow (`/pages/review-order`) on the demo shop (production build, real Chromium).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SEED_FACTS } from '../../server/storage/demoData';
import { fulfillJson, SHOWN_WITHIN_MS, withPage } from './harness';
import { axeViolations, ev, HOST, ONLY_REVIEWS, SR, useShop, waitUntil } from './reviewsWidget';

const shop = useShop();

/** Waits until the reviews page shows its cards. */
const ready = (page: Page) => waitUntil(page, `!!${SR}?.querySelector('.card')`);

interface Featured {
  reviews: { id: number; name: string; product: { handle: string; title: string; image: string | null } }[];
  stats: { r: number; s: number };
}
const provider = async (): Promise<Featured> => (await fetch(`${shop().origin}/api/featured-reviews/demo.json`)).json() as never;

describe('reviews page (/pages/top-reviews)', () => {
  test('shows the featured reviews with the provider numbers, each card linking to its product', async () => {
    await withPage(
      shop(),
      '/pages/top-reviews',
      async ({ page, errors }) => {
        await ready(page);
        const api = await provider();
        assert.ok(api.reviews.length > 0);
        const got = await ev<{
          heading: string;
          cards: number;
          cnt: string;
          avg: string;
          links: string[];
          titles: string[];
          ids: string[];
          inMain: boolean;
          minHeight: string;
        }>(
          page,
          `({ heading: ${SR}.querySelector('h2').textContent, cards: ${SR}.querySelectorAll('.featured-item .card').length, cnt: ${SR}.querySelector('.count').textContent,
            avg: ${SR}.querySelector('.average').textContent, links: [...${SR}.querySelectorAll('.featured-product')].map((a) => a.getAttribute('href')),
            titles: [...${SR}.querySelectorAll('.featured-product')].map((a) => a.textContent), ids: [...${SR}.querySelectorAll('.card')].map((c) => c.getAttribute('data-review-id')),
            inMain: !!document.querySelector('main ${HOST}'), minHeight: document.querySelector('${HOST}').style.minHeight })`,
        );
        assert.equal(got.heading, 'Featured reviews');
        assert.equal(got.cards, api.reviews.length);
        assert.equal(got.cnt, `Based on ${api.stats.r} reviews`);
        assert.equal(got.avg, (Math.round(api.stats.s * 10) / 10).toFixed(1));
        assert.deepEqual(
          got.ids,
          api.reviews.map((review) => String(review.id)),
        );
        assert.deepEqual(
          got.links,
          api.reviews.map((review) => `/products/${review.product.handle}`),
        );
        assert.deepEqual(
          got.titles,
          api.reviews.map((review) => review.product.title),
        );
        assert.ok(got.inMain);
        assert.equal(got.minHeight, '');
        // The link goes to the product page.
        const first = api.reviews[0]!.product.handle;
        await Promise.all([page.waitForURL(`**/products/${first}`), page.locator(`${HOST} .featured-product`).first().click()]);
        assert.match(page.url(), new RegExp(`/products/${first}$`));
        assert.deepEqual(errors, []);
      },
      { init: ONLY_REVIEWS },
    );
  });

  test('under /es the product links keep the locale root and the texts are Spanish', async () => {
    await withPage(
      shop(),
      '/es/pages/top-reviews',
      async ({ page }) => {
        await ready(page);
        const api = await provider();
        const links = await ev<string[]>(page, `[...${SR}.querySelectorAll('.featured-product')].map((a) => a.getAttribute('href'))`);
        assert.deepEqual(
          links,
          api.reviews.map((review) => `/es/products/${review.product.handle}`),
        );
        assert.equal(await ev(page, `${SR}.querySelector('h2').textContent`), 'Opiniones destacadas');
      },
      { init: ONLY_REVIEWS },
    );
  });

  test('hostile featured data is sanitized by the shared sanitizer and executes nothing', async () => {
    const bad = (i: number) =>
      `<img src=x onerror="window.__xss=${i}"><script>window.__xss=${i}</script><a href="javascript:window.__xss=${i}">x</a><b>ok ${i}</b>`;
    const hostile = {
      reviews: [
        {
          id: 1,
          name: bad(1),
          stars: 5,
          review: bad(2),
          reply: bad(3),
          replyAuthor: bad(4),
          photos: ['javascript:window.__xss=5'],
          product: { handle: 'classic-cotton-tee', title: bad(6), image: 'javascript:window.__xss=7' },
        },
        {
          id: 2,
          name: 'Ok',
          stars: 4,
          review: 'fine',
          photos: [],
          product: { handle: '"><img src=x onerror=window.__xss=8>', title: 'x', image: null },
        },
        {
          id: 3,
          name: 'Ok',
          stars: 4,
          review: 'fine',
          photos: [],
          product: { handle: 'ok-handle', title: 'T', image: '" onerror="window.__xss=9' },
        },
      ],
      stats: { r: 3, s: 4.3, d: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } },
    };
    // Dialogs (`alert` from a payload that ran) are dismissed by the browser automation; `__xss` tells.
    await withPage(
      shop(),
      '/pages/top-reviews',
      async ({ page, errors }) => {
        await ready(page);
        const found = await ev<{
          cards: number;
          name: string;
          title: string;
          tags: string[];
          imgs: number;
          links: string[];
          hrefs: number;
        }>(
          page,
          `({ cards: ${SR}.querySelectorAll('.card').length, name: ${SR}.querySelector('.author').textContent, title: ${SR}.querySelector('.featured-product span').textContent,
            tags: [...new Set([...${SR}.querySelectorAll('.text *')].map((e) => e.localName))].sort(), imgs: ${SR}.querySelectorAll('img').length,
            links: [...${SR}.querySelectorAll('.featured-product')].map((a) => a.getAttribute('href')), hrefs: [...${SR}.querySelectorAll('.text a[href]')].length })`,
        );
        // The review with a non-handle product is dropped; names and titles are text.
        assert.equal(found.cards, 2);
        assert.equal(found.name, bad(1));
        assert.equal(found.title, bad(6));
        // The javascript: link keeps its text but loses its href.
        assert.deepEqual(found.tags, ['a', 'b']);
        assert.equal(found.hrefs, 0);
        assert.equal(found.imgs, 0);
        assert.deepEqual(found.links, ['/products/classic-cotton-tee', '/products/ok-handle']);
        await page.waitForTimeout(300);
        assert.equal(await ev(page, 'window.__xss'), 0);
        assert.equal(await ev(page, `${SR}.querySelectorAll('script, [onerror], [onload]').length`), 0);
        assert.deepEqual(errors, []);
      },
      { init: `window.__xss = 0; ${ONLY_REVIEWS}`, routes: fulfillJson('**/api/featured-reviews/**', hostile) },
    );
  });

  test('axe finds nothing on the reviews page widget', async () => {
    await withPage(
      shop(),
      '/pages/top-reviews',
      async ({ page }) => {
        await ready(page);
        assert.deepEqual(await axeViolations(page), []);
      },
      { init: ONLY_REVIEWS },
    );
  });
});

describe('order-review flow (/pages/review-order)', () => {
  const handle = SEED_FACTS.manyReviewsHandle;

  test('sends the shopper to /products/{handle} and keeps code, name and e-mail in storage', async () => {
    await withPage(
      shop(),
      `/pages/review-order?code=ORD-1&product=${handle}&name=Ana%20P.&email=ana%40example.com`,
      async ({ page }) => {
        await page.waitForURL(`${shop().origin}/products/${handle}`, { timeout: SHOWN_WITHIN_MS });
        assert.equal(page.url(), `${shop().origin}/products/${handle}`);
        const stored = await ev<string | null>(page, `localStorage.getItem('vitrine:reviewOrder')`);
        assert.deepEqual(JSON.parse(stored!), {
          code: 'ORD-1',
          customerName: 'Ana P.',
          customerEmail: 'ana@example.com',
          productHandle: handle,
        });
      },
      { init: ONLY_REVIEWS, waitForInit: false },
    );
  });

  test("a stored order's code alone: the provider fills in its product, name and e-mail", async () => {
    const order = SEED_FACTS.orders[0]!;
    await withPage(
      shop(),
      `/pages/review-order?code=${order.code}`,
      async ({ page }) => {
        await page.waitForURL(`${shop().origin}/products/${order.productHandle}`, { timeout: SHOWN_WITHIN_MS });
        const stored = await ev<string | null>(page, `localStorage.getItem('vitrine:reviewOrder')`);
        assert.deepEqual(JSON.parse(stored!), {
          code: order.code,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          productHandle: order.productHandle,
        });
      },
      { init: ONLY_REVIEWS, waitForInit: false },
    );
  });

  test('/es/pages/review-order goes to /es/products/{handle}; without name and e-mail none are stored', async () => {
    await withPage(
      shop(),
      `/es/pages/review-order?product=${handle}`,
      async ({ page }) => {
        await page.waitForURL(`${shop().origin}/es/products/${handle}`, { timeout: SHOWN_WITHIN_MS });
        assert.equal(page.url(), `${shop().origin}/es/products/${handle}`);
        assert.equal(await ev(page, `localStorage.getItem('vitrine:reviewOrder')`), null);
      },
      { init: ONLY_REVIEWS, waitForInit: false },
    );
  });

  test('without valid data the page stays put', async () => {
    await withPage(
      shop(),
      '/pages/review-order?product=no-such-product',
      async ({ page }) => {
        await page.waitForTimeout(1500);
        assert.match(page.url(), /\/pages\/review-order\?product=no-such-product$/);
      },
      { init: ONLY_REVIEWS },
    );
  });
});
