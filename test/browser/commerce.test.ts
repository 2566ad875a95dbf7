/**
 * The commerce services in Chromium, on the production build: on the 8 product-form fixtures
 * (test/fixtures/product-forms, served at the product's URL on the shop's origin) the add-to-cart
 * button found and announced and the selected variant right on load and after each change of
 * the manifest; on the demo shop, the cart watcher following the theme's own add-to-cart (the
 * cart-reserved box appears and goes without a reload), the theme's requests and responses
 * exactly as with the script blocked, and a failing watcher reported while the theme works.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { ERR_CART_WATCH } from '../../src/core/errors';
import { open, ROOT, startShop, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

const FIXTURES = join(ROOT, 'test/fixtures/product-forms');

interface Change {
  action: 'click' | 'select';
  selector: string;
  value?: string;
  expectVariantId: number;
}
interface Fixture {
  file: string;
  theme: string;
  atcButton: string;
  initialVariantId: number;
  changes: Change[];
  cartAdd: { via: string; url: string };
}
const manifest = JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8')) as { fixtures: Fixture[] };

/** The fixture product's JSON (Debut prints `{{ product | json }}`): what `/products/classic-cotton-tee.json` answers for these pages. */
const FIXTURE_PRODUCT_JSON = JSON.stringify({
  product: JSON.parse(
    /<script type="application\/json" id="ProductJson-[^"]+">([\s\S]*?)<\/script>/.exec(
      readFileSync(join(FIXTURES, 'debut.html'), 'utf8'),
    )![1]!,
  ),
});

/** Records our window events from the very start (before the loader runs). */
const RECORD_EVENTS = `
  window.__atc = []; window.__variants = []; window.__carts = [];
  addEventListener('vitrine:atc-button', (event) => __atc.push(event.detail.button));
  addEventListener('vitrine:variant-changed', (event) => __variants.push(event.detail.variantId));
  addEventListener('vitrine:cart-changed', (event) => __carts.push(event.detail.cart));`;

/** Serves the fixture page at the product's URL, and the fixture product as its product JSON. */
const fixtureRoutes = (url: string, html: string) => async (context: BrowserContext) => {
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await context.route(`${shop.origin}/products/classic-cotton-tee.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: FIXTURE_PRODUCT_JSON }),
  );
};

const variantsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __variants: number[] }).__variants) as Promise<number[]>;
/** Our reports in the console (`?vtl-cse=1`): `[Vitrine] <code> …`, for the commerce codes (3400–3421). */
const commerceReports = (lines: string[]) => lines.filter((line) => /\[Vitrine\] 34[0-2]\d/.test(line));

describe('product-form fixtures: add-to-cart button and selected variant', () => {
  test('the manifest covers the 8 themes', () => assert.equal(manifest.fixtures.length, 8));

  for (const fixture of manifest.fixtures) {
    test(fixture.theme, async () => {
      const name = fixture.file.replace(/\.html$/, '');
      const url = `${shop.origin}/products/classic-cotton-tee?fixture=${name}&vtl-cse=1`;
      const html = readFileSync(join(FIXTURES, fixture.file), 'utf8');
      await withPage(
        shop,
        url,
        async ({ page, errors, console: lines, requests }) => {
          // The button: found, announced, the manifest's.
          await page.waitForFunction(() => (window as unknown as { __atc: unknown[] }).__atc.length > 0, undefined, {
            timeout: SHOWN_WITHIN_MS,
          });
          assert.equal(
            await page.evaluate(
              (selector) => (window as unknown as { __atc: Element[] }).__atc[0] === document.querySelector(selector),
              fixture.atcButton,
            ),
            true,
            'the announced button is not the add-to-cart button',
          );
          // The initial variant, announced once.
          await page.waitForFunction(() => (window as unknown as { __variants: number[] }).__variants.length > 0, undefined, {
            timeout: SHOWN_WITHIN_MS,
          });
          assert.deepEqual(await variantsSeen(page), [fixture.initialVariantId]);

          const expected = [fixture.initialVariantId];
          for (const change of fixture.changes) {
            if (change.action === 'click') await page.click(change.selector);
            else await page.selectOption(change.selector, change.value!);
            expected.push(change.expectVariantId);
            await page.waitForFunction(
              (id) => (window as unknown as { __variants: number[] }).__variants.at(-1) === id,
              change.expectVariantId,
              {
                timeout: SHOWN_WITHIN_MS,
              },
            );
          }
          // Settled: every change announced once, with the right id, and nothing in between.
          await page.waitForTimeout(300);
          assert.deepEqual(await variantsSeen(page), expected);
          // The page's product came from its own data or, for the themes that print only the
          // selected variant (Dawn 13+, Horizon, Brooklyn), from the product JSON.
          const jsonFetched = requests.some((request) => request.endsWith('/products/classic-cotton-tee.json'));
          assert.equal(
            jsonFetched,
            ['dawn.html', 'horizon.html', 'horizon-3.html', 'brooklyn.html'].includes(fixture.file),
            'product JSON request',
          );
          assert.deepEqual(commerceReports(lines), []);
          assert.deepEqual(errors, []);
        },
        { init: RECORD_EVENTS, routes: fixtureRoutes(url, html) },
      );
    });
  }

  test("an XMLHttpRequest add of the theme (Simple's jQuery $.ajax) is seen: the cart is read again right after it", async () => {
    const url = `${shop.origin}/products/classic-cotton-tee?fixture=simple`;
    const html = readFileSync(join(FIXTURES, 'simple.html'), 'utf8');
    await withPage(
      shop,
      url,
      async ({ page }) => {
        // The watcher is on once the commerce chunk has read the cart a first time.
        await page.waitForFunction(
          () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')),
          undefined,
          {
            timeout: SHOWN_WITHIN_MS,
          },
        );
        const added = page.waitForRequest((request) => request.url().endsWith('/cart/add.js'));
        await page.click('#AddToCart');
        const addRequest = await added;
        assert.equal(addRequest.resourceType(), 'xhr');
        const reread = await page.waitForRequest((request) => request.url().endsWith('/cart.js'), { timeout: SHOWN_WITHIN_MS });
        assert.ok(reread);
      },
      { routes: fixtureRoutes(url, html) },
    );
  });
});

const PRODUCT = '/products/classic-cotton-tee';
const ADD_BUTTON = '#ProductSubmitButton-template--1__main';
/** The countdown's text, or null when the box shows nothing. */
const boxText = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot?.querySelector('[role="timer"]')?.textContent ?? null,
  );
const waitForBox = (page: Page, shown: boolean) =>
  page.waitForFunction(
    (wanted) => !!document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot?.querySelector('[role="timer"]') === wanted,
    shown,
    { timeout: SHOWN_WITHIN_MS },
  );

describe('the demo shop: the cart followed live', () => {
  test("the theme's own add-to-cart fills the cart signal, fires vitrine:cart-changed and shows the box; emptying the cart removes it", async () => {
    await withPage(
      shop,
      PRODUCT,
      async ({ page, errors }) => {
        // Idle: the box's host sits under the add-to-cart form and shows nothing (empty cart).
        await page.waitForFunction(() => !!document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot, undefined, {
          timeout: SHOWN_WITHIN_MS,
        });
        assert.equal(
          await page.evaluate(() => document.querySelector('[data-vitrine-mount="cart-reserved"]')!.previousElementSibling!.id),
          'product-form-template--1__main',
        );
        // The first cart read: empty, no change from nothing.
        await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')));
        assert.equal(await boxText(page), null);

        await page.click(ADD_BUTTON);
        await waitForBox(page, true);
        assert.match(String(await boxText(page)), /Your cart is reserved for (10:00|09:5\d) minutes!/);
        const afterAdd = (await page.evaluate(() => (window as unknown as { __carts: unknown[] }).__carts)) as {
          itemCount: number;
          items: unknown[];
        }[];
        assert.equal(afterAdd.length, 1);
        assert.equal(afterAdd[0]!.itemCount, 1);
        assert.ok(await page.evaluate(() => localStorage.getItem('vitrine:cartReservedStart')));
        assert.equal(JSON.parse((await page.evaluate(() => localStorage.getItem('vitrine:cart')))!).length, 1);

        // A second add: the same box, the cart event again.
        await page.click(ADD_BUTTON);
        await page.waitForFunction(() => (window as unknown as { __carts: unknown[] }).__carts.length === 2, undefined, {
          timeout: SHOWN_WITHIN_MS,
        });

        // Emptied by a cart request of the page (a theme's drawer would do the same): the box goes, the stored start and snapshot too.
        await page.evaluate(() => fetch('/cart/clear.js', { method: 'POST' }));
        await waitForBox(page, false);
        assert.equal(await page.evaluate(() => localStorage.getItem('vitrine:cartReservedStart')), null);
        assert.equal(await page.evaluate(() => localStorage.getItem('vitrine:cart')), null);
        const carts = (await page.evaluate(() => (window as unknown as { __carts: { itemCount: number }[] }).__carts)).map(
          (cart) => cart.itemCount,
        );
        assert.deepEqual(carts, [1, 2, 0]);
        assert.deepEqual(errors, []);
      },
      { init: RECORD_EVENTS },
    );
  });

  test('emptied on the cart page: back on the product page the box stays away', async () => {
    await withPage(shop, PRODUCT, async ({ page }) => {
      await page.waitForFunction(
        () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')),
        undefined,
        {
          timeout: SHOWN_WITHIN_MS,
        },
      );
      await page.click(ADD_BUTTON);
      await waitForBox(page, true);
      await page.goto(`${shop.origin}/cart`);
      await waitForBox(page, true);
      await page.click('.cart-remove-button'); // the demo cart page's remove link
      await page.waitForURL(`${shop.origin}/cart`);
      await page.waitForFunction(() => localStorage.getItem('vitrine:cartReservedStart') === null, undefined, { timeout: SHOWN_WITHIN_MS });
      await page.goto(shop.origin + PRODUCT);
      await page.waitForFunction(() => !!document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot, undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      await page.waitForTimeout(300);
      assert.equal(await boxText(page), null);
    });
  });

  test('another tab adding to the cart shows the box in this one (the stored snapshot)', async () => {
    const opened = await open(shop, PRODUCT);
    try {
      const { page, context } = opened;
      await page.waitForFunction(
        () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')),
        undefined,
        {
          timeout: SHOWN_WITHIN_MS,
        },
      );
      const other = await context.newPage();
      await other.goto(shop.origin + PRODUCT);
      await other.waitForFunction(
        () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')),
        undefined,
        {
          timeout: SHOWN_WITHIN_MS,
        },
      );
      await other.click(ADD_BUTTON);
      await waitForBox(other, true);
      await waitForBox(page, true);
    } finally {
      await opened.context.close();
    }
  });
});

interface SeenRequest {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
  status: number;
  response: unknown;
}

/** The theme's cart requests when its add-to-cart button is clicked (ours filtered out: the theme asks for JSON, `Accept: application/json`). */
async function themeCartRequests(blockScript: boolean): Promise<{ seen: SeenRequest[]; nativeFetch: boolean }> {
  const context = await shop.browser.newContext();
  try {
    if (blockScript) await context.route('**/vitrine.js', (route) => route.abort());
    const page = await context.newPage();
    const seen: Promise<SeenRequest>[] = [];
    page.on('request', (request: Request) => {
      if (!/\/cart(\/add)?\.js$/.test(request.url()) || request.headers()['accept'] !== 'application/json') return;
      seen.push(
        (async () => {
          const response = await request.response();
          const json = (await response!.json()) as Record<string, unknown>;
          delete json.token; // each browser context has its own cart
          const headers = request.headers();
          return {
            method: request.method(),
            url: request.url(),
            body: request.postData(),
            headers: {
              accept: headers['accept']!,
              'content-type': headers['content-type'] ?? '',
              'x-requested-with': headers['x-requested-with']!,
            },
            status: response!.status(),
            response: json,
          };
        })(),
      );
    });
    await page.goto(shop.origin + PRODUCT, { waitUntil: 'load' });
    if (!blockScript)
      await page.waitForFunction(
        () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')),
        undefined,
        {
          timeout: SHOWN_WITHIN_MS,
        },
      );
    await page.click(ADD_BUTTON);
    await page.waitForFunction(() => !!document.querySelector('#cart-icon-bubble .cart-count-bubble'), undefined, {
      timeout: SHOWN_WITHIN_MS,
    });
    const nativeFetch = (await page.evaluate(
      () =>
        /\[native code\]/.test(String(window.fetch)) &&
        /\[native code\]/.test(String(XMLHttpRequest.prototype.open)) &&
        /\[native code\]/.test(String(XMLHttpRequest.prototype.send)),
    )) as boolean;
    return { seen: await Promise.all(seen), nativeFetch };
  } finally {
    await context.close();
  }
}

describe("the theme's own add-to-cart works exactly as before", () => {
  test('same requests and responses with the watcher on as with the script blocked; fetch and XHR untouched', async () => {
    const without = await themeCartRequests(true);
    const withWatcher = await themeCartRequests(false);
    assert.equal(without.seen.length, 2, JSON.stringify(without.seen));
    assert.deepEqual(withWatcher.seen, without.seen);
    assert.equal(withWatcher.nativeFetch, true);
  });

  test('a failing watcher (PerformanceObserver throwing) is reported; the theme is unaffected', async () => {
    await withPage(
      shop,
      `${PRODUCT}?vtl-cse=1`,
      async ({ page, errors, console: lines }) => {
        await page.waitForFunction(
          () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/commerce-')),
          undefined,
          {
            timeout: SHOWN_WITHIN_MS,
          },
        );
        const deadline = Date.now() + SHOWN_WITHIN_MS;
        while (!lines.some((line) => line.includes(`[Vitrine] ${ERR_CART_WATCH}`)) && Date.now() < deadline) await page.waitForTimeout(50);
        assert.ok(
          lines.some((line) => line.includes(`[Vitrine] ${ERR_CART_WATCH}`)),
          lines.join('\n'),
        );
        // The theme's add-to-cart still works: its cart bubble shows one item.
        await page.click(ADD_BUTTON);
        await page.waitForFunction(
          () => document.querySelector('#cart-icon-bubble .cart-count-bubble')?.textContent?.startsWith('1'),
          undefined,
          {
            timeout: SHOWN_WITHIN_MS,
          },
        );
        assert.deepEqual(errors, []);
      },
      { init: `window.PerformanceObserver = function () { throw new Error('observer broken'); };` },
    );
  });
});
