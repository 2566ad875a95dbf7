/**
 * The main reviews widget on the demo shop's product page (production build, real Chromium):
 * header numbers, list and columns, star filter, 'See more reviews', the empty state, the write
 * buttons, settings, mobile and lazy loading.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SEED_FACTS } from '../../server/storage/demoData';
import { withPage } from './harness';
import {
  cards,
  clickIn,
  ev,
  focused,
  HOST,
  ONLY_REVIEWS,
  PRODUCT,
  providerStats,
  SR,
  text,
  useShop,
  waitUntil,
  widgetReady,
  withProduct,
} from './reviewsWidget';

// The product stars line is checked too: the theme's own rating (which replaces it) is off.
const shop = useShop({ showRating: false });

/** The accessible labels of the cards' stars ('Rated 4 out of 5'). */
const cardRatings = (page: Page) =>
  ev<string[]>(page, `[...${SR}.querySelectorAll('.card .body > .stars')].map((s) => s.getAttribute('aria-label'))`);
/** `aria-pressed` of each star bar, 5 stars first. */
const barsPressed = (page: Page) =>
  ev<string[]>(page, `[...${SR}.querySelectorAll('.star-bar')].map((b) => b.getAttribute('aria-pressed'))`);

describe('main reviews widget on the product page', () => {
  test('in Dutch the average is written with a decimal comma, as the stars line writes it', async () => {
    await withProduct(
      shop(),
      async ({ page }) => {
        const stats = await providerStats(shop());
        const dutch = stats.s.toFixed(1).replace('.', ',');
        assert.equal(await text(page, '.average'), dutch);
        assert.equal(
          await ev(page, `${SR}.querySelector('.header .summary [role="img"]').getAttribute('aria-label')`),
          `Beoordeeld met ${dutch} van 5`,
        );
        await waitUntil(page, `!!document.querySelector('.vitrine-stars--product[aria-label]')`);
        assert.match(
          (await page.evaluate(`document.querySelector('.vitrine-stars--product').textContent`)) as string,
          new RegExp(`^\\s*${dutch} `),
        );
      },
      { url: `/nl${PRODUCT}` },
    );
  });

  test('shows the header with the provider numbers and 20 reviews in 4 columns, without layout shift', async () => {
    // Only this widget: the other module-21 parts (star snippets) and the converter are off.
    const init = `${ONLY_REVIEWS}
      window.__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });`;
    await withProduct(
      shop(),
      async ({ page, requests, errors }) => {
        const stats = await providerStats(shop());
        assert.equal(stats.r, SEED_FACTS.manyReviewsCount);
        assert.equal(await cards(page), 20);
        assert.equal(await text(page, '.average'), stats.s.toFixed(1));
        assert.equal(await text(page, '.count'), `Based on ${stats.r} reviews`);
        const bars = await ev<{ label: string; count: string; pressed: string; disabled: boolean }[]>(
          page,
          `[...${SR}.querySelectorAll('.star-bar')].map((b) => ({ label: b.textContent, count: b.querySelector('.bar-count').textContent, pressed: b.getAttribute('aria-pressed'), disabled: b.disabled }))`,
        );
        assert.deepEqual(
          bars.map((bar) => bar.count),
          ['5', '4', '3', '2', '1'].map((stars) => String(stats.d[stars])),
        );
        const five = stats.d['5']!;
        assert.equal(bars[0]!.label, `5 stars: ${five} reviews (${Math.floor((five * 100) / stats.r)}%)`);
        assert.ok(bars.every((bar) => bar.pressed === 'false' && !bar.disabled));
        assert.equal(await ev(page, `getComputedStyle(${SR}.querySelector('.list')).columnCount`), '4');
        // The reserved 360 px is gone once content rendered; the real height is larger.
        const host = await ev<{ min: string; h: number }>(
          page,
          `({ min: document.querySelector('${HOST}').style.minHeight, h: document.querySelector('${HOST}').offsetHeight })`,
        );
        assert.equal(host.min, '');
        assert.ok(host.h > 360, `height ${host.h}`);
        await page.waitForTimeout(300);
        assert.equal(await ev(page, 'window.__cls'), 0);
        assert.ok(requests.some((url) => /\/chunks\/reviews-[\w-]+\.js$/.test(url)));
        assert.equal(
          requests.some((url) => /\/chunks\/reviews\.modal-/.test(url)),
          false,
          'the modal chunk loads on first use only',
        );
        assert.deepEqual(errors, []);
      },
      { init },
    );
  });

  test("'See more reviews' shows a spinner, then every review (48)", async () => {
    await withProduct(shop(), async ({ page }) => {
      await clickIn(page, '.more .button');
      assert.equal(await ev(page, `${SR}.querySelector('.more .button')?.getAttribute('aria-busy')`), 'true');
      assert.equal(await ev(page, `!!${SR}.querySelector('.more .spin')`), true);
      assert.equal(await cards(page), 20);
      await waitUntil(page, `${SR}.querySelectorAll('.card').length === ${SEED_FACTS.manyReviewsCount}`);
      assert.equal(await cards(page), SEED_FACTS.manyReviewsCount);
      assert.equal(await ev(page, `!!${SR}.querySelector('.more')`), false);
      // Focus moved to the first newly shown review.
      assert.match(await focused(page), /^card\|/);
    });
  });

  test('star filter: a bar fetches that star only, the active bar clears it', async () => {
    await withProduct(shop(), async ({ page, requests }) => {
      const stats = await providerStats(shop());
      await clickIn(page, '.star-bar >> nth=1'); // 4 stars
      await waitUntil(
        page,
        `${SR}.querySelectorAll('.star-bar')[1].getAttribute('aria-pressed') === 'true' && ${SR}.querySelector('.status span')`,
      );
      assert.ok(requests.some((url) => url.includes(`/${SEED_FACTS.manyReviewsHandle}/r4.json`)));
      const labels = await cardRatings(page);
      assert.equal(labels.length, Math.min(20, stats.d['4']!));
      assert.ok(labels.every((label) => label === 'Rated 4 out of 5'));
      assert.equal(await text(page, '.status span'), `Showing ${stats.d['4']} reviews with 4 stars.`);
      // Another star replaces the filter.
      await clickIn(page, '.star-bar >> nth=4');
      await waitUntil(
        page,
        `${SR}.querySelectorAll('.star-bar')[4].getAttribute('aria-pressed') === 'true' && [...${SR}.querySelectorAll('.card .body > .stars')].every((s) => s.getAttribute('aria-label') === 'Rated 1 out of 5')`,
      );
      assert.deepEqual(await barsPressed(page), ['false', 'false', 'false', 'false', 'true']);
      assert.ok((await cardRatings(page)).every((label) => label === 'Rated 1 out of 5'));
      // The active star clears it.
      await clickIn(page, '.star-bar >> nth=4');
      await waitUntil(
        page,
        `[...${SR}.querySelectorAll('.star-bar')].every((b) => b.getAttribute('aria-pressed') === 'false') && ${SR}.querySelectorAll('.card').length === 20 && !${SR}.querySelector('.status span')`,
      );
      assert.deepEqual(await barsPressed(page), ['false', 'false', 'false', 'false', 'false']);
      assert.equal(await cards(page), 20);
      assert.equal(await text(page, '.status span'), null);
    });
  });

  test('a product without reviews shows nothing by default, the invitation with showWhenNoReviews', async () => {
    await withPage(shop(), '/products/dotted-notebook', async ({ page }) => {
      await waitUntil(page, `!!document.querySelector('${HOST}') && document.querySelector('${HOST}').style.minHeight === ''`);
      assert.equal(await ev(page, `${SR}.lastElementChild.textContent`), '');
      assert.equal(await ev(page, `document.querySelector('${HOST}').offsetHeight`), 0);
    });
    await withProduct(
      shop(),
      async ({ page }) => {
        assert.equal(await text(page, '.empty p'), 'No reviews yet. Be the first to add a review.');
        assert.equal(await text(page, '.empty .button'), 'Write a Review');
      },
      { url: '/products/dotted-notebook', init: `window.vitrineSettings = { reviews: { showWhenNoReviews: true } };` },
    );
  });

  test("'Write a Review' and the 'share your experience' stars fire vitrine:write-review with the rating", async () => {
    await withProduct(
      shop(),
      async ({ page }) => {
        await clickIn(page, '.share .button');
        // The form opens as a modal over the list (reviews.write.test.ts tests it): closed with
        // Escape before the header's star can be clicked.
        const dialogOpen = `!!${SR}.querySelector('dialog[open]')`;
        await page.waitForFunction(dialogOpen);
        await page.keyboard.press('Escape');
        await page.waitForFunction(`!(${dialogOpen})`);
        await clickIn(page, '.rate-star >> nth=2');
        assert.deepEqual(await ev(page, 'window.__writes'), [
          { productHandle: SEED_FACTS.manyReviewsHandle, stars: 5 },
          { productHandle: SEED_FACTS.manyReviewsHandle, stars: 3 },
        ]);
      },
      { init: `window.__writes = []; addEventListener('vitrine:write-review', (e) => window.__writes.push(e.detail));` },
    );
  });

  test('settings: list layout, dates in format 3, hearts; one console warning for bad values', async () => {
    const init = `window.vitrineSettings = { reviews: { layout: 'list', showDates: true, dateFormat: 3, starStyle: 'hearts', initialCount: { desktop: 5, mobile: 3 }, modernHeader: 'yes' } };`;
    await withProduct(
      shop(),
      async ({ page, console }) => {
        assert.equal(await cards(page), 5);
        assert.equal(await ev(page, `${SR}.querySelector('.list').className`), 'list rows loose');
        assert.match(String(await text(page, '.card .date')), /^\d\d-\d\d-\d{4}$/);
        assert.equal(await ev(page, `${SR}.querySelector('.card .star-back').getAttribute('d').slice(0, 8)`), 'M12 21.2');
        const warnings = console.filter((line) => line.startsWith('warning: Vitrine settings:'));
        assert.equal(warnings.length, 1);
        assert.match(warnings[0]!, /reviews\.modernHeader/);
      },
      { init },
    );
  });

  test('mobile: 9 reviews in 2 columns', async () => {
    await withPage(
      shop(),
      PRODUCT,
      async ({ page }) => {
        await page.waitForFunction(`!!document.querySelector('${HOST}')`);
        await page.evaluate(`document.querySelector('${HOST}').scrollIntoView()`);
        await widgetReady(page);
        assert.equal(await cards(page), 9);
        assert.equal(await ev(page, `getComputedStyle(${SR}.querySelector('.list')).columnCount`), '2');
      },
      { viewport: { width: 390, height: 800 } },
    );
  });

  test('lazy: the chunk loads only when the mount point nears the viewport', async () => {
    const init = `new MutationObserver((_, mo) => { const p = document.querySelector('main .product'); if (p) { p.style.minHeight = '4000px'; mo.disconnect(); } }).observe(document, { childList: true, subtree: true });`;
    await withPage(
      shop(),
      PRODUCT,
      async ({ page, requests }) => {
        const chunkRequested = () => requests.some((url) => url.includes('/chunks/reviews-'));
        await page.waitForFunction(`!!document.querySelector('${HOST}')`);
        await page.waitForTimeout(800);
        assert.equal(chunkRequested(), false);
        await page.evaluate(`document.querySelector('${HOST}').scrollIntoView()`);
        await widgetReady(page);
        assert.equal(chunkRequested(), true);
        assert.ok((await cards(page)) > 0, 'the widget rendered its reviews');
      },
      { init },
    );
  });
});
