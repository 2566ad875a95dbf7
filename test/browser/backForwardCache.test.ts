/**
 * Our script never costs a shop its back-forward cache (instant Back, Lighthouse's `bf-cache`
 * audit): on the demo shop's pages, with every widget loaded, tracking on (a real browser's agent)
 * and the visitor interacting, leaving and pressing Back restores the same page from the cache,
 * as it does with our script blocked. Playwright turns the cache off; these pages get a browser
 * with it on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  browserWithBackForwardCache,
  NOTE_RESTORE,
  open,
  restoredFromCache,
  type Shop,
  SHOWN_WITHIN_MS,
  startShop,
  widgetMounted,
} from './harness';

const DESKTOP = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36',
  screen: { width: 1920, height: 1080 },
};
const PAGES = ['/', '/collections/all', '/products/classic-cotton-tee', '/cart'];

let shop: Shop;
let browser: Browser;
before(async () => {
  shop = await startShop();
  browser = await browserWithBackForwardCache();
});
after(async () => {
  await browser?.close();
  await shop?.close();
});

/** Visits `path`, interacts, scrolls to the end, leaves and goes back: restored, or why not. */
async function leaveAndComeBack(path: string, blockScript: boolean): Promise<{ restored: boolean; reasons: unknown }> {
  const opened = await open({ ...shop, browser }, path, {
    ...DESKTOP,
    init: NOTE_RESTORE,
    routes: blockScript
      ? async (context) => {
          await context.route('**/vitrine.js', (route) => route.abort());
        }
      : undefined,
  });
  try {
    const { page } = opened;
    await page.click('body', { position: { x: 5, y: 5 } });
    await page.mouse.wheel(0, 20_000);
    // Tracking and error reports started (they load at idle): their beacons and timers are in.
    if (!blockScript) await widgetMounted(page, 'reporting', 20_000);
    await page.goto(`${shop.origin}/search`);
    await page.goBack({ waitUntil: 'commit' });
    const restored = await restoredFromCache(page, SHOWN_WITHIN_MS / 3)
      .then(() => true)
      .catch(() => false);
    const reasons = restored
      ? null
      : await page.evaluate(
          () => (performance.getEntriesByType('navigation')[0] as unknown as { notRestoredReasons?: unknown }).notRestoredReasons,
        );
    return { restored, reasons };
  } finally {
    await opened.context.close();
  }
}

describe('the back-forward cache', () => {
  for (const path of PAGES) {
    test(`${path}: Back restores the page from the cache with our script, as without it`, async () => {
      const without = await leaveAndComeBack(path, true);
      assert.ok(without.restored, `the demo page itself is not restored: ${JSON.stringify(without.reasons)}`);
      const withScript = await leaveAndComeBack(path, false);
      assert.ok(withScript.restored, `not restored with our script: ${JSON.stringify(withScript.reasons)}`);
    });
  }
});
