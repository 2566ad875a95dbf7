/**
 * The theme app extension's blocks (extensions/vitrine-theme) in Chromium on the production
 * build, as the demo shop renders them: on the product page's alternate template (`?view=blocks`)
 * the reviews widget, the stars line, the offer card (module 47, on in the demo shop's settings)
 * and the currency selector mount inside their blocks and nowhere else; on the default template
 * they go where they always went. Design mode: the platform's globals, the preview bar, and the
 * theme editor stand-in's section and block events.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { problems, startShop, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

let shop: Shop;
before(async () => {
  // The default template's test expects our stars line under the title: the theme's own rating is off.
  shop = await startShop({ showRating: false });
});
after(async () => {
  await shop?.close();
});

const TEE = '/products/classic-cotton-tee';
const MAIN_SECTION = 'template--1__main';

const ev = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;
const waitUntil = (page: Page, expression: string) => page.waitForFunction(expression, undefined, { timeout: SHOWN_WITHIN_MS });

/** Where each mount point of `widget` is: its block's name (null outside blocks) and its placement id. */
const mountsOf = (page: Page, widget: string) =>
  ev<{ block: string | null; placement: string | null; parent: string }[]>(
    page,
    `[...document.querySelectorAll('[data-vitrine-mount="${widget}"]')].map((host) => ({
      block: host.closest('[data-vitrine-block]')?.getAttribute('data-vitrine-block') ?? null,
      placement: host.getAttribute('data-vitrine-placement'),
      parent: host.parentElement.tagName.toLowerCase(),
    }))`,
  );

/** The product stars lines: the block each one is in (null outside blocks) and whether it follows the product title. */
const starLines = (page: Page) =>
  ev<{ block: string | null; afterTitle: boolean }[]>(
    page,
    `[...document.querySelectorAll('.vitrine-stars--product')].map((line) => ({
      block: line.closest('[data-vitrine-block]')?.getAttribute('data-vitrine-block') ?? null,
      afterTitle: line.previousElementSibling?.classList.contains('product__title') ?? false,
    }))`,
  );

/** Waits for the reviews widget's list, the stars line, the offer card and (after a first scroll) the currency selector. */
async function widgetsShown(page: Page): Promise<void> {
  await waitUntil(page, `!!document.querySelector('[data-vitrine-mount="reviews"]')?.shadowRoot?.querySelector('.card, .empty')`);
  await waitUntil(page, `!!document.querySelector('.vitrine-stars--product[data-vitrine-filled]')`);
  await page
    .locator('[data-vitrine-mount="offer-card"][data-vitrine-offer-id="demo-bundle"]')
    .waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });
  // Without a chosen currency the converter waits for the shopper's first interaction.
  await page.mouse.wheel(0, 40);
  await page.locator('[data-vitrine-mount="currency-converter"] .dd__button').waitFor({ state: 'attached', timeout: SHOWN_WITHIN_MS });
}

describe('app blocks (?view=blocks)', () => {
  test('each widget mounts inside its block and nowhere else', async () => {
    await withPage(shop, `${TEE}?view=blocks`, async (o) => {
      await widgetsShown(o.page);
      assert.deepEqual(await mountsOf(o.page, 'reviews'), [{ block: 'reviews', placement: 'app-block', parent: 'div' }]);
      assert.deepEqual(await mountsOf(o.page, 'offer-card'), [{ block: 'offer-card', placement: 'app-block', parent: 'div' }]);
      // The converter's chunk moves the selector's host into its block (no loader placement).
      assert.deepEqual(await mountsOf(o.page, 'currency-converter'), [{ block: 'currency-selector', placement: null, parent: 'div' }]);
      assert.deepEqual(await starLines(o.page), [{ block: 'stars', afterTitle: false }]);
      // The blocks' own places: the offer card under the media, the selector in the header.
      assert.equal(await ev(o.page, `!!document.querySelector('.product__media-wrapper [data-vitrine-mount="offer-card"]')`), true);
      assert.equal(await ev(o.page, `!!document.querySelector('header [data-vitrine-mount="currency-converter"]')`), true);
      assert.deepEqual(o.errors, []);
      assert.deepEqual(problems(o), []);
    });
  });

  test('without blocks (the default template) they mount at their defaults, as before', async () => {
    await withPage(shop, TEE, async (o) => {
      await widgetsShown(o.page);
      assert.deepEqual(await mountsOf(o.page, 'reviews'), [{ block: null, placement: 'product', parent: 'product-info' }]);
      assert.deepEqual(await mountsOf(o.page, 'offer-card'), [{ block: null, placement: 'atc-form', parent: 'product-form' }]);
      // Right under the product form (the cart-reserved box's host may sit between them).
      const above = await ev(
        o.page,
        `(() => { let element = document.querySelector('[data-vitrine-mount="offer-card"]').previousElementSibling; while (element && element.hasAttribute('data-vitrine-mount')) element = element.previousElementSibling; return element && element.getAttribute('action'); })()`,
      );
      assert.equal(above, '/cart/add');
      assert.deepEqual(await starLines(o.page), [{ block: null, afterTitle: true }]);
      // The selector floats: its host is the body's.
      assert.deepEqual(await mountsOf(o.page, 'currency-converter'), [{ block: null, placement: null, parent: 'body' }]);
      assert.deepEqual(o.errors, []);
    });
  });
});

describe('design mode (the theme editor stand-in)', () => {
  test('sets Shopify.designMode and shows the preview bar; the app embed writes the editor data', async () => {
    await withPage(shop, `${TEE}?view=blocks&design_mode=1`, async (o) => {
      assert.equal(await ev(o.page, 'window.Shopify.designMode'), true);
      assert.equal(await o.page.locator('#PBarNextFrameWrapper').isVisible(), true);
      assert.ok((await o.page.locator('#PBarNextFrameWrapper button').count()) >= 5, 'the editor buttons');
      const data = JSON.parse(await ev<string>(o.page, `document.getElementById('vitrine-editor').textContent`));
      assert.deepEqual(
        { ...data, token: typeof data.token },
        {
          template: 'product',
          templateSuffix: 'blocks',
          pageType: 'product',
          token: 'string',
        },
      );
      // A signed editor token of the demo shop ({payload}.{signature}, base64url).
      assert.match(data.token, /^[\w-]+\.[\w-]+$/);
      assert.equal(JSON.parse(Buffer.from(data.token.split('.')[0], 'base64url').toString()).shop, 'demo');
      assert.deepEqual(o.errors, []);
    });
  });

  test('reloadSection fires shopify:section:unload on the old section, then shopify:section:load on the new one; select events carry their details', async () => {
    await withPage(
      shop,
      `${TEE}?view=blocks&design_mode=1`,
      async (o) => {
        await ev(o.page, `window.__vitrineDemoEditor.reloadSection(${JSON.stringify(MAIN_SECTION)}).then(() => undefined)`);
        const events = await ev<Record<string, unknown>[]>(o.page, 'window.__events');
        assert.deepEqual(events, [
          {
            type: 'shopify:section:unload',
            detail: { sectionId: MAIN_SECTION },
            target: `shopify-section-${MAIN_SECTION}`,
            bubbles: true,
            cancelable: false,
            connected: true,
            fresh: false,
          },
          {
            type: 'shopify:section:load',
            detail: { sectionId: MAIN_SECTION },
            target: `shopify-section-${MAIN_SECTION}`,
            bubbles: true,
            cancelable: false,
            connected: true,
            fresh: true,
          },
        ]);
        // The new section has the blocks again (empty mount points the page's scripts fill on the load event).
        assert.equal(
          await ev(o.page, `document.getElementById('shopify-section-${MAIN_SECTION}').querySelectorAll('[data-vitrine-block]').length`),
          3,
        );

        await ev(o.page, `window.__events = []`);
        await ev(o.page, `window.__vitrineDemoEditor.selectSection(${JSON.stringify(MAIN_SECTION)})`);
        await ev(o.page, `window.__vitrineDemoEditor.selectBlock(${JSON.stringify(MAIN_SECTION)}, 'vitrine_reviews_Rv7Kq2')`);
        await ev(o.page, `window.__vitrineDemoEditor.deselectSection(${JSON.stringify(MAIN_SECTION)})`);
        const selects = await ev<Record<string, unknown>[]>(o.page, 'window.__events');
        assert.deepEqual(
          selects.map(({ type, detail, target }) => ({ type, detail, target })),
          [
            { type: 'shopify:section:select', detail: { sectionId: MAIN_SECTION, load: false }, target: `shopify-section-${MAIN_SECTION}` },
            {
              type: 'shopify:block:select',
              detail: { blockId: 'vitrine_reviews_Rv7Kq2', sectionId: MAIN_SECTION, load: false },
              target: 'block:reviews',
            },
            { type: 'shopify:section:deselect', detail: { sectionId: MAIN_SECTION }, target: `shopify-section-${MAIN_SECTION}` },
          ],
        );
        assert.deepEqual(o.errors, []);
      },
      {
        // Every editor event as `window` hears it (they bubble): the target, whether it is in the
        // page, and (`fresh`) whether it is another element than the previous event's.
        init: `window.__events = []; window.__last = null;
          for (const type of ['shopify:section:unload', 'shopify:section:load', 'shopify:section:select', 'shopify:section:deselect', 'shopify:block:select'])
            addEventListener(type, (event) => {
              const target = event.target;
              const fresh = window.__last !== null && window.__last !== target;
              window.__last = target;
              const block = target.getAttribute('data-vitrine-block');
              window.__events.push({ type: event.type, detail: event.detail, target: block ? 'block:' + block : target.id, bubbles: event.bubbles, cancelable: event.cancelable, connected: target.isConnected, fresh });
            });`,
      },
    );
  });
});
