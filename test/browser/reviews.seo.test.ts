/**
 * What the reviews widget gives search engines and what the theme cannot take from it, on the
 * demo shop (production build, real Chromium): the JSON-LD Product block, no second block when
 * the page has its own, and a hostile theme that cannot reach into the widget.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from './harness';
import { ev, HOST, modalOpen, PRODUCT, providerReviews, providerStats, SR, useShop, withProduct } from './reviewsWidget';

const shop = useShop();

describe('SEO and isolation', () => {
  test('JSON-LD Product block with the provider numbers and the visible reviews', async () => {
    await withProduct(shop(), async ({ page }) => {
      const blocks = await ev<string[]>(
        page,
        `[...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent)`,
      );
      assert.equal(blocks.length, 1);
      const ld = JSON.parse(blocks[0]!);
      const stats = await providerStats(shop());
      assert.equal(ld['@type'], 'Product');
      assert.equal(ld.name, 'Classic Cotton Tee');
      assert.deepEqual(ld.aggregateRating, {
        '@type': 'AggregateRating',
        ratingValue: stats.s,
        reviewCount: stats.r,
        bestRating: 5,
        worstRating: 1,
      });
      assert.equal(ld.review.length, 20);
      const first = (await providerReviews(shop())).reviews[0]!;
      assert.equal(ld.review[0].reviewRating.ratingValue, first.stars);
      assert.equal(typeof ld.review[0].reviewBody, 'string');
      assert.doesNotMatch(blocks[0]!, /</);
    });
  });

  test('no second JSON-LD when the page already has a rated Product', async () => {
    const init = `document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('script'); s.type = 'application/ld+json'; s.textContent = JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Product', name: 'x', aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 2 } }] }); document.head.appendChild(s); });`;
    await withProduct(
      shop(),
      async ({ page }) => {
        assert.equal(await ev(page, `document.querySelectorAll('script[data-vitrine-jsonld]').length`), 0);
      },
      { init },
    );
  });

  test('a hostile theme (global !important rules on div, button, svg, img…) does not break the widget', async () => {
    const css = readFileSync(join(ROOT, 'test/fixtures/hostile-theme.html'), 'utf8');
    /** The product page as the server renders it, with the hostile theme's styles in its head. */
    const hostileTheme = async (context: BrowserContext) => {
      await context.route(`**${PRODUCT}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace('</head>', `${css}</head>`);
        await route.fulfill({ response, body });
      });
    };
    await withProduct(
      shop(),
      async ({ page }) => {
        const found = await ev<Record<string, unknown>>(
          page,
          `(() => {
          const host = document.querySelector('${HOST}');
          const sr = host.shadowRoot;
          const card = sr.querySelector('.card');
          const star = sr.querySelector('.card .stars svg').getBoundingClientRect();
          const img = sr.querySelector('.card .photo-main img');
          const btn = sr.querySelector('.star-bar');
          const cs = (el) => getComputedStyle(el);
          return {
            hostDisplay: cs(host).display, hostHeight: host.offsetHeight, cards: sr.querySelectorAll('.card').length,
            cardDisplay: cs(card).display, cardColor: cs(card).color, cardFont: cs(card).fontSize, cardTransform: cs(card).textTransform,
            star: [Math.round(star.width), Math.round(star.height)], starVisible: cs(sr.querySelector('.card .stars svg')).display,
            img: img ? [img.getBoundingClientRect().height > 100, cs(img).display] : null,
            btnBg: cs(btn).backgroundColor, btnDisplay: cs(btn).display, columns: cs(sr.querySelector('.list')).columnCount,
            themeApplied: getComputedStyle(document.querySelector('main')).outlineStyle,
          };
        })()`,
        );
        assert.equal(found.themeApplied, 'dashed', 'the hostile CSS is active on the page');
        assert.equal(found.hostDisplay, 'block');
        assert.ok((found.hostHeight as number) > 360);
        assert.equal(found.cards, 20);
        assert.equal(found.cardDisplay, 'block');
        assert.equal(found.cardColor, 'rgb(31, 31, 31)');
        assert.equal(found.cardFont, '15px');
        assert.equal(found.cardTransform, 'none');
        assert.deepEqual(found.star, [18, 18]);
        assert.equal(found.starVisible, 'block');
        assert.deepEqual(found.img, [true, 'block']);
        assert.equal(found.btnDisplay, 'flex');
        assert.equal(found.columns, '4');
        // The modal still opens above the theme.
        await page.locator(`${HOST} .card .photo-main`).first().click();
        await modalOpen(page);
        const dialog = await ev<number[]>(
          page,
          `(() => { const b = ${SR}.querySelector('dialog').getBoundingClientRect(); return [Math.round(b.width), Math.round(b.height)]; })()`,
        );
        assert.ok(dialog[0]! > 500 && dialog[1]! > 300, `dialog ${dialog}`);
      },
      { routes: hostileTheme },
    );
  });
});
