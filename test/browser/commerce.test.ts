/**
 * The commerce services in Chromium, on the production build:
 *
 * - on the 8 product-form fixtures (test/fixtures/product-forms, served at the product's URL on
 *   the shop's origin): the add-to-cart button found and announced, and the selected variant
 *   right on load and after each change of the manifest;
 * - the theme's own cart requests, fetch (the demo theme) and XMLHttpRequest (the Simple
 *   fixture): the cart read again, `vitrine:cart-changed`, the cart-reserved box appearing and
 *   going without a reload; the theme's requests and what it reads exactly as with the script
 *   blocked, `fetch` and XMLHttpRequest not wrapped; a failing watcher reported while the theme
 *   works;
 * - our own cart calls (the commerce chunk's `cartCall`): the platform's 422 in a browser alert,
 *   an add that the cart holds.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { ERR_CART_WATCH } from '../../src/core/errors';
import {
  browserWithBackForwardCache,
  chunkFetched,
  firstInteraction,
  fulfillHtml,
  NOTE_RESTORE,
  open,
  restoredFromCache,
  ROOT,
  startShop,
  type Shop,
  SHOWN_WITHIN_MS,
  widgetMounted,
  withPage,
} from './harness';

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
  await fulfillHtml(url, html)(context);
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
});

const PRODUCT = '/products/classic-cotton-tee';
const ADD_BUTTON = '#ProductSubmitButton-template--1__main';
const BOX = '[data-vitrine-mount="cart-reserved"]';
/** The countdown's text, or null when the box shows nothing. */
const boxText = (page: Page) =>
  page.evaluate((box) => document.querySelector(box)?.shadowRoot?.querySelector('[role="timer"]')?.textContent ?? null, BOX);
const waitForBox = (page: Page, shown: boolean) =>
  page.waitForFunction(
    ([box, wanted]) => !!document.querySelector(box as string)?.shadowRoot?.querySelector('[role="timer"]') === wanted,
    [BOX, shown] as const,
    { timeout: SHOWN_WITHIN_MS },
  );
/**
 * The commerce chunk has read the cart once: its watcher is on. It starts after the shopper's
 * first interaction (or 5 s).
 */
const cartRead = async (page: Page) => {
  await firstInteraction(page);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')), undefined, {
    timeout: SHOWN_WITHIN_MS,
  });
};
/** The item counts of the `vitrine:cart-changed` events so far. */
const cartEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __carts: { itemCount: number }[] }).__carts.map((cart) => cart.itemCount));

/** The Simple fixture (its add-to-cart is jQuery's `$.ajax`, an XMLHttpRequest) at the product's URL. */
const SIMPLE_URL = () => `${shop.origin}/products/classic-cotton-tee?fixture=simple`;
const SIMPLE_HTML = readFileSync(join(FIXTURES, 'simple.html'), 'utf8');

/**
 * The platform's cart for the fixture pages, whose variants the demo catalogue does not have:
 * `/cart.js`, `/cart/add.js` (form-encoded, as jQuery's `$form.serialize()` posts it) and
 * `/cart/clear.js`, one cart per browser context.
 */
const fixtureCart = async (context: BrowserContext) => {
  const lines = new Map<number, number>();
  const cartJson = () => {
    const items = [...lines].map(([id, quantity]) => ({ id, variant_id: id, product_id: 7000000001000, quantity }));
    return { token: 'fixture-cart', item_count: items.reduce((sum, item) => sum + item.quantity, 0), items };
  };
  const answer = (route: Route, body: unknown) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await context.route(`${shop.origin}/cart.js`, (route) => answer(route, cartJson()));
  await context.route(`${shop.origin}/cart/add.js`, (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    const id = Number(form.get('id'));
    lines.set(id, (lines.get(id) ?? 0) + (Number(form.get('quantity')) || 1));
    return answer(route, { id, variant_id: id, product_id: 7000000001000, quantity: lines.get(id) });
  });
  await context.route(`${shop.origin}/cart/clear.js`, (route) => {
    lines.clear();
    return answer(route, cartJson());
  });
};

describe("the theme's own cart requests followed live: the cart read again, vitrine:cart-changed, the cart-reserved box", () => {
  test('fetch (the demo theme): the box appears after an add, without a reload, and goes when the cart is emptied', async () => {
    await withPage(
      shop,
      PRODUCT,
      async ({ page, errors, requests }) => {
        // The first cart read: empty, no change from nothing. An empty cart gets no box, and its
        // chunk is not fetched (nor the framework for it: the phone test in perf.test.ts).
        await cartRead(page);
        await page.waitForTimeout(300);
        assert.equal(await page.evaluate((box) => !!document.querySelector(box), BOX), false);
        assert.deepEqual(
          requests.filter((url) => /\/chunks\/cart-reserved-/.test(url)),
          [],
        );

        await page.click(ADD_BUTTON);
        await waitForBox(page, true);
        // Under the add-to-cart form (getAttribute: the form's `id` property is its input named "id").
        assert.equal(
          await page.evaluate((box) => document.querySelector(box)!.previousElementSibling!.getAttribute('id'), BOX),
          'product-form-template--1__main',
        );
        assert.match(String(await boxText(page)), /Your cart is reserved for (10:00|09:5\d) minutes!/);
        assert.deepEqual(await cartEvents(page), [1]);
        assert.ok(await page.evaluate(() => localStorage.getItem('vitrine:cartReservedStart')));
        assert.equal(JSON.parse((await page.evaluate(() => localStorage.getItem('vitrine:cart')))!).length, 1);

        // A second add: the same box, the cart event again.
        await page.click(ADD_BUTTON);
        await page.waitForFunction(() => (window as unknown as { __carts: unknown[] }).__carts.length === 2, undefined, {
          timeout: SHOWN_WITHIN_MS,
        });

        // Emptied by a cart request of the page, as a theme's cart drawer does it (reading the
        // answer: Chromium makes no resource timing entry for a fetch whose answer nobody reads).
        await page.evaluate(() => fetch('/cart/clear.js', { method: 'POST' }).then((response) => response.json()));
        await waitForBox(page, false);
        assert.equal(await page.evaluate(() => localStorage.getItem('vitrine:cartReservedStart')), null);
        assert.equal(await page.evaluate(() => localStorage.getItem('vitrine:cart')), null);
        assert.deepEqual(await cartEvents(page), [1, 2, 0]);
        assert.deepEqual(errors, []);
      },
      { init: RECORD_EVENTS },
    );
  });

  test("XMLHttpRequest (Simple's jQuery add): the box appears under the form, and goes after an XMLHttpRequest clear", async () => {
    const url = SIMPLE_URL();
    await withPage(
      shop,
      url,
      async ({ page, errors }) => {
        await cartRead(page);
        assert.equal(await boxText(page), null);

        const added = page.waitForRequest((request) => request.url().endsWith('/cart/add.js'));
        await page.click('#AddToCart');
        assert.equal((await added).resourceType(), 'xhr');
        await waitForBox(page, true);
        assert.equal(
          await page.evaluate((box) => document.querySelector(box)!.previousElementSibling!.getAttribute('id'), BOX),
          'product_form_7000000001000',
        );
        assert.deepEqual(await cartEvents(page), [1]);

        // jQuery's `$.post('/cart/clear.js')`, as a theme's cart drawer sends it.
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const xhr = new XMLHttpRequest();
              xhr.open('POST', '/cart/clear.js');
              xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
              xhr.onloadend = resolve;
              xhr.send();
            }),
        );
        await waitForBox(page, false);
        assert.deepEqual(await cartEvents(page), [1, 0]);
        assert.deepEqual(errors, []);
      },
      { init: RECORD_EVENTS, routes: async (context) => (await fixtureRoutes(url, SIMPLE_HTML)(context), fixtureCart(context)) },
    );
  });

  test('emptied on the cart page: back on the product page the box stays away', async () => {
    await withPage(shop, PRODUCT, async ({ page }) => {
      await cartRead(page);
      await page.click(ADD_BUTTON);
      await waitForBox(page, true);
      await page.goto(`${shop.origin}/cart`);
      await waitForBox(page, true);
      await page.click('.cart-remove-button'); // the demo cart page's remove link
      await page.waitForURL(`${shop.origin}/cart`);
      await page.waitForFunction(() => localStorage.getItem('vitrine:cartReservedStart') === null, undefined, { timeout: SHOWN_WITHIN_MS });
      await page.goto(shop.origin + PRODUCT);
      await cartRead(page);
      // An empty cart read publishes nothing to wait for: give a wrong box the time to show.
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate((box) => !!document.querySelector(box), BOX), false);
    });
  });

  test('emptied on another page, then Back: the page the back-forward cache restores reads the cart again, and the box goes', async () => {
    const browser = await browserWithBackForwardCache();
    try {
      await withPage(
        { ...shop, browser },
        PRODUCT,
        async ({ page, errors }) => {
          await cartRead(page);
          await page.click(ADD_BUTTON);
          await waitForBox(page, true);
          await page.goto(`${shop.origin}/collections/all`);
          await page.evaluate(() => fetch('/cart/clear.js', { method: 'POST' }).then((response) => response.json()));
          await page.goBack({ waitUntil: 'commit' });
          // The same document, frozen and thawed: nothing of it ran while the cart was emptied.
          await restoredFromCache(page);
          await waitForBox(page, false);
          assert.deepEqual(await cartEvents(page), [1, 0]);
          assert.deepEqual(errors, []);
        },
        { init: `${RECORD_EVENTS}\n${NOTE_RESTORE}` },
      );
    } finally {
      await browser.close();
    }
  });

  test("a theme's <base href> naming a CDN: the cart is read from the shop's own host, and the box shows", async () => {
    const cdn = 'https://cdn.example/assets/';
    await withPage(
      shop,
      PRODUCT,
      async ({ page, requests, console: lines }) => {
        await cartRead(page);
        await waitForBox(page, true);
        assert.ok(requests.includes(`${shop.origin}/cart.js`));
        assert.deepEqual(
          requests.filter((url) => url.startsWith('https://cdn.example/') && /\/cart/.test(url)),
          [],
        );
        assert.deepEqual(commerceReports(lines), []);
      },
      {
        routes: async (context) => {
          // The product page with a <base> at the end of its head (after our script tag, whose
          // relative URL it would otherwise move too), as some themes have it.
          await context.route(shop.origin + PRODUCT, async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replace('</head>', `<base href="${cdn}"></head>`);
            await route.fulfill({ response, body });
          });
          // The CDN has no cart: whatever goes there fails, as the real one would.
          await context.route('https://cdn.example/**', (route) => route.abort());
          // The shop's cart holds one line.
          const cart = { token: 'base-href', item_count: 1, items: [{ id: 41, variant_id: 41, product_id: 7000000001000, quantity: 1 }] };
          await context.route(`${shop.origin}/cart.js`, (route) =>
            route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(cart) }),
          );
        },
      },
    );
  });

  test('another tab adding to the cart shows the box in this one (the stored snapshot)', async () => {
    const opened = await open(shop, PRODUCT);
    try {
      const { page, context } = opened;
      await cartRead(page);
      const other = await context.newPage();
      await other.goto(shop.origin + PRODUCT);
      await cartRead(other);
      await other.click(ADD_BUTTON);
      await waitForBox(other, true);
      await waitForBox(page, true);
    } finally {
      await opened.context.close();
    }
  });
});

describe('what the commerce chunk costs a page', () => {
  test('a listing page gets the cart watcher after the first interaction, without the framework chunk (no UI widget there needs it)', async () => {
    // Reviews and the countdown (a cart module): the currency converter, which an interaction
    // also starts, would bring the framework for itself.
    const init = `window.vitrineSettings = { modules: [21, 24] };`;
    await withPage(
      shop,
      '/collections/all',
      async ({ page, requests, errors }) => {
        // Before any interaction (idle work done: the reporting widget started): no commerce chunk.
        await widgetMounted(page, 'reporting', 20_000);
        await page.waitForTimeout(500);
        assert.deepEqual(
          requests.filter((url) => /\/chunks\/commerce/.test(url)),
          [],
        );
        await cartRead(page);
        assert.ok(
          requests.some((url) => /\/chunks\/commerce-[\w-]{6}\.js$/.test(url)),
          'the commerce chunk',
        );
        assert.deepEqual(
          requests.filter((url) => /\/chunks\/(framework|commerce\.product|commerce\.cart)-/.test(url)),
          [],
        );
        assert.deepEqual(errors, []);
      },
      { init },
    );
  });
});

/** Whether `fetch` and XMLHttpRequest's `open` and `send` are the browser's own (nothing of ours wraps them). */
const nativeRequests = (page: Page) =>
  page.evaluate(
    () =>
      /\[native code\]/.test(String(window.fetch)) &&
      /\[native code\]/.test(String(XMLHttpRequest.prototype.open)) &&
      /\[native code\]/.test(String(XMLHttpRequest.prototype.send)),
  );

interface SeenRequest {
  method: string;
  url: string;
  body: string | null;
  headers: Record<string, string>;
  status: number;
  response: unknown;
}

/** A request as sent and answered, for comparing runs (`token` left out: each browser context has its own cart). */
async function seenRequest(request: Request): Promise<SeenRequest> {
  const response = await request.response();
  const json = (await response!.json()) as Record<string, unknown>;
  delete json.token;
  const headers = request.headers();
  return {
    method: request.method(),
    url: request.url(),
    body: request.postData(),
    headers: {
      accept: headers['accept'] ?? '',
      'content-type': headers['content-type'] ?? '',
      'x-requested-with': headers['x-requested-with'] ?? '',
    },
    status: response!.status(),
    response: json,
  };
}

/** The demo theme's cart requests (fetch) when its add-to-cart button is clicked (ours left out: the theme asks for JSON, `Accept: application/json`). */
async function themeFetchRequests(blockScript: boolean): Promise<{ seen: SeenRequest[]; native: boolean }> {
  const context = await shop.browser.newContext();
  try {
    if (blockScript) await context.route('**/vitrine.js', (route) => route.abort());
    const page = await context.newPage();
    const seen: Promise<SeenRequest>[] = [];
    page.on('request', (request: Request) => {
      if (/\/cart(\/add)?\.js$/.test(request.url()) && request.headers()['accept'] === 'application/json') seen.push(seenRequest(request));
    });
    await page.goto(shop.origin + PRODUCT, { waitUntil: 'load' });
    if (!blockScript) await cartRead(page);
    await page.click(ADD_BUTTON);
    await page.waitForFunction(() => !!document.querySelector('#cart-icon-bubble .cart-count-bubble'), undefined, {
      timeout: SHOWN_WITHIN_MS,
    });
    return { seen: await Promise.all(seen), native: await nativeRequests(page) };
  } finally {
    await context.close();
  }
}

/**
 * The Simple theme's add (XMLHttpRequest) when its button is clicked: the request as the server
 * got it and what the theme's own `onloadend` read (status, readyState, the answer's text).
 */
async function themeXhrAdd(blockScript: boolean): Promise<{ seen: SeenRequest[]; themeRead: unknown; native: boolean }> {
  const url = SIMPLE_URL();
  // The theme's handler, recording what it read (the fixture's stand-in for the theme's script).
  const html = SIMPLE_HTML.replace(
    'xhr.onloadend = function () { addToCartBtn.disabled = false; };',
    'xhr.onloadend = function () { addToCartBtn.disabled = false; window.__themeRead = { status: xhr.status, readyState: xhr.readyState, text: xhr.responseText }; };',
  );
  assert.notEqual(html, SIMPLE_HTML, "the fixture's add-to-cart handler moved");
  const context = await shop.browser.newContext();
  try {
    await fixtureRoutes(url, html)(context);
    await fixtureCart(context);
    if (blockScript) await context.route('**/vitrine.js', (route) => route.abort());
    const page = await context.newPage();
    const seen: Promise<SeenRequest>[] = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/cart/add.js')) seen.push(seenRequest(request));
    });
    await page.goto(url, { waitUntil: 'load' });
    if (!blockScript) await cartRead(page);
    await page.click('#AddToCart');
    await page.waitForFunction(() => !!(window as unknown as { __themeRead?: unknown }).__themeRead, undefined, {
      timeout: SHOWN_WITHIN_MS,
    });
    return {
      seen: await Promise.all(seen),
      themeRead: await page.evaluate(() => (window as unknown as { __themeRead: unknown }).__themeRead),
      native: await nativeRequests(page),
    };
  } finally {
    await context.close();
  }
}

describe("the theme's own add-to-cart works exactly as before", () => {
  test('fetch: the same requests and answers with the watcher on as with the script blocked; fetch and XHR untouched', async () => {
    const without = await themeFetchRequests(true);
    const withWatcher = await themeFetchRequests(false);
    assert.equal(without.seen.length, 2, JSON.stringify(without.seen));
    assert.deepEqual(withWatcher.seen, without.seen);
    assert.equal(withWatcher.native, true);
  });

  test('XMLHttpRequest: the same request, and the theme reads the same answer, with the watcher on as with the script blocked', async () => {
    const without = await themeXhrAdd(true);
    const withWatcher = await themeXhrAdd(false);
    assert.equal(without.seen.length, 1, JSON.stringify(without.seen));
    assert.equal(
      without.seen[0]!.body,
      'form_type=product&utf8=%E2%9C%93&id=41000000001003&quantity=1&product-id=7000000001000&section-id=product-template',
    );
    assert.deepEqual(withWatcher.seen, without.seen);
    assert.deepEqual(withWatcher.themeRead, without.themeRead);
    assert.equal(withWatcher.native, true);
  });

  test('a failing watcher (PerformanceObserver throwing) is reported; the theme is unaffected', async () => {
    await withPage(
      shop,
      `${PRODUCT}?vtl-cse=1`,
      async ({ page, errors, console: lines }) => {
        await chunkFetched(page, 'commerce');
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

/**
 * Runs one of our cart calls in the page: the commerce chunk's `cartCall`, from the very module
 * the loader loaded (same URL, same module), so it goes through the page's request wrapper and
 * cart reader.
 */
const cartCall = (page: Page, call: unknown) =>
  page.evaluate(async (cartCallArgument) => {
    const chunk = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/chunks\/commerce-[\w-]{6}\.js$/.test(name));
    const commerce = (await import(chunk!)) as { cartCall(call: unknown): Promise<unknown> };
    return commerce.cartCall(cartCallArgument);
  }, call) as Promise<{ kind: string; status?: number; message?: string; cart?: { itemCount: number } }>;

/** The variant the demo product form posts. */
const formVariant = (page: Page) =>
  page.evaluate(() => Number(document.querySelector<HTMLInputElement>('form[action*="/cart/add"] input[name="id"]')!.value));

describe('our cart calls (spec §7), on the production build', () => {
  test('an add the platform refuses (422: more than the stock) shows its message in a browser alert; nothing reported or thrown', async () => {
    await withPage(
      shop,
      `${PRODUCT}?vtl-cse=1`,
      async ({ page, errors, console: lines }) => {
        const alerts: string[] = [];
        page.on('dialog', (dialog) => {
          alerts.push(`${dialog.type()}: ${dialog.message()}`);
          void dialog.dismiss();
        });
        await cartRead(page);
        const refusal = page.waitForResponse((response) => response.url().endsWith('/cart/add.js'));
        const result = await cartCall(page, { kind: 'add', items: [{ id: await formVariant(page), quantity: 999 }] });
        const answer = await refusal;
        assert.equal(answer.status(), 422);
        const platform = (await answer.json()) as { description: string };
        assert.match(platform.description, /^You can only add \d+ Classic Cotton Tee - .+ to the cart\.$/);
        assert.deepEqual(result, { kind: 'rejected', status: 422, message: platform.description });
        assert.deepEqual(alerts, [`alert: ${platform.description}`]);
        // Spec §8: a 422 on a cart add is no error to report; the cart is unchanged.
        assert.deepEqual(
          lines.filter((line) => line.includes('[Vitrine]')),
          [],
        );
        assert.deepEqual(await cartEvents(page), []);
        assert.deepEqual(errors, []);
      },
      { init: RECORD_EVENTS },
    );
  });

  test('an add the cart then holds: ok, vitrine:cart-changed and the box follow; the watcher does not read the cart twice for it', async () => {
    await withPage(
      shop,
      PRODUCT,
      async ({ page, errors, requests }) => {
        await cartRead(page);
        const reads = () => requests.filter((url) => url.endsWith('/cart.js')).length;
        const readsBefore = reads();
        const result = await cartCall(page, { kind: 'add', items: [{ id: await formVariant(page), quantity: 2 }] });
        assert.equal(result.kind, 'ok', JSON.stringify(result));
        assert.equal(result.cart?.itemCount, 2);
        assert.deepEqual(await cartEvents(page), [2]);
        await waitForBox(page, true);
        // Our own add is skipped by the watcher: the call's own read is the only one.
        await page.waitForTimeout(300);
        assert.equal(reads() - readsBefore, 1);
        assert.deepEqual(errors, []);
      },
      { init: RECORD_EVENTS },
    );
  });
});
