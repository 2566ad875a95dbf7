/**
 * Writing a review on the demo shop, as a shopper would (production build, real Chromium, the
 * provider in-process): the form opens from the write button, a header star and `?write-review`;
 * a phone photo carrying EXIF GPS is downscaled before upload and stored without its metadata; an
 * HTML page named `.jpg` is refused by the form and by the provider; a low rating waits for the
 * owner's approval; an order's review link ends in a verified review; and a provider that is
 * down, slow or answers `success:false` gives the right message and keeps what was typed.
 */
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page, Request } from 'playwright-core';
import { SEED_FACTS } from '../../server/storage/demoData';
import { eventually, type OpenedPage } from './harness';
import { axeViolations, clickIn, ev, focused, HOST, providerReviews, SR, useShop, waitUntil, withProduct } from './reviewsWidget';

const shop = useShop();

/** A product with no reviews from this file's other tests (each test writes on its own product). */
const HANDLES = { button: 'classic-cotton-tee', star: 'ceramic-mug', hostile: 'wool-beanie', failures: 'stoneware-vase' };
const productUrl = (handle: string, query = '') => `/products/${handle}${query}`;

/** A phone-sized photo (4032×3024 of noise, JPEG q92: several MB) with EXIF GPS and orientation 6. */
let phonePhoto: Buffer;
/** A small PNG. */
let png: Buffer;
before(async () => {
  const width = 4032;
  const height = 3024;
  const noise = Buffer.alloc(width * height * 3);
  // Deterministic noise, smooth enough to compress like a photo, rough enough to weigh like one.
  let seed = 7;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = (i % (width * 3)) / 24 + (seed >> 26);
  }
  phonePhoto = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'VitrinePhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1234/100' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
});

/** The form's root in the widget's shadow root, as an expression. */
const FORM = `${SR}?.querySelector('dialog[open] .review-form')`;
const formOpen = (page: Page) => waitUntil(page, `!!${FORM}`);
/** A control of the form by its id (`vtl-name`, `vtl-email`, `vtl-review`, `vtl-photos`). */
const control = (page: Page, id: string) => page.locator(`${HOST} #${id}`);
const formText = (page: Page, selector: string) =>
  ev<string>(page, `${FORM}?.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`);
const checkedRating = (page: Page) => ev<string | null>(page, `${FORM}?.querySelector('input[name=vtl-rating]:checked')?.value ?? null`);

/** Types the review's fields and waits until 'Submit Review' is enabled (after the 300 ms debounce). */
async function fill(page: Page, values: { name: string; email: string; review: string }): Promise<void> {
  await control(page, 'vtl-name').fill(values.name);
  await control(page, 'vtl-email').fill(values.email);
  await control(page, 'vtl-review').fill(values.review);
  await waitUntil(page, `${FORM}?.querySelector('button[type=submit]')?.getAttribute('aria-disabled') === 'false'`);
}

const submit = (page: Page) => page.locator(`${HOST} button[type=submit]`).click();
const thanked = (page: Page) =>
  waitUntil(page, `${FORM}?.querySelector('.form-status')?.textContent === 'Thank you for adding your review!'`);
const shownErrors = (page: Page) =>
  ev<string[]>(page, `Array.from(${FORM}?.querySelectorAll('.form-errors li') ?? [], (li) => li.textContent)`);

/** The submission requests the page made, with their bodies. */
function submissions(opened: OpenedPage): Request[] {
  const found: Request[] = [];
  opened.page.on('request', (request) => {
    if (/\/api\/(add-new-review|store-review-for-order)/.test(request.url())) found.push(request);
  });
  return found;
}

describe('write a review', () => {
  test('from the write button: photos downscaled in the browser, stored without EXIF, the review served at the top', async (t) => {
    await withProduct(
      shop(),
      async (opened) => {
        const { page, requests, errors } = opened;
        const sent = submissions(opened);
        await page.locator(`${HOST} [part=write-button]`).first().hover();
        await waitUntil(page, `performance.getEntriesByType('resource').some((e) => /chunks\\/reviews\\.form-/.test(e.name))`);
        await clickIn(page, '[part=write-button]');
        await formOpen(page);
        assert.equal(await checkedRating(page), '5', 'rating defaults to 5');
        assert.match(await focused(page), /control/, 'focus starts in the form');
        await fill(page, {
          name: 'Rita Shopper',
          email: 'rita@example.com',
          review: 'Soft, true to size.\nWashed three times, still great.',
        });
        await control(page, 'vtl-photos').setInputFiles([
          { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: phonePhoto },
          { name: 'detail.png', mimeType: 'image/png', buffer: png },
        ]);
        await waitUntil(page, `${FORM}?.querySelectorAll('.upload:not(.invalid)').length === 2`);
        await submit(page);
        await thanked(page);
        assert.equal(sent.length, 1);
        const uploaded =
          shop()
            .posts.filter((post) => post.path === '/api/add-new-review')
            .at(-1)?.bytes ?? 0;
        assert.ok(uploaded > png.length, 'the photos were sent');
        assert.ok(uploaded < phonePhoto.length / 4, `uploaded ${uploaded} B for a ${phonePhoto.length} B photo`);
        t.diagnostic(
          `a ${phonePhoto.length} B phone photo (4032×3024) and a ${png.length} B PNG went up as ${uploaded} B of multipart body`,
        );
        assert.ok(requests.some((url) => /chunks\/reviews\.form-/.test(url)));

        // Served by the provider (5 stars: published at once), photos re-encoded without metadata.
        const listed = (await providerReviews(shop(), HANDLES.button)).reviews as unknown as { name: string; photos: string[] }[];
        const mine = listed.find((review) => review.name === 'Rita Shopper');
        assert.ok(mine, 'the provider lists the new review');
        assert.equal(mine.photos.length, 2);
        const stored = Buffer.from(await (await fetch(new URL(mine.photos[0]!, shop().origin))).arrayBuffer());
        const meta = await sharp(stored).metadata();
        assert.equal(meta.exif, undefined, 'no EXIF (GPS) left');
        assert.ok(Math.max(meta.width!, meta.height!) <= 2048);
        assert.ok(meta.height! > meta.width!, 'orientation applied (portrait)');

        // The shopper sees it first in the list, once the dialog is closed.
        await page.locator(`${HOST} .review-form .button`).click();
        await waitUntil(page, `!${SR}.querySelector('dialog')`);
        await waitUntil(page, `${SR}.querySelector('.card')?.textContent.includes('Rita Shopper')`);
        assert.deepEqual(errors, []);
      },
      { url: productUrl(HANDLES.button) },
    );
  });

  test('a header star opens the form with that rating; a 2-star review waits for the owner, marked for its writer', async () => {
    await withProduct(
      shop(),
      async ({ page }) => {
        await clickIn(page, '.rate-star >> nth=1');
        await formOpen(page);
        assert.equal(await checkedRating(page), '2');
        // The rating is a radio group the arrow keys move.
        await page.locator(`${HOST} input[name=vtl-rating]:checked`).focus();
        await page.keyboard.press('ArrowRight');
        assert.equal(await checkedRating(page), '3');
        await page.keyboard.press('ArrowLeft');
        assert.equal(await checkedRating(page), '2');
        assert.deepEqual(await axeViolations(page), []);
        await fill(page, { name: 'Pending Pat', email: 'pat@example.com', review: 'Chipped on arrival.' });
        await submit(page);
        await thanked(page);
        await page.keyboard.press('Escape');
        await waitUntil(page, `!${SR}.querySelector('dialog')`);
        await waitUntil(page, `${SR}.querySelector('.card')?.textContent.includes('Awaiting moderation')`);
        const served = (await providerReviews(shop(), HANDLES.star)).reviews as unknown as { name: string }[];
        assert.ok(!served.some((review) => review.name === 'Pending Pat'), 'a pending review is not served');

        // The owner approves it: it is served, and the shopper's mark goes.
        const token = readFileSync(join(shop().dataDir, 'admin-token'), 'utf8').trim();
        const pending = (await (
          await fetch(`${shop().origin}/api/admin/demo/reviews/pending`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { reviews: { id: number; name: string }[] };
        const id = pending.reviews.find((review) => review.name === 'Pending Pat')!.id;
        const approved = await fetch(`${shop().origin}/api/admin/demo/reviews/${id}/approve`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(approved.status, 200);
        const after = (await providerReviews(shop(), HANDLES.star)).reviews as unknown as { name: string }[];
        assert.ok(after.some((review) => review.name === 'Pending Pat'));
      },
      { url: productUrl(HANDLES.star) },
    );
  });

  test('?write-review opens the form; Escape closes it and Cancel resets what was typed', async () => {
    await withProduct(
      shop(),
      async ({ page }) => {
        await formOpen(page);
        await control(page, 'vtl-name').fill('Someone');
        await page.locator(`${HOST} .cancel`).click();
        await waitUntil(page, `!${SR}.querySelector('dialog')`);
        await clickIn(page, '[part=write-button]');
        await formOpen(page);
        assert.equal(await control(page, 'vtl-name').inputValue(), '', 'Cancel reset the fields');
        await page.keyboard.press('Escape');
        await waitUntil(page, `!${SR}.querySelector('dialog')`);
      },
      { url: productUrl(HANDLES.button, '?write-review') },
    );
  });

  test('a form that failed to download (a network blip) opens on the next click: asked for again under another URL', async () => {
    // The browser keeps a module URL that failed failed for the page: asked for again as it was,
    // the form never opened (src/loader/importChunk.ts).
    let downloads = 0;
    await withProduct(
      shop(),
      async ({ page, requests }) => {
        await clickIn(page, '[part=write-button]');
        await eventually('the failed download', () => downloads > 0);
        await eventually('the form, the button clicked again', async () => {
          if (await ev<boolean>(page, `!!${FORM}`)) return true;
          // A click that the opening form already covers is refused: the next round finds the form.
          await page
            .locator(`${HOST} [part=write-button]`)
            .first()
            .click({ timeout: 500 })
            .catch(() => {});
          return false;
        });
        assert.ok(
          requests.some((url) => /chunks\/reviews\.form-[\w-]+\.js\?retry=1$/.test(url)),
          'asked for under a new URL',
        );
      },
      {
        url: productUrl(HANDLES.button),
        routes: async (context) => {
          await context.route('**/chunks/reviews.form-*', (route) => (downloads++ ? route.continue() : route.abort()));
        },
      },
    );
  });

  test('an HTML page named .jpg: an invalid row in the form, and a 415 from the provider when sent directly', async () => {
    const disguised = Buffer.from('<!doctype html><script>document.cookie</script>');
    await withProduct(
      shop(),
      async ({ page }) => {
        await clickIn(page, '[part=write-button]');
        await formOpen(page);
        await fill(page, { name: 'Mallory', email: 'mallory@example.com', review: 'Look at this.' });
        await control(page, 'vtl-photos').setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: disguised }]);
        await waitUntil(page, `!!${FORM}?.querySelector('.upload.invalid')`);
        assert.equal(await formText(page, '.upload.invalid .upload-error'), 'Only image file types are supported for upload');
        assert.equal(await ev(page, `${FORM}.querySelector('button[type=submit]').getAttribute('aria-disabled')`), 'true');
        // Pressing it anyway (it stays focusable) sends nothing and moves focus to the file's remove button.
        await page.locator(`${HOST} button[type=submit]`).focus();
        await page.keyboard.press('Enter');
        assert.match(await focused(page), /upload-remove/);
      },
      { url: productUrl(HANDLES.hostile) },
    );
    const form = new FormData();
    form.set('shopId', 'demo');
    form.set('productHandle', HANDLES.hostile);
    form.set('review[name]', 'Mallory');
    form.set('review[review]', 'Direct.');
    form.set('review[stars]', '5');
    form.append('images[]', new Blob([disguised], { type: 'image/jpeg' }), 'photo.jpg');
    const direct = await fetch(`${shop().origin}/api/add-new-review`, { method: 'POST', body: form });
    assert.equal(direct.status, 415);
    const body = (await direct.json()) as { success: boolean; errors: string[] };
    assert.equal(body.success, false);
    assert.match(body.errors[0]!, /photo\.jpg.*not a JPEG, PNG, GIF or WebP image/);
  });

  test('an order review link ends in a verified review of its product, the form prefilled', async () => {
    const order = SEED_FACTS.orders.find((candidate) => candidate.customerName && candidate.customerEmail)!;
    await withProduct(
      shop(),
      async ({ page }) => {
        await page.waitForURL(new RegExp(`/products/${order.productHandle}`));
        await formOpen(page);
        assert.equal(await control(page, 'vtl-name').inputValue(), order.customerName);
        assert.equal(await control(page, 'vtl-email').inputValue(), order.customerEmail);
        await control(page, 'vtl-review').fill('Bought it, love it.');
        await waitUntil(page, `${FORM}?.querySelector('button[type=submit]')?.getAttribute('aria-disabled') === 'false'`);
        await submit(page);
        await thanked(page);
      },
      { url: `/pages/review-order?code=${order.code}` },
    );
    const listed = (await providerReviews(shop(), order.productHandle)).reviews as unknown as { name: string; verified: boolean }[];
    const mine = listed.find((review) => review.name === order.customerName && review.verified);
    assert.ok(mine, 'a verified review of the ordered product');
  });
});

describe('when the provider fails', () => {
  const typed = { name: 'Kept Kim', email: 'kim@example.com', review: 'Nothing of this may be lost.' };
  /** The form keeps what the shopper typed. */
  const assertKept = async (page: Page) => {
    assert.equal(await control(page, 'vtl-name').inputValue(), typed.name);
    assert.equal(await control(page, 'vtl-email').inputValue(), typed.email);
    assert.equal(await control(page, 'vtl-review').inputValue(), typed.review);
  };

  for (const [label, answer, expected] of [
    ['down (connection refused)', 'abort', 'The review could not be added. If the problem persists, please contact us.'],
    ['answering success:false', { status: 200, body: { success: false } }, 'Server Error. Please try again later'],
    [
      'refusing with messages',
      { status: 409, body: { success: false, errors: ['You have already reviewed this product'] } },
      'You have already reviewed this product',
    ],
  ] as const) {
    test(`${label}: '${expected}', everything typed kept`, async () => {
      await withProduct(
        shop(),
        async ({ page }) => {
          await clickIn(page, '[part=write-button]');
          await formOpen(page);
          await fill(page, typed);
          await submit(page);
          await waitUntil(page, `(${FORM}?.querySelectorAll('.form-errors li').length ?? 0) > 0`);
          assert.deepEqual(await shownErrors(page), [expected]);
          await assertKept(page);
        },
        {
          url: productUrl(HANDLES.failures),
          routes: async (context) => {
            await context.route('**/api/add-new-review', (route) =>
              answer === 'abort'
                ? route.abort('connectionrefused')
                : route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
            );
          },
        },
      );
    });
  }

  test('slow (no answer within 40 s): the generic message after the timeout, everything typed kept', async () => {
    await withProduct(
      shop(),
      async ({ page }) => {
        await clickIn(page, '[part=write-button]');
        await formOpen(page);
        await fill(page, typed);
        await page.clock.install();
        await submit(page);
        await waitUntil(page, `${FORM}?.querySelector('button[type=submit]')?.getAttribute('aria-busy') === 'true'`);
        await page.clock.fastForward(40_500);
        await waitUntil(page, `(${FORM}?.querySelectorAll('.form-errors li').length ?? 0) > 0`);
        assert.deepEqual(await shownErrors(page), ['The review could not be added. If the problem persists, please contact us.']);
        await assertKept(page);
      },
      {
        url: productUrl(HANDLES.failures),
        // The provider never answers.
        routes: async (context) => {
          await context.route('**/api/add-new-review', () => new Promise(() => {}));
        },
      },
    );
  });
});
