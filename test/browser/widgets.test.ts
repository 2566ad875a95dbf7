/**
 * Lazy mounting and the foundation's widgets, as a shopper meets them on the demo shop
 * (production build, real Chromium).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startShop, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

/** Puts one item in this browser context's cart through the platform's AJAX endpoint. */
async function addToCart(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const product = await (await fetch('/products/classic-cotton-tee.js')).json();
    const res = await fetch('/cart/add.js', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: product.variants[0].id, quantity: 1 }),
    });
    if (!res.ok) throw new Error(`add failed: ${res.status}`);
  });
}

const boxText = (page: Page) =>
  page
    .waitForFunction(
      () =>
        document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot?.querySelector('[role="timer"]')?.textContent ?? null,
      undefined,
      { timeout: SHOWN_WITHIN_MS },
    )
    .then((h) => h.jsonValue());

describe('cart-reserved countdown (module 24)', () => {
  test('appears under the cart title with a running countdown when the cart has items', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      await addToCart(o.page);
      await o.page.goto(`${shop.origin}/cart`);
      const text = await boxText(o.page);
      assert.match(String(text), /🔥 Your cart is reserved for (10:00|09:5\d) minutes!/);
      const placed = await o.page.evaluate(
        () => document.querySelector('[data-vitrine-mount="cart-reserved"]')!.previousElementSibling!.tagName,
      );
      assert.equal(placed, 'H1');
      // The chunk and its framework chunk were fetched (the framework imported alongside).
      assert.ok(o.requests.some((u) => /chunks\/cart-reserved-[\w-]+\.js$/.test(u)));
      assert.ok(o.requests.some((u) => /chunks\/framework-[\w-]+\.js$/.test(u)));
      assert.deepEqual(o.errors, []);
    });
  });

  test('keeps counting from the stored start after a reload (no restart)', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      await addToCart(o.page);
      await o.page.evaluate(() => localStorage.setItem('vitrine:cartReservedStart', String(Date.now() - 200_000)));
      await o.page.goto(`${shop.origin}/cart`);
      assert.match(String(await boxText(o.page)), /0[67]:\d\d/);
    });
  });

  test('an empty cart shows no box and clears the stored start', async () => {
    await withPage(
      shop,
      '/cart',
      async (o) => {
        await o.page.waitForFunction(() => localStorage.getItem('vitrine:cartReservedStart') === null, undefined, {
          timeout: SHOWN_WITHIN_MS,
        });
        const shown = await o.page.evaluate(
          () => !!document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot?.querySelector('[role="timer"]'),
        );
        assert.equal(shown, false);
      },
      { init: `localStorage.setItem('vitrine:cartReservedStart', String(Date.now()));` },
    );
  });

  test('lazy: a mount point far below the fold loads its chunk only when scrolled near', async () => {
    const init = `window.vitrineSettings = { placements: { '24': [{ selector: 'footer', alignment: 'append', id: 'footer' }] } };
      document.addEventListener('DOMContentLoaded', () => { document.querySelector('main').style.minHeight = '4000px'; });`;
    const ctx = await shop.browser.newContext({ viewport: { width: 400, height: 600 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${shop.origin}/collections/all`);
      await addToCart(page);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.addInitScript(init);
      await page.goto(`${shop.origin}/cart`);
      await page.waitForFunction(() => !!document.querySelector('[data-vitrine-mount="cart-reserved"]'));
      await page.waitForTimeout(800);
      assert.equal(
        requests.some((u) => u.includes('/chunks/cart-reserved-')),
        false,
        'chunk fetched before its mount point was near the viewport',
      );
      await page.evaluate(() => document.querySelector('footer')!.scrollIntoView());
      await page.waitForFunction(() => !!document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot, undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.equal(
        requests.some((u) => u.includes('/chunks/cart-reserved-')),
        true,
      );
    } finally {
      await ctx.close();
    }
  });
});

describe('content protection (module 12)', () => {
  test('blocks the context menu and copying on content, not in form fields', async () => {
    await withPage(shop, '/products/classic-cotton-tee', async (o) => {
      await o.page.waitForFunction(
        () => performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/content-protection-')),
        undefined,
        { timeout: SHOWN_WITHIN_MS },
      );
      await o.page.waitForTimeout(100);
      // A string, not a function: tsx's name-keeping helper does not exist inside the page.
      const result = await o.page.evaluate(`(() => {
        const fire = (el, type) => {
          const event = new Event(type, { bubbles: true, cancelable: true });
          el.dispatchEvent(event);
          return event.defaultPrevented;
        };
        const title = document.querySelector('h1');
        const input = document.querySelector('input[name="quantity"]') || document.querySelector('input');
        return { menuOnTitle: fire(title, 'contextmenu'), copyOnTitle: fire(title, 'copy'), menuInInput: fire(input, 'contextmenu') };
      })()`);
      assert.deepEqual(result, { menuOnTitle: true, copyOnTitle: true, menuInInput: false });
    });
  });
});

describe('preview badge', () => {
  test('shows "Preview Mode / Only you can see the Vitrine apps." in the theme editor only', async () => {
    await withPage(shop, '/?design_mode=1', async (o) => {
      const text = await o.page
        .waitForFunction(() => document.querySelector('[data-vitrine-mount="preview-badge"]')?.shadowRoot?.textContent ?? null, undefined, {
          timeout: SHOWN_WITHIN_MS,
        })
        .then((h) => h.jsonValue());
      assert.match(String(text), /Preview Mode/);
      assert.match(String(text), /Only you can see the Vitrine apps\./);
      assert.match(String(text), /placed automatically/);
    });
    await withPage(shop, '/', async (normal) => {
      await normal.page.waitForTimeout(1500);
      assert.equal(await normal.page.evaluate(() => !!document.querySelector('[data-vitrine-mount="preview-badge"]')), false);
    });
  });
});

describe('currency converter scheduling', () => {
  const converterRequested = (requests: string[]) => requests.some((u) => /\/chunks\/currency-converter-/.test(u));

  test('without a chosen currency it waits for the first interaction: no chunk and no framework at first', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      await o.page.waitForTimeout(2500);
      assert.equal(converterRequested(o.requests), false, 'converter fetched before any interaction');
      assert.equal(
        o.requests.some((u) => /\/chunks\/framework-/.test(u)),
        false,
        'framework fetched on a listing page before any interaction',
      );
      await o.page.mouse.wheel(0, 300);
      await o.page.waitForFunction(() => !!document.querySelector('[data-vitrine-mount="currency-converter"]')?.shadowRoot, undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.equal(converterRequested(o.requests), true);
    });
  });

  test('with ?currency= it converts at idle without waiting for an interaction', async () => {
    await withPage(shop, '/collections/all?currency=EUR', async (o) => {
      await o.page.waitForFunction(() => /€/.test(document.querySelector('.price-item')?.textContent ?? ''), undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.equal(converterRequested(o.requests), true);
    });
  });
});
