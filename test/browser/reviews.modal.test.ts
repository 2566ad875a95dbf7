/**
 * The review modal on the demo shop (production build, real Chromium): the gallery, keys and
 * swipes that move between reviews with photos (wrapping), focus kept in and given back, the ways
 * it closes, and `?review=<id>` links.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  clickIn,
  dialogReviewId,
  ev,
  focused,
  HOST,
  modalOpen,
  photoIds,
  PRODUCT,
  providerReviews,
  SR,
  text,
  useShop,
  waitUntil,
  widgetReady,
  withProduct,
} from './reviewsWidget';

const shop = useShop();

/** Whether the widget has a dialog (open or fading out). */
const hasDialog = (page: Page) => ev<boolean>(page, `!!${SR}.querySelector('dialog')`);
/** Waits until the modal is gone (it unmounts after its closing fade). */
const modalClosed = (page: Page) => waitUntil(page, `!${SR}.querySelector('dialog')`);

describe('review modal', () => {
  test('opens on a photo with the gallery, moves with keys (wrapping), closes with Escape and returns focus', async () => {
    await withProduct(shop(), async ({ page, requests, errors }) => {
      const ids = await photoIds(shop());
      const firstCard = await ev<string>(page, `${SR}.querySelector('.card .photo-main').closest('.card').getAttribute('data-review-id')`);
      assert.equal(firstCard, ids[0]);
      await clickIn(page, '.card .photo-main');
      await modalOpen(page);
      assert.ok(requests.some((url) => /\/chunks\/reviews\.modal-/.test(url)));
      assert.equal(await dialogReviewId(page), ids[0]);
      assert.match(await focused(page), /^modal-close\|Close$/);
      const photos = (await providerReviews(shop())).reviews.find((review) => String(review.id) === ids[0])!.photos.length;
      assert.equal(await text(page, '.gallery-caption'), `Photo 1 of ${photos}`);
      assert.equal(await ev(page, `${SR}.querySelector('.gallery-caption').getAttribute('aria-live')`), 'polite');
      assert.ok(await text(page, '.review-modal .product span'), 'product title shown');
      if (photos > 1) {
        await clickIn(page, '.thumbnails button >> nth=1');
        assert.equal(await text(page, '.gallery-caption'), `Photo 2 of ${photos}`);
      }
      await page.keyboard.press('ArrowRight');
      assert.equal(await dialogReviewId(page), ids[1]);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await dialogReviewId(page), ids[ids.length - 1], 'wraps to the last review with photos');
      await page.keyboard.press('ArrowRight');
      assert.equal(await dialogReviewId(page), ids[0], 'wraps back to the first');
      // Tab stays inside the dialog.
      for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
      assert.equal(await ev(page, `(() => { const d = ${SR}.querySelector('dialog'); return d.contains(${SR}.activeElement); })()`), true);
      await page.keyboard.press('Escape');
      await modalClosed(page);
      assert.equal(await hasDialog(page), false);
      assert.match(await focused(page), /^photo-main\|Open photo 1 of/);
      assert.deepEqual(errors, []);
    });
  });

  test('touch swipe goes to the next / previous review with photos; the overlay and the close button close it', async () => {
    // A touch phone: its own context (`withPage` opens desktop contexts without touch).
    const context = await shop().browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await page.goto(shop().origin + PRODUCT);
      await page.evaluate(`document.querySelector('${HOST}')?.scrollIntoView()`).catch(() => {});
      await page.waitForFunction(`!!document.querySelector('${HOST}')`);
      await page.evaluate(`document.querySelector('${HOST}').scrollIntoView()`);
      await widgetReady(page);
      const ids = await photoIds(shop());
      await page.locator(`${HOST} .card .photo-main`).first().click();
      await modalOpen(page);
      const box = (await page.locator(`${HOST} .gallery`).boundingBox())!;
      const cdp = await context.newCDPSession(page);
      const swipe = async (from: number, to: number) => {
        const y = box.y + 80;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
        for (let i = 1; i <= 5; i++)
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * i) / 5, y }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      const showsReview = (id: string) =>
        waitUntil(page, `${SR}.querySelector('dialog[open] .review-modal').getAttribute('data-review-id') === ${JSON.stringify(id)}`);
      await swipe(box.x + box.width - 20, box.x + 20); // right to left: next
      await showsReview(ids[1]!);
      assert.equal(await dialogReviewId(page), ids[1]);
      await swipe(box.x + 20, box.x + box.width - 20); // left to right: previous
      await swipe(box.x + 20, box.x + box.width - 20); // …and wraps to the last
      await showsReview(ids[ids.length - 1]!);
      assert.equal(await dialogReviewId(page), ids[ids.length - 1], 'wraps to the last review with photos');
      // The overlay (the dialog's own box outside its content) closes it.
      await page.evaluate(`${SR}.querySelector('dialog').dispatchEvent(new MouseEvent('click', { bubbles: true }))`);
      await modalClosed(page);
      assert.equal(await hasDialog(page), false, 'the overlay closed it');
      await page.locator(`${HOST} .card .photo-main`).first().click();
      await page.waitForFunction(`!!${SR}?.querySelector('dialog[open]')`);
      assert.equal(await dialogReviewId(page), ids[0], 'open again');
      await page.locator(`${HOST} .modal-close`).click();
      await modalClosed(page);
      assert.equal(await hasDialog(page), false, 'the close button closed it');
    } finally {
      await context.close();
    }
  });

  test('a ?review=<id> link opens that review', async () => {
    const ids = await photoIds(shop());
    await withProduct(
      shop(),
      async ({ page }) => {
        await modalOpen(page);
        assert.equal(await dialogReviewId(page), ids[2]);
      },
      { url: `${PRODUCT}?review=${ids[2]}` },
    );
  });
});
