/**
 * The owner's code (`settings.hooks`, docs/owner-hooks.md) on the demo shop's product page,
 * production build, real Chromium: a throwing JS First, a throwing mounted hook and a throwing JS
 * Last each reach the provider as an error report (2300) with its phase while the stars and the
 * reviews widget still render; JS First runs before any widget host exists; the named hooks hear
 * the widgets mount and render; nothing runs in the theme editor unless the owner allows it there.
 *
 * Reports are skipped for bots, and headless Chromium's own agent is one: these pages get a real
 * desktop browser's agent and screen (as in observability.test.ts). Settings come from the page,
 * set before the script (`window.vitrineSettings` wins over the served ones).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { eventually, open, type OpenedPage, type OpenOptions, type Shop, SHOWN_WITHIN_MS, startShop } from './harness';

const DESKTOP = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36',
  screen: { width: 1920, height: 1080 },
};
const PRODUCT = '/products/classic-cotton-tee';

/** The page's settings: only `hooks` differs from what the provider serves. */
const withHooks = (hooks: Record<string, unknown>) => `window.vitrineSettings = { hooks: ${JSON.stringify(hooks)} };`;

/** Every error report the page posts, as its form fields. */
function recordReports(reports: Record<string, string>[]) {
  return async (context: BrowserContext) => {
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/store-error')
        reports.push(Object.fromEntries(new URLSearchParams(request.postData() ?? '')));
    });
  };
}

/** The product page's stars line and the reviews widget (scrolled to) with its reviews. */
async function widgetsWork(opened: OpenedPage): Promise<void> {
  await opened.page.waitForSelector('.vitrine-stars--product', { timeout: SHOWN_WITHIN_MS });
  await opened.page.locator('[data-vitrine-mount="reviews"]').scrollIntoViewIfNeeded({ timeout: SHOWN_WITHIN_MS });
  await opened.page.waitForFunction(
    "!!document.querySelector('[data-vitrine-mount=\"reviews\"]')?.shadowRoot?.querySelector('article.card')",
    undefined,
    { timeout: SHOWN_WITHIN_MS },
  );
}

let shop: Shop;
before(async () => {
  // The tests wait for our product stars line: the theme's own rating (which replaces it) is off.
  shop = await startShop({ showRating: false });
});
after(async () => {
  await shop?.close();
});

async function visit(url: string, options: OpenOptions & { reports?: Record<string, string>[] } = {}): Promise<OpenedPage> {
  return open(shop, url, { ...DESKTOP, ...options, routes: options.reports && recordReports(options.reports) });
}

describe('owner hooks', () => {
  test('a throwing owner hook is reported with its phase and the widgets still work', async () => {
    const reports: Record<string, string>[] = [];
    const opened = await visit(PRODUCT, {
      reports,
      init: withHooks({
        first: `window.hostsAtFirst = document.querySelectorAll('[data-vitrine-mount]').length; throw new Error('owner first failed');`,
        events: { mounted: `if (vitrine.detail.widget === 'star-snippets') throw new Error('owner mounted failed');` },
        last: `throw new Error('owner last failed');`,
      }),
    });
    try {
      await widgetsWork(opened);
      assert.equal(await opened.page.evaluate('window.hostsAtFirst'), 0);
      // Reports wait for the visitor's first interaction (spec §8's gate).
      await opened.page.click('main h1');
      const owner = () => reports.filter((report) => report.code === '2300');
      await eventually('the three owner code reports', () => owner().length >= 3);
      const byPhase = Object.fromEntries(owner().map((report) => [report['errors[0][phase]'], report]));
      assert.deepEqual(Object.keys(byPhase).sort(), ['first', 'hook:mounted', 'last']);
      assert.equal(byPhase.first!['errors[0][msg]'], 'owner first failed');
      assert.equal(byPhase['hook:mounted']!['errors[0][msg]'], 'owner mounted failed');
      assert.equal(byPhase.last!['errors[0][msg]'], 'owner last failed');
      for (const report of owner()) assert.equal(report['errors[0][widget]'], 'hooks');
      // Caught and reported: none of it reaches the page as an uncaught error.
      assert.deepEqual(opened.errors, []);
    } finally {
      await opened.context.close();
    }
  });

  test('JS First runs before any widget host exists; the hooks hear the widgets mount and render; JS Last sees them', async () => {
    const opened = await visit(PRODUCT, {
      init: withHooks({
        first: [
          `window.hooked = { hostsAtFirst: document.querySelectorAll('[data-vitrine-mount]').length, language: vitrine.language,`,
          `  shopId: vitrine.settings.shopId, pageType: vitrine.page.pageType, rendered: [], mounted: [] };`,
          `vitrine.on('rendered', (v) => window.hooked.rendered.push(v.detail.widget + (v.detail.host instanceof HTMLElement ? '' : '?')));`,
        ].join('\n'),
        events: { mounted: `window.hooked.mounted.push(vitrine.detail.widget);` },
        last: `window.hooked.last = vitrine.detail.mounted.map((m) => m.widget);`,
      }),
    });
    try {
      await widgetsWork(opened);
      const hooked = (await eventually('JS Last', () => opened.page.evaluate('window.hooked.last && window.hooked'))) as {
        hostsAtFirst: number;
        language: string;
        shopId: string;
        pageType: string;
        rendered: string[];
        mounted: string[];
        last: string[];
      };
      assert.equal(hooked.hostsAtFirst, 0);
      assert.deepEqual([hooked.language, hooked.shopId, hooked.pageType], ['en', 'demo', 'product']);
      for (const widget of ['star-snippets', 'reviews']) {
        assert.ok(hooked.mounted.includes(widget), `mounted: ${hooked.mounted.join(', ')}`);
        assert.ok(hooked.rendered.includes(widget), `rendered: ${hooked.rendered.join(', ')}`);
      }
      assert.ok(!hooked.mounted.includes('hooks'));
      assert.ok(hooked.last.includes('star-snippets'), `last: ${hooked.last.join(', ')}`);
      assert.deepEqual(opened.errors, []);
    } finally {
      await opened.context.close();
    }
  });

  test('in the theme editor nothing runs unless the owner allows it there', async () => {
    const hooks = { first: 'window.firstRan = true;', events: { mounted: 'window.mountedRan = true;' } };
    for (const inEditor of [false, true]) {
      const opened = await visit(`${PRODUCT}?design_mode=1`, { init: withHooks({ ...hooks, inEditor }) });
      try {
        await opened.page.waitForSelector('.vitrine-stars--product', { timeout: SHOWN_WITHIN_MS });
        const ran = await opened.page.evaluate('[!!window.firstRan, !!window.mountedRan]');
        assert.deepEqual(ran, [inEditor, inEditor], `inEditor: ${inEditor}`);
      } finally {
        await opened.context.close();
      }
    }
  });
});
