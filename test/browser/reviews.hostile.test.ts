/**
 * Hostile review data from the provider (or a compromised cache) on the demo shop (production
 * build, real Chromium): XSS payloads in every text field and unsafe photo URLs render as text
 * or not at all, and nothing runs (`test/fixtures/xssPayloads.ts`).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BAD_PHOTO_URLS, XSS_PAYLOADS } from '../fixtures/xssPayloads';
import { cards, ev, HOST, modalOpen, PRODUCT, SR, useShop, widgetReady } from './reviewsWidget';

const shop = useShop();

/** A provider answer with one review per payload, each field hostile in turn. */
function hostileList(): unknown {
  const reviews = XSS_PAYLOADS.map((payload, i) => ({
    id: i % 5 === 0 ? `${i}"><img src=x onerror="window.__xss=200">` : i + 1,
    name: payload,
    stars: i % 7 === 0 ? '<b>5</b>' : (i % 5) + 1,
    review: `${payload} body ${i}`,
    reply: i % 2 ? `${payload} reply` : null,
    replyAuthor: payload,
    date: payload,
    timestamp: i % 3 ? Date.now() - i * 86400000 : payload,
    photos: [
      BAD_PHOTO_URLS[i % BAD_PHOTO_URLS.length],
      i % 4 === 0 ? '/api/photos/6/19.svg' : BAD_PHOTO_URLS[(i + 3) % BAD_PHOTO_URLS.length],
      { toString: payload },
    ],
    imgUrl: BAD_PHOTO_URLS[i % BAD_PHOTO_URLS.length],
    verified: i % 2 ? true : payload,
  }));
  const perStar = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } as Record<string, number>;
  for (const review of reviews) if (typeof review.stars === 'number') perStar[String(review.stars)]!++;
  return { reviews, total: reviews.length, page: 1, pages: 1, stats: { r: reviews.length, s: 3.2, d: perStar } };
}

describe('hostile review data', () => {
  test(`${XSS_PAYLOADS.length} XSS payloads in names, texts, replies and ${BAD_PHOTO_URLS.length} photo URLs execute nothing`, async () => {
    assert.ok(XSS_PAYLOADS.length >= 50);
    // Its own context: dialogs and page errors are recorded from before the first byte loads.
    const context = await shop().browser.newContext({ viewport: { width: 1280, height: 900 } });
    const dialogs: string[] = [];
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.addInitScript(
        `window.__xss = 0; window.vitrineSettings = { reviews: { showDates: true, initialCount: { desktop: 100, mobile: 100 } } };`,
      );
      const body = JSON.stringify(hostileList());
      await page.route('**/api/reviews/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
      await page.goto(shop().origin + PRODUCT);
      await widgetReady(page);
      assert.equal(await cards(page), XSS_PAYLOADS.length);
      // Names are text, verbatim.
      assert.equal(await ev(page, `${SR}.querySelector('.card .author').textContent`), XSS_PAYLOADS[0]);
      // Only allowed elements in rendered HTML; links are http(s) with the right rel.
      const found = await ev<{ tags: string[]; hrefs: string[]; attrs: string[]; imgs: string[] }>(
        page,
        `(() => {
          const sr = ${SR};
          const tags = new Set(); const hrefs = []; const attrs = new Set(); const imgs = [];
          for (const el of sr.querySelectorAll('.text *')) { tags.add(el.localName); for (const a of el.attributes) attrs.add(el.localName + '[' + a.name + ']'); if (el.localName === 'a' && el.hasAttribute('href')) hrefs.push(el.getAttribute('href') + '|' + el.getAttribute('rel')); }
          for (const img of sr.querySelectorAll('img')) imgs.push(img.getAttribute('src'));
          return { tags: [...tags].sort(), hrefs, attrs: [...attrs].sort(), imgs };
        })()`,
      );
      assert.deepEqual(
        found.tags.filter((tag) => !['a', 'b', 'br', 'em', 'i', 'li', 'ol', 'p', 'strong', 'ul'].includes(tag)),
        [],
      );
      assert.deepEqual(
        found.attrs.filter((attr) => !['a[href]', 'a[rel]', 'a[target]'].includes(attr)),
        [],
      );
      assert.ok(found.hrefs.length > 0);
      for (const href of found.hrefs) assert.match(href, /^https:\/\/ok\.example\/?\|nofollow ugc noopener$/);
      // Root-relative photo paths are the provider's: resolved against the provider base.
      for (const src of found.imgs) assert.equal(src, `${shop().origin}/api/photos/6/19.svg`);
      // Open the modal on a hostile review, and move through it.
      await page.locator(`${HOST} .card .photo-main`).first().click();
      await modalOpen(page);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.mouse.move(10, 10);
      await page.mouse.move(600, 400);
      await page.keyboard.press('Escape');
      // JSON-LD is inert JSON.
      const ld = await ev<string>(page, `document.querySelector('script[data-vitrine-jsonld]').textContent`);
      assert.doesNotMatch(ld, /</);
      assert.equal(JSON.parse(ld).review.length, 100 > XSS_PAYLOADS.length ? XSS_PAYLOADS.length : 100);
      await page.waitForTimeout(500);
      assert.equal(await ev(page, 'window.__xss'), 0);
      assert.deepEqual(dialogs, []);
      const injected = await ev<number>(
        page,
        `document.querySelectorAll('body img[src="x"], body iframe, body object, body embed, body video, body audio, body svg[onload], [onerror], [onload], [onclick], [onfocus]').length + ${SR}.querySelectorAll('script, iframe, object, embed, style:not(:first-child), form, input, [onerror], [onload], [onclick], [onmouseover], [onfocus]').length`,
      );
      assert.equal(injected, 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
