/**
 * What a product page fetches of ours before any interaction (issue 13). A phone's first view of
 * the demo product page, whose settings turn on every widget (stars line, reviews, offer card,
 * currency converter, countdown, content protection, tracking), fetches only what it shows or runs
 * now: within 30 kB gzip, no chunk it does not use (nothing below the fold, no converter for a
 * shopper who chose no currency, no countdown or framework for an empty cart). With every widget
 * in view at once (a tall window, a chosen currency) the total is printed, for `npm run perf` and
 * the issue's table.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bundleSizes } from '../../perf/lib/bundleSizes';
import { scriptName } from '../../perf/lib/scriptName';
import { ROOT, eventually, startShop, withPage, type OpenedPage, type Shop } from './harness';

/** The issue's budget: a product page's JavaScript of ours before any interaction, gzip. */
const PRODUCT_PAGE_BUDGET = 30_000;
const DIST = process.env.VITRINE_DIST_DIR ?? join(ROOT, 'dist');
/** A phone (Lighthouse's mobile screen) that is not a bot, so tracking comes as for a shopper. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};
/** The product page's stars line, drawn. */
const STARS_LINE = `!!document.querySelector('.vitrine-stars--product[aria-label]')`;

/** Our files among `requests`, each once, as their path under `dist/` (the loader is `/demo/vitrine.js`). */
const ours = (requests: string[]): string[] => [
  ...new Set(
    requests.flatMap((url) => {
      const match = /\/vitrine\/(chunks\/[\w.-]+\.js)(?:\?|$)|\/demo\/(vitrine\.js)(?:\?|$)/.exec(url);
      return match ? [(match[1] ?? match[2])!] : [];
    }),
  ),
];
/** gzip -9 bytes of each built file, as `npm run perf` measures them (`perf/lib/bundleSizes.ts`). */
let gzipped: Map<string, number>;
/** Our files `opened` fetched, with their gzip size, largest first. */
const weigh = (opened: OpenedPage) => {
  const files = ours(opened.requests)
    .map((file) => ({ name: scriptName(file), bytes: gzipped.get(file) ?? Number.NaN }))
    .sort((a, b) => b.bytes - a.bytes);
  return { files, total: files.reduce((sum, file) => sum + file.bytes, 0) };
};
const listed = ({ files, total }: ReturnType<typeof weigh>) =>
  `${total} B gzip in ${files.length} files: ${files.map((file) => `${file.name} ${file.bytes}`).join(', ')}`;

/** True when the built `file` asks V8 to compile it whole (vite.config.ts COMPILE_WHOLE). */
const hinted = (file: string): boolean => readFileSync(join(DIST, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');

let shop: Shop;
before(async () => {
  // Our own stars line (the theme's rating off), so the page shows every widget.
  shop = await startShop({ showRating: false });
  gzipped = new Map(bundleSizes(DIST).files.map((size) => [size.file, size.gzip]));
});
after(() => shop.close());

describe('what a product page fetches of ours before any interaction', () => {
  test(`a phone's first view: only what it shows or runs now, within ${PRODUCT_PAGE_BUDGET} B gzip`, async () => {
    await withPage(
      shop,
      '/products/classic-cotton-tee',
      async (opened) => {
        const { page } = opened;
        await eventually('the stars line', () => page.evaluate(STARS_LINE));
        // What comes at idle, tracking's page view among it (the commerce services wait for an interaction).
        await eventually('the page view', () =>
          page.evaluate(`performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/track'))`),
        );
        await page.waitForTimeout(500);
        const weight = weigh(opened);
        console.log(`product page, phone, first view: ${listed(weight)}`);
        const names = weight.files.map((file) => file.name);
        for (const unused of ['reviews', 'offer-card', 'currency-converter', 'cart-reserved', 'framework'])
          assert.ok(!names.includes(unused), `${unused} fetched before any interaction`);
        // Every file, named: each is an import and a module task at every start, whatever its bytes.
        // The second stage and the request wrapper come in `core` (vite.config.ts), not in chunks of their own.
        assert.deepEqual([...names].sort(), ['content-protection', 'core', 'reporting', 'star-snippets', 'vitrine']);
        assert.ok(weight.total <= PRODUCT_PAGE_BUDGET, `${weight.total} B gzip > ${PRODUCT_PAGE_BUDGET} B`);
        // Everything it runs at start asks V8 to compile it whole, on a background thread as it
        // downloads (vite.config.ts COMPILE_WHOLE, and the loader's build).
        const files = ours(opened.requests);
        assert.ok(files.some((file) => scriptName(file) === 'vitrine'));
        assert.deepEqual(files.filter((file) => !hinted(file)).map(scriptName), []);
        assert.deepEqual(opened.errors, []);
      },
      PHONE,
    );
  });

  test('every widget in view at once (a tall window, a chosen currency): all of them load; the total is printed', async () => {
    await withPage(
      shop,
      '/products/classic-cotton-tee?currency=EUR',
      async (opened) => {
        const { page } = opened;
        for (const widget of ['reviews', 'offer-card'])
          await eventually(widget, () =>
            page.evaluate(`!!document.querySelector('[data-vitrine-mount="${widget}"]')?.shadowRoot?.firstElementChild`),
          );
        await eventually('the stars line', () => page.evaluate(STARS_LINE));
        await eventually('converted prices', () => page.evaluate(`document.body.textContent.includes('€')`));
        await page.waitForTimeout(1500);
        const weight = weigh(opened);
        console.log(`product page, every widget in view: ${listed(weight)}`);
        const names = weight.files.map((file) => file.name);
        for (const widget of ['vitrine', 'reviews', 'offer-card', 'currency-converter', 'star-snippets', 'framework'])
          assert.ok(names.includes(widget), `${widget} loaded`);
        // The framework, which every Preact widget's first render goes through, is compiled whole.
        assert.ok(
          ours(opened.requests).some((file) => scriptName(file) === 'framework' && hinted(file)),
          'the framework, with the hint',
        );
        assert.deepEqual(opened.errors, []);
      },
      { viewport: { width: 1280, height: 2400 } },
    );
  });
});
