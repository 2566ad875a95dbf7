/**
 * Star snippets (spec §2 listing and product pages, §4 injection) on the production build: the
 * demo shop's collection pages (also locale-prefixed), its product page, and fixture pages that
 * reproduce the product-card markup of public themes (`test/fixtures/themes/*.html`, served on
 * the shop's origin so the real loader and provider run).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ERR_MISSED_HANDLES } from '../../src/core/errors';
import { DEFAULT_SETTINGS } from '../../src/core/parseSettings';
import { fulfillHtml, problems, ROOT, startShop, type OpenedPage, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

interface Stats {
  r: number;
  s: number;
}

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

const FIXTURES = join(ROOT, 'test/fixtures/themes');

/** The provider's stats for `handles` (what the snippets must show). */
async function expectedStats(handles: string[]): Promise<Record<string, Stats>> {
  const res = await fetch(`${shop.origin}/api/sf/prs/demo/stats.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handles: [...new Set(handles)] }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, Stats>;
}

/** Waits until `count` snippets exist (each goes in once its stats are in). */
async function settled(page: Page, count: number): Promise<void> {
  await page.waitForFunction(`document.querySelectorAll('[data-vitrine-stars]').length >= ${count}`, undefined, {
    timeout: SHOWN_WITHIN_MS,
  });
}

interface Card {
  handle: string | null;
  snippets: { handle: string; afterTitle: boolean; hidden: boolean; text: string; label: string | null; role: string | null }[];
}

/** Every Dawn card of the page: its handle and the snippets inside it. */
const dawnCards = (page: Page): Promise<Card[]> =>
  page.evaluate(`[...document.querySelectorAll('main .card-wrapper')].map((card) => {
    const link = card.querySelector('.card > .card__content .card__heading a');
    const m = /\\/products\\/([^/?#]+)/.exec(link.getAttribute('href'));
    const title = card.querySelector('.card > .card__content .card__heading');
    return {
      handle: m && m[1],
      snippets: [...card.querySelectorAll('[data-vitrine-stars]')].map((el) => ({
        handle: el.getAttribute('data-vitrine-stars'),
        afterTitle: title.nextElementSibling === el,
        hidden: el.hidden,
        text: el.textContent,
        label: el.getAttribute('aria-label'),
        role: el.getAttribute('role'),
      })),
    };
  })`) as Promise<Card[]>;

function checkCards(cards: Card[], stats: Record<string, Stats>, label: (stats: Stats) => string): void {
  assert.ok(cards.length >= 10, `only ${cards.length} cards`);
  for (const card of cards) {
    assert.ok(card.handle, 'card without a product link');
    assert.equal(card.snippets.length, 1, `${card.handle}: ${card.snippets.length} snippets`);
    const [snippet] = card.snippets;
    const expected = stats[card.handle!]!;
    assert.equal(snippet.handle, card.handle);
    assert.equal(snippet.afterTitle, true, `${card.handle}: snippet is not right after the title`);
    if (expected.r > 0) {
      assert.equal(snippet.hidden, false, `${card.handle}: hidden with ${expected.r} reviews`);
      assert.equal(snippet.text.trim(), `(${expected.r})`, `${card.handle}: count`);
      assert.equal(snippet.role, 'img');
      assert.equal(snippet.label, label(expected));
    } else {
      assert.equal(snippet.hidden, true, `${card.handle}: zero reviews must show nothing`);
    }
  }
}

/** The English label of a listing snippet ("4.6 out of 5 stars, 12 reviews"). */
const englishLabel = (stats: Stats) => `${stats.s.toFixed(1)} out of 5 stars, ${stats.r} ${stats.r === 1 ? 'review' : 'reviews'}`;
/** The stats requests the page made. */
const statsRequests = (opened: OpenedPage) => opened.requests.filter((url) => url.includes('/sf/prs/'));

describe('star snippets on the demo shop', () => {
  // Our snippets where the theme shows no ratings of its own (`?show_rating=0`; see "the theme's own ratings" below).
  for (const [path, lang] of [
    ['/collections/all?show_rating=0', 'en'],
    ['/es/collections/all?show_rating=0', 'es'],
  ] as const) {
    test(`every card on ${path} has exactly one snippet right after its title with the provider's count`, async () => {
      await withPage(shop, path, async (opened) => {
        const total = await opened.page.evaluate(`document.querySelectorAll('main .card-wrapper').length`);
        await settled(opened.page, total as number);
        const cards = await dawnCards(opened.page);
        const stats = await expectedStats(cards.map((card) => card.handle!));
        const label =
          lang === 'es'
            ? (expected: Stats) =>
                `${expected.s.toFixed(1).replace('.', ',')} de 5 estrellas, ${expected.r} ${expected.r === 1 ? 'reseña' : 'reseñas'}`
            : englishLabel;
        checkCards(cards, stats, label);
        // ONE stats request for the whole page, nothing per product.
        assert.equal(statsRequests(opened).length, 1, statsRequests(opened).join('\n'));
        // The stars are decorative; the icons carry explicit sizes (18 px each).
        const icons = await opened.page.evaluate(`(() => {
          const el = document.querySelector('[data-vitrine-stars="classic-cotton-tee"] .vitrine-stars__icons');
          const r = el.getBoundingClientRect();
          const front = el.firstElementChild;
          const colour = (e) => (/%23([0-9a-f]{6})/i.exec(getComputedStyle(e).backgroundImage) || [])[1];
          return { hidden: el.getAttribute('aria-hidden'), w: r.width, h: r.height, filled: Math.round((front.getBoundingClientRect().width / r.width) * 100), colours: [colour(el), colour(front)], align: getComputedStyle(el.parentElement).textAlign };
        })()`);
        // Five 18 px icons in the back colour; the front row over them is clipped to the average's share.
        const tee = stats['classic-cotton-tee']!;
        const { starBack, starFront } = DEFAULT_SETTINGS.colors;
        assert.deepEqual(icons, {
          hidden: 'true',
          w: 90,
          h: 18,
          filled: Math.round(tee.s * 20),
          colours: [starBack.slice(1), starFront.slice(1)],
          align: 'center',
        });
        assert.deepEqual(opened.errors, []);
        // The chunk is framework-free: the Preact chunk is not needed for the stars.
        assert.ok(opened.requests.some((url) => /chunks\/star-snippets-[\w-]+\.js$/.test(url)));
      });
    });
  }

  test('cards added later (infinite scroll) get snippets; a re-rendered card gets its snippet back; refresh reuses the stats', async () => {
    await withPage(shop, '/collections/all?show_rating=0', async (opened) => {
      const total = (await opened.page.evaluate(`document.querySelectorAll('main .card-wrapper').length`)) as number;
      await settled(opened.page, total);
      // Infinite scroll: the theme appends a second page of cards (clones of the first four).
      await opened.page.evaluate(`(() => {
        const grid = document.querySelector('#product-grid');
        [...grid.children].slice(0, 4).forEach((li) => {
          const copy = li.cloneNode(true);
          copy.querySelectorAll('[data-vitrine-stars]').forEach((s) => s.remove());
          copy.classList.add('page-2');
          grid.appendChild(copy);
        });
        // A theme re-render of one card's information block (filtering, swatches).
        const info = document.querySelector('#product-grid > li:nth-child(2) .card > .card__content .card__information');
        info.innerHTML = info.innerHTML.replace(/<div[^>]*data-vitrine-stars[^>]*>.*?<\\/div><\\/div>|<div[^>]*data-vitrine-stars[^>]*><\\/div>/, '');
      })()`);
      await opened.page.waitForFunction(
        `[...document.querySelectorAll('main .card-wrapper')].every((c) => c.querySelectorAll('[data-vitrine-stars]').length === 1)`,
        undefined,
        { timeout: SHOWN_WITHIN_MS },
      );
      const stats = await expectedStats((await dawnCards(opened.page)).map((card) => card.handle!));
      checkCards(await dawnCards(opened.page), stats, englishLabel);
      // A forced refresh re-injects with the stats it already has: still one per card, no request.
      const before = statsRequests(opened).length;
      await opened.page.evaluate(`window.Vitrine.refresh()`);
      await opened.page.waitForTimeout(300);
      const counts = await opened.page.evaluate(
        `[...document.querySelectorAll('main .card-wrapper')].map((c) => c.querySelectorAll('[data-vitrine-stars]').length)`,
      );
      assert.deepEqual(counts, new Array(total + 4).fill(1));
      assert.equal(statsRequests(opened).length, before);
      // Our own writes do not wake the observer: no further runs, no new stats requests.
      await opened.page.waitForTimeout(800);
      assert.equal(statsRequests(opened).length, before);
      assert.deepEqual(opened.errors, []);
    });
  });

  test('product page: stars, average and "Rated by hundreds of happy customers" under the title; click scrolls to the reviews widget', async () => {
    await withPage(
      shop,
      '/products/classic-cotton-tee?show_rating=0',
      async (opened) => {
        await opened.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, {
          timeout: SHOWN_WITHIN_MS,
        });
        const [st] = Object.values(await expectedStats(['classic-cotton-tee']));
        const line = (await opened.page.evaluate(`(() => {
        const el = document.querySelector('.vitrine-stars--product');
        const svg = el.querySelector('.vitrine-stars__icons').getBoundingClientRect();
        return {
          afterTitle: el.previousElementSibling === document.querySelector('.product__title'),
          text: el.textContent.trim(),
          label: el.getAttribute('aria-label'),
          role: el.getAttribute('role'),
          tabIndex: el.tabIndex,
          align: getComputedStyle(el).textAlign,
          size: svg.width / 5,
          handle: el.getAttribute('data-vitrine-stars'),
        };
      })()`)) as Record<string, unknown>;
        assert.deepEqual(line, {
          afterTitle: true,
          text: `${st!.s.toFixed(1)} Rated by hundreds of happy customers`,
          label: `${st!.s.toFixed(1)} out of 5 stars, ${st!.r} reviews`,
          role: 'button',
          tabIndex: 0,
          align: 'left',
          size: 19,
          handle: 'classic-cotton-tee',
        });
        // No listing snippet for the product itself.
        assert.equal(
          await opened.page.evaluate(
            `document.querySelectorAll('.vitrine-stars--listing[data-vitrine-stars="classic-cotton-tee"]').length`,
          ),
          0,
        );
        const hasReviews = await opened.page.evaluate(`!!document.querySelector('[data-vitrine-mount="reviews"]')`);
        if (hasReviews) {
          // Sample the scroll position every frame inside the page, then click.
          await opened.page.evaluate(`(() => {
          window.__ys = [];
          const f = () => { __ys.push([performance.now(), scrollY]); if (__ys.length < 120) requestAnimationFrame(f); };
          requestAnimationFrame(f);
        })()`);
          await opened.page.click('.vitrine-stars--product');
          await opened.page.waitForTimeout(1400);
          const r = (await opened.page.evaluate(`(() => {
          const ys = __ys, end = ys[ys.length - 1][1];
          const moved = ys.find((p) => p[1] > 0), done = ys.find((p) => p[1] === end);
          return { top: document.querySelector('[data-vitrine-mount="reviews"]').getBoundingClientRect().top, steps: new Set(ys.map((p) => p[1])).size, ms: done[0] - moved[0] };
        })()`)) as { top: number; steps: number; ms: number };
          assert.ok(Math.abs(r.top - 100) <= 1, `reviews top at ${r.top}px, expected 100`);
          assert.ok(r.steps > 20, `not smooth: ${r.steps} positions`);
          assert.ok(r.ms > 800 && r.ms < 1200, `scroll took ${r.ms} ms`);
        }
        assert.deepEqual(opened.errors, []);
      },
      {
        init: `document.addEventListener('DOMContentLoaded', () => { document.querySelector('footer').style.minHeight = '3000px'; });`,
      },
    );
  });

  test('product page: the stars line stats are requested with the snippets chunk and downloaded once', async () => {
    await withPage(shop, '/products/ceramic-mug?show_rating=0', async (opened) => {
      await opened.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      const url = `${shop.origin}/api/sf/prs/demo/ceramic-mug.json`;
      const entries = (await opened.page.evaluate(
        `performance.getEntriesByType('resource').filter((e) => e.name === ${JSON.stringify(url)} || e.name.includes('/chunks/star-snippets-')).map((e) => [e.name.includes('/chunks/') ? 'chunk' : 'stats', e.initiatorType, e.startTime])`,
      )) as [string, string, number][];
      const stats = entries.filter(([what]) => what === 'stats');
      // One download: the loader's own fetch, which the page's requester hands to the stars line.
      assert.deepEqual(
        stats.map(([, initiator]) => initiator),
        ['fetch'],
        JSON.stringify(entries),
      );
      const chunk = entries.find(([what]) => what === 'chunk');
      assert.ok(chunk && stats[0]![2] <= chunk[2], `asked for before the snippets chunk: ${JSON.stringify(entries)}`);
      assert.deepEqual(problems(opened), []);
    });
    // Turned off in settings: not requested (it would be a wasted download).
    await withPage(
      shop,
      '/products/ceramic-mug',
      async (opened) => {
        await opened.page.waitForFunction(
          `performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/star-snippets-'))`,
          undefined,
          { timeout: SHOWN_WITHIN_MS },
        );
        await opened.page.waitForTimeout(500);
        assert.equal(
          await opened.page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/sf/prs/')).length`),
          0,
        );
        assert.equal(await opened.page.evaluate(`!!document.querySelector('.vitrine-stars--product')`), false);
      },
      {
        init: `window.vitrineSettings = { reviews: { starSnippet: { product: false } } };`,
      },
    );
  });

  test('reduced motion: Enter on the product stars jumps to the reviews at once', async () => {
    const init = `document.addEventListener('DOMContentLoaded', () => { document.querySelector('footer').style.minHeight = '3000px'; });`;
    await withPage(
      shop,
      '/products/ceramic-mug?show_rating=0',
      async ({ page }) => {
        // The shopper prefers reduced motion (read when the line is activated).
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.waitForFunction(
          `!!document.querySelector('.vitrine-stars--product[aria-label]') && !!document.querySelector('[data-vitrine-mount="reviews"]')`,
          undefined,
          { timeout: SHOWN_WITHIN_MS },
        );
        await page.focus('.vitrine-stars--product');
        // Where the reviews are at the first scroll event: all the way there when the jump is at
        // once (a smooth scroll's first step is not). Read then, not later: on a loaded machine the
        // page above may still grow after the jump, which is the theme's and not the jump's.
        await page.evaluate(`addEventListener('scroll', () => {
          window.__firstScrollTop ??= document.querySelector('[data-vitrine-mount="reviews"]').getBoundingClientRect().top;
        }, { passive: true })`);
        await page.keyboard.press('Enter');
        const top = (await (
          await page.waitForFunction('window.__firstScrollTop', undefined, { timeout: SHOWN_WITHIN_MS })
        ).jsonValue()) as number;
        assert.ok(Math.abs(top - 100) <= 1, `reviews top at ${top}px`);
      },
      { init },
    );
  });

  test("spec §2: the sort control has no 'best-selling'; a best-selling URL is sent to the manual sort", async () => {
    await withPage(shop, '/collections/all?sort_by=best-selling&page=1', async (opened) => {
      await opened.page.waitForURL(`${shop.origin}/collections/all?sort_by=manual&page=1`, { timeout: SHOWN_WITHIN_MS });
      assert.equal(opened.page.url(), `${shop.origin}/collections/all?sort_by=manual&page=1`);
      // Left by the loader as it starts: none of our chunks was requested for the page it left.
      const moved = opened.requests.findIndex((url) => url.includes('sort_by=manual'));
      assert.deepEqual(
        opened.requests.slice(0, moved).filter((url) => url.includes('/vitrine/chunks/')),
        [],
      );
      await settled(opened.page, 1);
      const options = (await opened.page.evaluate(`[...document.querySelectorAll('#SortBy option')].map((x) => x.value)`)) as string[];
      assert.ok(options.length >= 3 && options.includes('manual'), options.join());
      assert.ok(!options.includes('best-selling'), options.join());
      // Still gone after the theme re-renders its sort form (Dawn swaps the facets on filtering).
      await opened.page.evaluate(
        `document.querySelector('#SortBy').insertAdjacentHTML('beforeend', '<option value="best-selling">Best selling</option>')`,
      );
      await opened.page.waitForFunction(`!document.querySelector('#SortBy option[value="best-selling"]')`, undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.equal(await opened.page.evaluate(`document.querySelectorAll('#SortBy option[value="best-selling"]').length`), 0);
      assert.deepEqual(opened.errors, []);
    });
  });
});

describe("the theme's own ratings (the platform's review metafields, shown by the demo theme as Dawn does)", () => {
  /** The native rating of each Dawn card: its label and count as shown, and our snippets in the card. */
  const cardsWithRatings = (page: Page) =>
    page.evaluate(`[...document.querySelectorAll('main .card-wrapper')].map((card) => {
      const link = card.querySelector('.card > .card__content .card__heading a');
      const rating = card.querySelector('.rating[role="img"]');
      return {
        handle: /\\/products\\/([^/?#]+)/.exec(link.getAttribute('href'))[1],
        label: rating && rating.getAttribute('aria-label'),
        count: rating && card.querySelector('.rating-count [aria-hidden]').textContent,
        starsShown: !!rating && rating.querySelector('.rating-star').getBoundingClientRect().width > 0,
        ours: [...card.querySelectorAll('[data-vitrine-stars]')].map((el) => (el.hidden ? 'hidden' : 'shown')),
      };
    })`) as Promise<{ handle: string; label: string | null; count: string | null; starsShown: boolean; ours: string[] }[]>;

  test('collection: the rating on each card with reviews, and no snippet of ours there; no request (in a section that shows ratings, a card without one has no reviews)', async () => {
    const asked: string[][] = [];
    await withPage(
      shop,
      '/collections/all',
      async (opened) => {
        // Products without reviews have no rating of the theme's: ours are placed (and stay hidden).
        await settled(opened.page, 3);
        await opened.page.waitForTimeout(800);
        const cards = await cardsWithRatings(opened.page);
        const stats = await expectedStats(cards.map((card) => card.handle));
        assert.ok(cards.length >= 10);
        for (const card of cards) {
          const expected = stats[card.handle]!;
          if (expected.r > 0) {
            assert.deepEqual(
              { label: card.label, count: card.count, starsShown: card.starsShown, ours: card.ours },
              { label: `${expected.s.toFixed(1)} out of 5.0 stars`, count: `(${expected.r})`, starsShown: true, ours: [] },
              card.handle,
            );
          } else {
            assert.deepEqual({ label: card.label, ours: card.ours }, { label: null, ours: ['hidden'] }, card.handle);
          }
        }
        // No stats request: the theme's section shows a rating for every product with reviews (the
        // provider keeps the platform's metafields equal to its stats), so the others have none.
        assert.ok(cards.some((card) => !card.label));
        assert.deepEqual(asked, []);
        assert.deepEqual(opened.errors, []);
      },
      {
        routes: async (context) => {
          await context.route('**/sf/prs/demo/stats.json', async (route) => {
            asked.push((JSON.parse(route.request().postData() ?? '{}') as { handles: string[] }).handles);
            await route.continue();
          });
        },
      },
    );
  });

  test('product page: the rating under the title and no stars line of ours, so no stats request; the reviews widget as before', async () => {
    await withPage(shop, '/products/classic-cotton-tee', async (opened) => {
      await opened.page.waitForFunction(
        `performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/star-snippets-')) && !!document.querySelector('[data-vitrine-mount="reviews"]')`,
        undefined,
        { timeout: SHOWN_WITHIN_MS },
      );
      await opened.page.waitForTimeout(800);
      const [st] = Object.values(await expectedStats(['classic-cotton-tee']));
      const shown = await opened.page.evaluate(`(() => {
        const rating = document.querySelector('.product__title + .rating-wrapper .rating[role="img"]');
        return { label: rating && rating.getAttribute('aria-label'), ours: document.querySelectorAll('[data-vitrine-stars]').length };
      })()`);
      assert.deepEqual(shown, { label: `${st!.s.toFixed(1)} out of 5.0 stars`, ours: 0 });
      // The loader starts the line's stats request only where the line can go (titleShowsRating).
      assert.deepEqual(statsRequests(opened), []);
      assert.deepEqual(problems(opened), []);
      assert.deepEqual(opened.errors, []);
    });
  });

  test("the same pages with the theme's ratings off (?show_rating=0): our snippets and stars line, as before", async () => {
    await withPage(shop, '/collections/all?show_rating=0', async (opened) => {
      const total = (await opened.page.evaluate(`document.querySelectorAll('main .card-wrapper').length`)) as number;
      await settled(opened.page, total);
      const cards = await cardsWithRatings(opened.page);
      assert.ok(
        cards.every((card) => card.label === null && card.ours.length === 1),
        JSON.stringify(cards),
      );
    });
    await withPage(shop, '/products/classic-cotton-tee?show_rating=0', async (opened) => {
      await opened.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.equal(await opened.page.evaluate(`document.querySelectorAll('.rating').length`), 0);
    });
  });
});

/** Opens the theme fixture page `name` (its markup: `html`) on the shop's origin, runs `fn` and always closes it. */
const withFixture = (name: string, html: string, fn: (opened: OpenedPage) => Promise<void>, query = '') =>
  withPage(shop, `${shop.origin}/__fixtures/themes/${name}.html${query}`, fn, {
    routes: fulfillHtml(`${shop.origin}/__fixtures/themes/*`, html),
  });

describe('theme fixtures: snippet right after each product title', () => {
  const themes = readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.replace(/\.html$/, ''));
  test('at least 8 public themes are covered', () => assert.ok(themes.length >= 8, themes.join()));
  for (const theme of themes) {
    test(theme, async () => {
      const html = readFileSync(join(FIXTURES, `${theme}.html`), 'utf8');
      await withFixture(theme, html, async (opened) => {
        const expected = (await opened.page.evaluate(`document.querySelectorAll('[data-expect-stars]').length`)) as number;
        assert.ok(expected >= 4);
        await settled(opened.page, expected);
        await opened.page.waitForTimeout(100);
        const result = (await opened.page.evaluate(`(() => ({
          wrong: [...document.querySelectorAll('[data-expect-stars]')].filter((t) => {
            const next = t.nextElementSibling;
            return !next || next.getAttribute('data-vitrine-stars') !== t.getAttribute('data-expect-stars');
          }).map((t) => t.getAttribute('data-expect-stars')),
          total: document.querySelectorAll('[data-vitrine-stars]').length,
          inChrome: document.querySelectorAll('header [data-vitrine-stars], footer [data-vitrine-stars]').length,
          shown: [...document.querySelectorAll('[data-vitrine-stars]')].map((s) => [s.getAttribute('data-vitrine-stars'), s.hidden ? '' : s.textContent]),
          iconWidth: (document.querySelector('[data-vitrine-stars]:not([hidden]) .vitrine-stars__icons') || { getBoundingClientRect: () => ({ width: 0 }) }).getBoundingClientRect().width,
        }))()`)) as { wrong: string[]; total: number; inChrome: number; shown: [string, string][]; iconWidth: number };
        assert.deepEqual(result.wrong, [], `misplaced: ${result.wrong.join()}`);
        assert.equal(result.total, expected, 'duplicate or extra snippets');
        assert.equal(result.inChrome, 0, 'snippets in header/footer links');
        // Hostile `svg { width: 100% }` and `span { display: block; width: 100% }` in the fixture CSS
        // do not stretch the icons.
        assert.equal(result.iconWidth, 90);
        const stats = await expectedStats(result.shown.map(([handle]) => handle));
        for (const [h, text] of result.shown) assert.equal(text.trim(), stats[h]!.r > 0 ? `(${stats[h]!.r})` : '', h);
        assert.deepEqual(opened.errors, []);
      });
    });
  }

  test('a product link whose snippet cannot be placed is reported once as missed handles', async () => {
    const html = readFileSync(join(FIXTURES, 'dawn.html'), 'utf8').replace(
      '<h1>Products</h1>',
      '<h1>Products</h1><p>Read about our <a href="/products/everyday-hoodie">hoodie</a>.</p>',
    );
    await withFixture(
      'dawn',
      html,
      async (opened) => {
        await settled(opened.page, 5);
        await opened.page.waitForTimeout(300);
        const lines = opened.console.filter((line) => line.includes('[Vitrine]') && line.includes(String(ERR_MISSED_HANDLES)));
        assert.equal(lines.length, 1, opened.console.join('\n'));
      },
      '?vtl-cse=1',
    );
  });
});

describe('theme fixtures: the product stars line right after the visible product title', () => {
  const PAGES = join(ROOT, 'test/fixtures/product-pages');
  const pages = readdirSync(PAGES)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.replace(/\.html$/, ''));
  for (const name of pages) {
    test(name, async () => {
      const html = readFileSync(join(PAGES, `${name}.html`), 'utf8');
      // Served at the product's own URL: the page context reads the handle from the path.
      const url = `${shop.origin}/products/classic-cotton-tee?fixture=${name}`;
      await withPage(
        shop,
        url,
        async ({ page, errors }) => {
          await page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, {
            timeout: SHOWN_WITHIN_MS,
          });
          const placed = (await page.evaluate(`(() => {
            const line = document.querySelector('.vitrine-stars--product');
            const anchor = document.querySelector('[data-expect-product-stars]');
            return { after: anchor.nextElementSibling === line, lines: document.querySelectorAll('.vitrine-stars--product').length, shown: line.checkVisibility() };
          })()`)) as { after: boolean; lines: number; shown: boolean };
          assert.deepEqual(placed, { after: true, lines: 1, shown: true });
          assert.deepEqual(errors, []);
        },
        { routes: fulfillHtml(url, html) },
      );
    });
  }
});
