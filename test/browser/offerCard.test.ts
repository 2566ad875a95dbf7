/**
 * The offer card (module 47) in Chromium on the production build, on the demo shop's seeded offer
 * (server/provider/settings.ts: four products at 15 % with BUNDLE15, on the tee's page while the
 * selected variant is in stock): the card follows the theme's variant change; accept puts the
 * item in the cart with the discount the platform's way and the cart-reserved box appears; a
 * sold-out variant shows its label; a 422 shows the platform's alert; switching currency updates
 * the card's prices; an ineligible page gets nothing and no space; the highlight hash; axe finds
 * nothing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  chunkFetched,
  firstInteraction,
  open,
  problems,
  ROOT,
  startShop,
  type OpenedPage,
  type Shop,
  SHOWN_WITHIN_MS,
  withPage,
} from './harness';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

const TEE = '/products/classic-cotton-tee';
const HOST = '[data-vitrine-mount="offer-card"]';
const SHOWN = `${HOST}[data-vitrine-offer-id="demo-bundle"]`;
const ACCEPT = `${HOST} button.accept`;
const PRICES = `${HOST} .prices`;
const CART_BOX = '[data-vitrine-mount="cart-reserved"]';
const SIZE = '#Option-template--1__main-0';
const COLOR = '#Option-template--1__main-1';

const shown = (page: Page) => page.locator(SHOWN).waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });
const text = (page: Page, selector: string) => page.locator(selector).first().innerText();
/** The accept button's label and whether it is disabled. */
const acceptState = async (page: Page) => ({
  label: (await page.locator(ACCEPT).innerText()).trim(),
  disabled: await page.locator(ACCEPT).isDisabled(),
});
/** The cart as the platform's JSON has it (the page's own cookies). */
const cartJson = (page: Page) =>
  page.evaluate(async () => (await fetch('/cart.js', { cache: 'no-store' })).json()) as Promise<{
    item_count: number;
    total_discount: number;
    items: {
      product_title: string;
      variant_id: number;
      properties: Record<string, string>;
      original_line_price: number;
      final_line_price: number;
      total_discount: number;
      line_level_discount_allocations: { amount: number; discount_application: { key: string; value_type: string; value: string } }[];
    }[];
  }>;

describe('the offer card on the demo shop (module 47)', () => {
  test('on a 390 px phone the card and its row of offered products keep the page 390 px wide (the row scrolls sideways)', async () => {
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(shop.origin + TEE);
      await page.evaluate((host) => document.querySelector(host)?.scrollIntoView(), HOST);
      await shown(page);
      await page.locator(`${HOST} .picker__list`).waitFor({ timeout: SHOWN_WITHIN_MS });
      // Before the fix the theme's product column grew to the row's 860 px and the page zoomed out.
      assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]), [390, 390]);
      assert.ok(await page.locator(`${HOST} .picker__list`).evaluate((list) => list.scrollWidth > list.clientWidth), 'the row scrolls');
    } finally {
      await context.close();
    }
  });

  test('shows under the add-to-cart form with the first offered product at 15 % off; the theme changing the variant to a sold-out one hides it, another brings it back', async () => {
    await withPage(
      shop,
      TEE,
      async (o) => {
        await shown(o.page);
        // Right under the product form (the cart-reserved box's host may sit between them).
        const above = await o.page.evaluate((host) => {
          let element = document.querySelector(host)!.previousElementSibling;
          while (element?.hasAttribute('data-vitrine-mount')) element = element.previousElementSibling;
          return element?.getAttribute('action');
        }, HOST);
        assert.equal(above, '/cart/add');
        assert.equal((await text(o.page, `${HOST} a.product`)).trim(), 'Canvas Tote Bag');
        assert.match(await text(o.page, PRICES), /^Offer price\s*\$27\.20\s*Regular price\s*\$32\.00\s*Was\s*\$40\.00\s*Save 15 %$/);
        assert.deepEqual(await acceptState(o.page), { label: 'Add to cart', disabled: false });

        // XL / Navy is sold out (stock 0): the rule wants stock ≥ 1.
        await o.page.selectOption(SIZE, 'XL');
        await o.page.selectOption(COLOR, 'Navy');
        await o.page.waitForFunction((host) => !document.querySelector(host)!.hasAttribute('data-vitrine-offer-id'), HOST, {
          timeout: SHOWN_WITHIN_MS,
        });
        assert.equal(await o.page.locator(HOST).evaluate((host) => host.getBoundingClientRect().height), 0);
        await o.page.waitForFunction(() => (window as unknown as { __variants: number[] }).__variants.includes(42000000000112));
        await o.page.selectOption(COLOR, 'White');
        await shown(o.page);
        assert.ok((await o.page.locator(HOST).evaluate((host) => host.getBoundingClientRect().height)) > 100);
        assert.deepEqual(o.errors, []);
        assert.deepEqual(problems(o), []);
      },
      { init: `window.__variants = []; addEventListener('vitrine:variant-changed', (event) => __variants.push(event.detail.variantId));` },
    );
  });

  test('accept: the cart JSON has the item with the BUNDLE15 discount on its line, and the cart-reserved box appears', async () => {
    await withPage(shop, TEE, async (o) => {
      await shown(o.page);
      assert.equal((await cartJson(o.page)).item_count, 0);
      await o.page.locator(ACCEPT).click();
      await o.page.locator(`${HOST} [role="status"]`, { hasText: 'Added to your cart' }).waitFor({ timeout: SHOWN_WITHIN_MS });
      const cart = await cartJson(o.page);
      assert.equal(cart.item_count, 1);
      const line = cart.items[0]!;
      assert.equal(line.product_title, 'Canvas Tote Bag');
      assert.deepEqual(line.properties, { _vitrine_offer: 'demo-bundle' });
      // $32.00 − 15 % = $27.20.
      assert.deepEqual([line.original_line_price, line.total_discount, line.final_line_price], [3200, 480, 2720]);
      assert.deepEqual(
        line.line_level_discount_allocations.map((allocation) => [
          allocation.amount,
          allocation.discount_application.key,
          allocation.discount_application.value_type,
        ]),
        [[480, 'BUNDLE15', 'percentage']],
      );
      assert.equal(cart.total_discount, 480);
      // The cart watcher saw our own add: the box under the add-to-cart form counts down.
      await o.page.locator(`${CART_BOX} [role="timer"]`).waitFor({ timeout: SHOWN_WITHIN_MS });
      assert.match(await text(o.page, `${CART_BOX} [role="timer"]`), /Your cart is reserved for (10:00|09:5\d) minutes!/);
      // The discount reached the cart page the platform's way.
      await o.page.goto(`${shop.origin}/cart`);
      assert.match(await o.page.locator('.cart-item .discounts').innerText(), /BUNDLE15 \(-\$4\.80\)/);
      assert.deepEqual(o.errors, []);
    });
  });

  test('the recommended-products selector by keyboard; a sold-out variant shows its label, a pre-order its own', async () => {
    await withPage(shop, TEE, async (o) => {
      await shown(o.page);
      const radios = o.page.locator(`${HOST} input[type="radio"]`);
      assert.equal(await radios.count(), 4);
      await radios.first().focus();
      await o.page.keyboard.press('ArrowRight');
      await o.page.keyboard.press('ArrowRight');
      assert.equal(await radios.nth(2).isChecked(), true);
      // The card follows after a render: wait for it before reading.
      await o.page.locator(`${HOST} a.product`, { hasText: 'Rain Jacket' }).waitFor({ timeout: SHOWN_WITHIN_MS });
      assert.equal((await text(o.page, `${HOST} a.product`)).trim(), 'Rain Jacket');
      assert.match(await text(o.page, PRICES), /\$100\.30/);
      // The variant dropdown, by keyboard too: XL is sold out.
      await o.page.locator(`${HOST} .dd__button`).focus();
      await o.page.keyboard.press('Enter');
      // The list renders after the key (a Preact update): keys sent before it is there are lost.
      await o.page.locator(`${HOST} .dd__list`).waitFor({ timeout: SHOWN_WITHIN_MS });
      await o.page.keyboard.press('End');
      await o.page.keyboard.press('Enter');
      await o.page.locator(`${HOST} .dd__button`, { hasText: /XL – Sold out/ }).waitFor({ timeout: SHOWN_WITHIN_MS });
      assert.match(await o.page.locator(`${HOST} .dd__button`).innerText(), /XL – Sold out/);
      assert.deepEqual(await acceptState(o.page), { label: 'Sold out', disabled: true });
      await o.page.keyboard.press('Shift+Tab');
      await radios.nth(2).focus();
      await o.page.keyboard.press('ArrowRight');
      await o.page.locator(`${HOST} a.product`, { hasText: 'Trail Sneakers' }).waitFor({ timeout: SHOWN_WITHIN_MS });
      assert.equal((await text(o.page, `${HOST} a.product`)).trim(), 'Trail Sneakers (Pre-order)');
      assert.deepEqual(await acceptState(o.page), { label: 'Pre-order', disabled: false });
      assert.deepEqual(o.errors, []);
    });
  });

  test("a 422 from the platform shows the platform's message in an alert; the cart stays as it was", async () => {
    const description = 'You can only add 0 Canvas Tote Bag to the cart.';
    await withPage(
      shop,
      TEE,
      async (o) => {
        await shown(o.page);
        const dialogs: string[] = [];
        o.page.on('dialog', (dialog) => {
          dialogs.push(`${dialog.type()}: ${dialog.message()}`);
          void dialog.accept();
        });
        await o.page.locator(ACCEPT).click();
        const started = Date.now();
        while (!dialogs.length && Date.now() - started < SHOWN_WITHIN_MS) await o.page.waitForTimeout(50);
        assert.deepEqual(dialogs, [`alert: ${description}`]);
        assert.equal((await cartJson(o.page)).item_count, 0);
        assert.equal(await o.page.locator(`${HOST} [role="alert"]`).count(), 0);
        assert.deepEqual(await acceptState(o.page), { label: 'Add to cart', disabled: false });
        assert.deepEqual(o.errors, []);
      },
      {
        routes: async (context) => {
          await context.route('**/cart/add.js', (route) =>
            route.fulfill({
              status: 422,
              contentType: 'application/json',
              body: JSON.stringify({ status: 422, message: 'Cart Error', description }),
            }),
          );
        },
      },
    );
  });

  test("switching currency updates the card's prices at once", async () => {
    await withPage(shop, TEE, async (o) => {
      await shown(o.page);
      assert.match(await text(o.page, PRICES), /\$27\.20/);
      const selector = '[data-vitrine-mount="currency-converter"]';
      await o.page.locator(`${selector} .dd__button`).waitFor({ state: 'visible', timeout: SHOWN_WITHIN_MS });
      await o.page.locator(`${selector} .dd__button`).click();
      await o.page.locator(`${selector} [role="option"]`, { hasText: 'EUR –' }).click();
      // $27.20, $32.00, $40.00 at the embedded USD→EUR rate (0.86), in EUR's own format.
      await o.page.locator(PRICES, { hasText: '€23,39' }).waitFor({ timeout: SHOWN_WITHIN_MS });
      assert.match(await text(o.page, PRICES), /€23,39\s*Regular price\s*€27,52\s*Was\s*€34,40/);
      assert.match(await text(o.page, `${HOST} fieldset`), /Wool Beanie\s*€20,47/);
      await o.page.locator(`${selector} .dd__button`).click();
      await o.page.locator(`${selector} [role="option"]`, { hasText: 'USD –' }).click();
      await o.page.locator(PRICES, { hasText: '$27.20' }).waitFor({ timeout: SHOWN_WITHIN_MS });
    });
  });

  test('an ineligible page shows nothing and holds no space: the mug is not among the offer’s products, nothing is fetched for it', async () => {
    await withPage(shop, '/products/ceramic-mug', async (o) => {
      await o.page.waitForFunction((host) => !!document.querySelector(host)?.shadowRoot, HOST, { timeout: SHOWN_WITHIN_MS });
      // The commerce services read the page's product (and the card decided) by now.
      await chunkFetched(o.page, 'commerce.product');
      await o.page.waitForTimeout(1000);
      const state = await o.page.locator(HOST).evaluate((host) => ({
        height: host.getBoundingClientRect().height,
        offer: host.getAttribute('data-vitrine-offer-id'),
        content: host.shadowRoot!.querySelector('div')!.innerHTML,
      }));
      assert.deepEqual(state, { height: 0, offer: null, content: '' });
      assert.deepEqual(
        o.requests.filter((url) => /bundle\/product\/inventory|canvas-tote-bag\.json/.test(url)),
        [],
      );
      assert.deepEqual(o.errors, []);
    });
  });

  test('the cart page shows the offer when a tee is in the cart (after the cart title and the cart-reserved box)', async () => {
    await withPage(shop, TEE, async (o) => {
      await o.page.evaluate(() =>
        fetch('/cart/add.js', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: 42000000000101, quantity: 1 }),
        }),
      );
      await o.page.goto(`${shop.origin}/cart`);
      await shown(o.page);
      // After the title, below the cart-reserved box.
      assert.deepEqual(
        await o.page.evaluate((host) => {
          const box = document.querySelector(host)!.previousElementSibling!;
          return [box.getAttribute('data-vitrine-mount'), box.previousElementSibling!.tagName];
        }, HOST),
        ['cart-reserved', 'H1'],
      );
      assert.equal((await text(o.page, `${HOST} a.product`)).trim(), 'Canvas Tote Bag');
    });
  });

  test('#vtlHighlightOfferId scrolls smoothly to the card and marks it; with reduced motion, at once', async () => {
    const recordScrolls = `window.__scrolls = []; const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (options) { __scrolls.push(this.getAttribute('data-vitrine-mount') + ' ' + (options && options.behavior)); return original.call(this, options); };`;
    await withPage(
      shop,
      `${TEE}#vtlHighlightOfferId=demo-bundle`,
      async (o) => {
        await o.page.locator(`${SHOWN}[data-vitrine-highlighted]`).waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });
        const scrolls = await o.page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls);
        assert.equal(scrolls.at(-1), 'offer-card smooth');
        await o.page.waitForFunction((host) => {
          const box = document.querySelector(host)!.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= innerHeight;
        }, HOST);
        assert.match(await o.page.locator(HOST).evaluate((host) => (host as HTMLElement).style.outline), /solid 3px|3px solid/);
      },
      { init: recordScrolls, viewport: { width: 1280, height: 500 } },
    );
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 500 }, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.addInitScript(recordScrolls);
      await page.goto(`${shop.origin}${TEE}#vtlHighlight=${encodeURIComponent('.product__description')}`);
      await page.locator('.product__description[data-vitrine-highlighted]').waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });
      assert.equal((await page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls)).at(-1), 'null auto');
    } finally {
      await context.close();
    }
  });

  test('a highlight hash naming nothing is reported (spec §8 "highlight element not found")', async () => {
    await withPage(shop, `${TEE}?vtl-cse=1#vtlHighlight=.no-such-thing`, async (o: OpenedPage) => {
      const started = Date.now();
      const wanted = 'highlight element not found: vtlHighlight=.no-such-thing';
      while (!o.console.some((line) => line.includes(wanted)) && Date.now() - started < SHOWN_WITHIN_MS) await o.page.waitForTimeout(100);
      assert.ok(
        o.console.some((line) => line.includes('3011') && line.includes(wanted)),
        o.console.join('\n'),
      );
      assert.deepEqual(o.errors, []);
    });
  });

  test('axe finds nothing in the card: closed, with the variant list open', async () => {
    await withPage(shop, TEE, async (o) => {
      await shown(o.page);
      await o.page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
      const run = `axe.run(document.querySelector('${HOST}')).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.html).join(' | ')))`;
      assert.deepEqual(await o.page.evaluate(run), []);
      await o.page.locator(`${HOST} label.choice`).nth(1).click();
      await o.page.locator(`${HOST} .dd__button`).click();
      assert.equal(await o.page.locator(`${HOST} [role="listbox"]`).isVisible(), true);
      assert.deepEqual(await o.page.evaluate(run), []);
    });
  });
});

describe('the offer card on a phone', () => {
  test('below the fold: the product read after a first interaction reaches the card when it is scrolled into view later', async () => {
    await withPage(
      shop,
      TEE,
      async (o) => {
        // A first interaction starts the commerce services, which read the page's product; the
        // card, below the fold, is not there yet.
        await firstInteraction(o.page);
        await chunkFetched(o.page, 'commerce.product');
        await o.page.waitForTimeout(500);
        assert.equal(o.requests.filter((url) => url.includes('/chunks/offer-card-')).length, 0);
        await o.page.locator(HOST).scrollIntoViewIfNeeded();
        await shown(o.page);
        assert.match(await text(o.page, PRICES), /\$/);
        assert.deepEqual(o.errors, []);
      },
      { viewport: { width: 412, height: 823 } },
    );
  });
});

describe('the offer card without the demo offer', () => {
  test('a shop without module 47 loads no offer card chunk at all', async () => {
    const opened = await open(shop, TEE, { init: `window.vitrineSettings = { modules: [21, 24, 30, 12] };` });
    try {
      // The commerce services start at the first interaction (or 5 s).
      await firstInteraction(opened.page);
      await opened.page.waitForFunction(
        () => performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/commerce-')),
        undefined,
        {
          timeout: SHOWN_WITHIN_MS,
        },
      );
      assert.equal(await opened.page.locator(HOST).count(), 0);
      assert.equal(opened.requests.filter((url) => url.includes('/chunks/offer-card')).length, 0);
    } finally {
      await opened.context.close();
    }
  });
});
