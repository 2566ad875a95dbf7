/**
 * The demo shop's product photos in Chromium (production build): the largest contentful paint
 * of the demo product page is its product photo, as in real shops, and on the product without
 * images it is our product stars line, on a phone (the page that keeps us honest about never
 * delaying it); the srcset widths the pages list are served at those widths, as JPEG.
 * Asserts which element is the LCP, never how fast.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { type Shop, SHOWN_WITHIN_MS, startShop, withPage } from './harness';

let shop: Shop;
before(async () => {
  // Our product stars line is the no-image page's LCP when the theme shows no rating of its own.
  shop = await startShop({ showRating: false });
});
after(async () => {
  await shop?.close();
});

/** Lighthouse's phone (its mobile profile's screen) and a desktop window. */
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };

/** Records every largest-contentful-paint entry from the start of the page (buffered). */
const OBSERVE_LCP = `window.__lcp = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.__lcp.push({
      url: entry.url,
      tag: entry.element ? entry.element.tagName : null,
      className: entry.element ? String(entry.element.className) : null,
      inProductMedia: !!(entry.element && entry.element.closest('.product__media')),
      currentSrc: entry.element && entry.element.currentSrc ? entry.element.currentSrc : null,
    });
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

interface LcpEntry {
  url: string;
  tag: string | null;
  className: string | null;
  inProductMedia: boolean;
  currentSrc: string | null;
}

/** The page's last LCP entry once `ready` holds and two more frames were painted (later candidates would have been reported). */
async function finalLcp(page: Page, ready: string): Promise<LcpEntry> {
  await page.waitForFunction(ready, undefined, { timeout: SHOWN_WITHIN_MS });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))');
  const entries = (await page.evaluate('window.__lcp')) as LcpEntry[];
  assert.ok(entries.length > 0, 'no largest-contentful-paint entry');
  return entries[entries.length - 1]!;
}

/** The main product photo has loaded and the stars line shows. */
const PHOTO_AND_STARS_SHOWN = `(() => {
  const img = document.querySelector('.product__media img');
  return !!img && img.complete && img.naturalWidth > 0 && !!document.querySelector('.vitrine-stars--product[aria-label]');
})()`;

describe('largest contentful paint of the demo product pages', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`/products/classic-cotton-tee (${name}): the product photo`, async () => {
      await withPage(
        shop,
        '/products/classic-cotton-tee',
        async ({ page }) => {
          const lcp = await finalLcp(page, PHOTO_AND_STARS_SHOWN);
          assert.equal(lcp.tag, 'IMG', JSON.stringify(lcp));
          assert.ok(lcp.inProductMedia, JSON.stringify(lcp));
          assert.match(lcp.url, /\/cdn\/shop\/files\/classic-cotton-tee-black\.jpg\?v=\d+&width=\d+$/);
          assert.equal(lcp.url, lcp.currentSrc);
        },
        { init: OBSERVE_LCP, viewport },
      );
    });
  }

  test('/products/fountain-pen, without images (phone): our product stars line', async () => {
    await withPage(
      shop,
      '/products/fountain-pen',
      async ({ page }) => {
        assert.equal(await page.evaluate(`document.querySelectorAll('main img').length`), 0);
        const lcp = await finalLcp(page, `!!document.querySelector('.vitrine-stars--product[aria-label]')`);
        assert.ok(lcp.className?.split(' ').includes('vitrine-stars--product'), JSON.stringify(lcp));
      },
      { init: OBSERVE_LCP, viewport: PHONE },
    );
  });
});

/** The `[url, width]` candidates of the srcset of the images matching `selector`. */
const srcsetOf = async (page: Page, selector: string): Promise<[string, number][]> =>
  (
    (await page.evaluate(
      `[...document.querySelectorAll(${JSON.stringify(selector)})].map((img) => img.getAttribute('srcset'))`,
    )) as string[]
  )
    .flatMap((srcset) => srcset.split(', '))
    .map((candidate) => {
      const [url, descriptor] = candidate.split(' ');
      return [url!, Number(descriptor!.slice(0, -1))];
    });

describe('the srcset widths', () => {
  test('are served at their widths, as immutable JPEG; every photo the pages load is one', async () => {
    const loaded: { url: string; status: number; type: string | undefined }[] = [];
    const candidates: [string, number][] = [];
    for (const [path, selector] of [
      ['/products/classic-cotton-tee', '.product__media img, .product__media-list img'],
      ['/', '.card__media img'],
    ] as const) {
      await withPage(
        shop,
        path,
        async ({ page }) => {
          await page.waitForFunction(
            `[...document.querySelectorAll(${JSON.stringify(selector)})].some((img) => img.complete && img.naturalWidth > 0)`,
            undefined,
            {
              timeout: SHOWN_WITHIN_MS,
            },
          );
          candidates.push(...(await srcsetOf(page, selector)));
        },
        {
          // Listening before the page loads: its images load with it.
          routes: async (context) => {
            context.on('response', (response) => {
              if (response.url().includes('/cdn/shop/files/'))
                loaded.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] });
            });
          },
        },
      );
    }
    const widths = new Set(candidates.map(([, width]) => width));
    for (const width of [165, 246, 360, 493, 533, 720, 940, 990, 1000]) assert.ok(widths.has(width), `no ${width}w candidate`);
    // One of each width per page is enough: the photos differ, the route does not.
    const seen = new Set<number>();
    for (const [url, width] of candidates) {
      if (seen.has(width)) continue;
      seen.add(width);
      assert.match(url, new RegExp(`^//localhost:${shop.port}/cdn/shop/files/[a-z0-9-]+\\.jpg\\?v=\\d+&width=\\d+$`));
      const res = await fetch(`http:${url}`);
      assert.equal(res.status, 200, url);
      assert.equal(res.headers.get('content-type'), 'image/jpeg', url);
      assert.match(res.headers.get('cache-control') ?? '', /immutable/);
      assert.equal((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width, width, url);
    }
    assert.ok(loaded.length > 0, 'the pages loaded no photo');
    for (const response of loaded) {
      assert.equal(response.status, 200, response.url);
      assert.equal(response.type, 'image/jpeg', response.url);
    }
  });
});
