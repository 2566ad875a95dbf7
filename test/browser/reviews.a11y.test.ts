/** The reviews widget and its modal under axe-core, on the demo shop (production build, real Chromium). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, clickIn, modalOpen, SR, useShop, waitUntil, withProduct } from './reviewsWidget';

const shop = useShop();

describe('accessibility', () => {
  test('axe finds nothing in the widget and the open modal', async () => {
    await withProduct(shop(), async ({ page }) => {
      assert.deepEqual(await axeViolations(page), []);
      await clickIn(page, '.star-bar >> nth=0');
      await page.waitForFunction(`${SR}.querySelectorAll('.star-bar')[0].getAttribute('aria-pressed') === 'true'`);
      await clickIn(page, '.card .photo-main');
      await modalOpen(page);
      // Contrast is judged once the modal has faded in (spec §4: it opens after 10 ms, fading).
      await waitUntil(page, `getComputedStyle(${SR}.querySelector('dialog')).opacity === '1'`);
      assert.deepEqual(await axeViolations(page), []);
    });
  });
});
