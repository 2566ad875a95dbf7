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
import { open, problems, ROOT, startShop, type OpenedPage, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

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

/** Waits until `count` snippets exist and none waits for stats. */
async function settled(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    `document.querySelectorAll('[data-vitrine-stars]').length >= ${count} && !document.querySelector('[data-vitrine-pending]')`,
    undefined,
    { timeout: SHOWN_WITHIN_MS },
  );
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

function checkCards(cards: Card[], stats: Record<string, Stats>, label: (s: Stats) => string): void {
  assert.ok(cards.length >= 10, `only ${cards.length} cards`);
  for (const card of cards) {
    assert.ok(card.handle, 'card without a product link');
    assert.equal(card.snippets.length, 1, `${card.handle}: ${card.snippets.length} snippets`);
    const [s] = card.snippets;
    const st = stats[card.handle!]!;
    assert.equal(s.handle, card.handle);
    assert.equal(s.afterTitle, true, `${card.handle}: snippet is not right after the title`);
    if (st.r > 0) {
      assert.equal(s.hidden, false, `${card.handle}: hidden with ${st.r} reviews`);
      assert.equal(s.text.trim(), `(${st.r})`, `${card.handle}: count`);
      assert.equal(s.role, 'img');
      assert.equal(s.label, label(st));
    } else {
      assert.equal(s.hidden, true, `${card.handle}: zero reviews must show nothing`);
    }
  }
}

describe('star snippets on the demo shop', () => {
  for (const [path, lang] of [
    ['/collections/all', 'en'],
    ['/es/collections/all', 'es'],
  ] as const) {
    test(`every card on ${path} has exactly one snippet right after its title with the provider's count`, async () => {
      const o = await open(shop, path);
      try {
        const total = await o.page.evaluate(`document.querySelectorAll('main .card-wrapper').length`);
        await settled(o.page, total as number);
        const cards = await dawnCards(o.page);
        const stats = await expectedStats(cards.map((c) => c.handle!));
        const label =
          lang == 'es'
            ? (s: Stats) => `${s.s.toFixed(1).replace('.', ',')} de 5 estrellas, ${s.r} ${s.r == 1 ? 'reseña' : 'reseñas'}`
            : (s: Stats) => `${s.s.toFixed(1)} out of 5 stars, ${s.r} ${s.r == 1 ? 'review' : 'reviews'}`;
        checkCards(cards, stats, label);
        // ONE stats request for the whole page, nothing per product.
        assert.equal(o.requests.filter((u) => u.includes('/sf/prs/')).length, 1, o.requests.filter((u) => u.includes('/sf/prs/')).join('\n'));
        // The stars are decorative; the icons carry explicit sizes (18 px each).
        const icons = await o.page.evaluate(`(() => {
          const el = document.querySelector('[data-vitrine-stars="classic-cotton-tee"] .vitrine-stars__icons');
          const r = el.getBoundingClientRect();
          const front = parseFloat(el.lastElementChild.getAttribute('width'));
          return { hidden: el.getAttribute('aria-hidden'), w: r.width, h: r.height, filled: Math.round(front / 1.2), align: getComputedStyle(el.parentElement).textAlign };
        })()`);
        // Five 18 px icons; the front row is clipped to the average's share.
        const tee = stats['classic-cotton-tee']!;
        assert.deepEqual(icons, { hidden: 'true', w: 90, h: 18, filled: Math.round(tee.s * 20), align: 'center' });
        assert.deepEqual(o.errors, []);
        // The chunk is framework-free: the Preact chunk is not needed for the stars.
        assert.ok(o.requests.some((u) => /chunks\/star-snippets-[\w-]+\.js$/.test(u)));
      } finally {
        await o.context.close();
      }
    });
  }

  test('cards added later (infinite scroll) get snippets; a re-rendered card gets its snippet back; refresh reuses the stats', async () => {
    const o = await open(shop, '/collections/all');
    try {
      const total = (await o.page.evaluate(`document.querySelectorAll('main .card-wrapper').length`)) as number;
      await settled(o.page, total);
      // Infinite scroll: the theme appends a second page of cards (clones of the first four).
      await o.page.evaluate(`(() => {
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
      await o.page.waitForFunction(
        `[...document.querySelectorAll('main .card-wrapper')].every((c) => c.querySelectorAll('[data-vitrine-stars]').length === 1) && !document.querySelector('[data-vitrine-pending]')`,
        undefined,
        { timeout: SHOWN_WITHIN_MS },
      );
      const stats = await expectedStats((await dawnCards(o.page)).map((c) => c.handle!));
      checkCards(await dawnCards(o.page), stats, (s) => `${s.s.toFixed(1)} out of 5 stars, ${s.r} ${s.r == 1 ? 'review' : 'reviews'}`);
      // A forced refresh re-injects with the stats it already has: still one per card, no request.
      const before = o.requests.filter((u) => u.includes('/sf/prs/')).length;
      await o.page.evaluate(`window.Vitrine.refresh()`);
      await o.page.waitForTimeout(300);
      const counts = await o.page.evaluate(`[...document.querySelectorAll('main .card-wrapper')].map((c) => c.querySelectorAll('[data-vitrine-stars]').length)`);
      assert.deepEqual(counts, new Array(total + 4).fill(1));
      assert.equal(o.requests.filter((u) => u.includes('/sf/prs/')).length, before);
      // Our own writes do not wake the observer: no further runs, no new stats requests.
      await o.page.waitForTimeout(800);
      assert.equal(o.requests.filter((u) => u.includes('/sf/prs/')).length, before);
      assert.deepEqual(o.errors, []);
    } finally {
      await o.context.close();
    }
  });

  test('product page: stars, average and "Rated by hundreds of happy customers" under the title; click scrolls to the reviews widget', async () => {
    const o = await open(shop, '/products/classic-cotton-tee', {
      init: `document.addEventListener('DOMContentLoaded', () => { document.querySelector('footer').style.minHeight = '3000px'; });`,
    });
    try {
      await o.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, { timeout: SHOWN_WITHIN_MS });
      const [st] = Object.values(await expectedStats(['classic-cotton-tee']));
      const line = (await o.page.evaluate(`(() => {
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
      assert.equal(await o.page.evaluate(`document.querySelectorAll('.vitrine-stars--listing[data-vitrine-stars="classic-cotton-tee"]').length`), 0);
      const hasReviews = await o.page.evaluate(`!!document.querySelector('[data-vitrine-mount="reviews"]')`);
      if (hasReviews) {
        // Sample the scroll position every frame inside the page, then click.
        await o.page.evaluate(`(() => {
          window.__ys = [];
          const f = () => { __ys.push([performance.now(), scrollY]); if (__ys.length < 120) requestAnimationFrame(f); };
          requestAnimationFrame(f);
        })()`);
        await o.page.click('.vitrine-stars--product');
        await o.page.waitForTimeout(1400);
        const r = (await o.page.evaluate(`(() => {
          const ys = __ys, end = ys[ys.length - 1][1];
          const moved = ys.find((p) => p[1] > 0), done = ys.find((p) => p[1] === end);
          return { top: document.querySelector('[data-vitrine-mount="reviews"]').getBoundingClientRect().top, steps: new Set(ys.map((p) => p[1])).size, ms: done[0] - moved[0] };
        })()`)) as { top: number; steps: number; ms: number };
        assert.ok(Math.abs(r.top - 100) <= 1, `reviews top at ${r.top}px, expected 100`);
        assert.ok(r.steps > 20, `not smooth: ${r.steps} positions`);
        assert.ok(r.ms > 800 && r.ms < 1200, `scroll took ${r.ms} ms`);
      }
      assert.deepEqual(o.errors, []);
    } finally {
      await o.context.close();
    }
  });

  test('product page: the stars line stats are preloaded with the snippets chunk and downloaded once', async () => {
    const o = await open(shop, '/products/ceramic-mug');
    try {
      await o.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, { timeout: SHOWN_WITHIN_MS });
      const url = `${shop.origin}/api/sf/prs/demo/ceramic-mug.json`;
      const entries = (await o.page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name === ${JSON.stringify(url)}).map((e) => e.initiatorType)`)) as string[];
      assert.deepEqual(entries, ['link'], 'one download, started by the preload link');
      assert.deepEqual(problems(o), [], 'no "preloaded but not used" warning');
    } finally {
      await o.context.close();
    }
    // Turned off in settings: no preload (it would be a wasted download and a console warning).
    const off = await open(shop, '/products/ceramic-mug', {
      init: `window.vitrineSettings = { reviews: { starSnippet: { product: false } } };`,
    });
    try {
      await off.page.waitForFunction(`performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/star-snippets-'))`, undefined, { timeout: SHOWN_WITHIN_MS });
      await off.page.waitForTimeout(500);
      assert.equal(await off.page.evaluate(`document.querySelectorAll('link[rel="preload"][as="fetch"]').length`), 0);
      assert.equal(await off.page.evaluate(`!!document.querySelector('.vitrine-stars--product')`), false);
    } finally {
      await off.context.close();
    }
  });

  test('reduced motion: Enter on the product stars jumps to the reviews at once', async () => {
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => { document.querySelector('footer').style.minHeight = '3000px'; });`);
      await page.goto(`${shop.origin}/products/ceramic-mug`);
      await page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]') && !!document.querySelector('[data-vitrine-mount="reviews"]')`, undefined, { timeout: SHOWN_WITHIN_MS });
      await page.focus('.vitrine-stars--product');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(50);
      const top = (await page.evaluate(`document.querySelector('[data-vitrine-mount="reviews"]').getBoundingClientRect().top`)) as number;
      assert.ok(Math.abs(top - 100) <= 1, `reviews top at ${top}px`);
    } finally {
      await context.close();
    }
  });

  test("spec §2: the sort control has no 'best-selling'; a best-selling URL is sent to the manual sort", async () => {
    const o = await open(shop, '/collections/all?sort_by=best-selling&page=1');
    try {
      await o.page.waitForURL(`${shop.origin}/collections/all?sort_by=manual&page=1`, { timeout: SHOWN_WITHIN_MS });
      await settled(o.page, 1);
      const options = (await o.page.evaluate(`[...document.querySelectorAll('#SortBy option')].map((x) => x.value)`)) as string[];
      assert.ok(options.length >= 3 && options.includes('manual'), options.join());
      assert.ok(!options.includes('best-selling'), options.join());
      // Still gone after the theme re-renders its sort form (Dawn swaps the facets on filtering).
      await o.page.evaluate(`document.querySelector('#SortBy').insertAdjacentHTML('beforeend', '<option value="best-selling">Best selling</option>')`);
      await o.page.waitForFunction(`!document.querySelector('#SortBy option[value="best-selling"]')`, undefined, { timeout: SHOWN_WITHIN_MS });
      assert.deepEqual(o.errors, []);
    } finally {
      await o.context.close();
    }
  });
});

/** Opens a fixture page on the shop's origin (real loader and provider). */
async function openFixture(name: string, html: string, query = ''): Promise<OpenedPage> {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(`${shop.origin}/__fixtures/themes/*`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  const page = await context.newPage();
  const o: OpenedPage = { page, context, console: [], errors: [], requests: [] };
  page.on('console', (m) => o.console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => o.errors.push(String(e)));
  page.on('request', (r) => o.requests.push(r.url()));
  await page.goto(`${shop.origin}/__fixtures/themes/${name}.html${query}`);
  return o;
}

describe('theme fixtures: snippet right after each product title', () => {
  const themes = readdirSync(FIXTURES).filter((f) => f.endsWith('.html')).map((f) => f.replace(/\.html$/, ''));
  test('at least 8 public themes are covered', () => assert.ok(themes.length >= 8, themes.join()));
  for (const theme of themes) {
    test(theme, async () => {
      const html = readFileSync(join(FIXTURES, `${theme}.html`), 'utf8');
      const o = await openFixture(theme, html);
      try {
        const expected = (await o.page.evaluate(`document.querySelectorAll('[data-expect-stars]').length`)) as number;
        assert.ok(expected >= 4);
        await settled(o.page, expected);
        await o.page.waitForTimeout(100);
        const result = (await o.page.evaluate(`(() => ({
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
        // Hostile `svg { width: 100% }` in the fixture CSS does not stretch the icons.
        assert.equal(result.iconWidth, 90);
        const stats = await expectedStats(result.shown.map(([h]) => h));
        for (const [h, text] of result.shown) assert.equal(text.trim(), stats[h]!.r > 0 ? `(${stats[h]!.r})` : '', h);
        assert.deepEqual(o.errors, []);
      } finally {
        await o.context.close();
      }
    });
  }

  test('a product link whose snippet cannot be placed is reported once as missed handles', async () => {
    const html = readFileSync(join(FIXTURES, 'dawn.html'), 'utf8').replace(
      '<h1>Products</h1>',
      '<h1>Products</h1><p>Read about our <a href="/products/everyday-hoodie">hoodie</a>.</p>',
    );
    const o = await openFixture('dawn', html, '?vtl-cse=1');
    try {
      await settled(o.page, 5);
      await o.page.waitForTimeout(300);
      const lines = o.console.filter((l) => l.includes('[Vitrine]') && l.includes('3015'));
      assert.equal(lines.length, 1, o.console.join('\n'));
    } finally {
      await o.context.close();
    }
  });
});

describe('theme fixtures: the product stars line right after the visible product title', () => {
  const PAGES = join(ROOT, 'test/fixtures/product-pages');
  const pages = readdirSync(PAGES).filter((f) => f.endsWith('.html')).map((f) => f.replace(/\.html$/, ''));
  for (const name of pages) {
    test(name, async () => {
      const html = readFileSync(join(PAGES, `${name}.html`), 'utf8');
      // Served at the product's own URL: the page context reads the handle from the path.
      const url = `${shop.origin}/products/classic-cotton-tee?fixture=${name}`;
      await withPage(
        shop,
        url,
        async (o) => {
          await o.page.waitForFunction(`!!document.querySelector('.vitrine-stars--product[aria-label]')`, undefined, { timeout: SHOWN_WITHIN_MS });
          const placed = (await o.page.evaluate(`(() => {
            const line = document.querySelector('.vitrine-stars--product');
            const anchor = document.querySelector('[data-expect-product-stars]');
            return { after: anchor.nextElementSibling === line, lines: document.querySelectorAll('.vitrine-stars--product').length, shown: line.checkVisibility() };
          })()`)) as { after: boolean; lines: number; shown: boolean };
          assert.deepEqual(placed, { after: true, lines: 1, shown: true });
          assert.deepEqual(o.errors, []);
        },
        { routes: async (context) => void (await context.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }))) },
      );
    });
  }
});
