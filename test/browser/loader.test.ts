/**
 * The loader's rules (spec §1, §5 "Loading rules"), shown in real Chromium on the production
 * build against the demo shop: every refusal or stop with its exact console text.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import {
  eventually,
  fulfillHtml,
  problems,
  ROOT,
  SHOWN_WITHIN_MS,
  startShop,
  waitForConsole,
  type Shop,
  widgetMounted,
  withPage,
} from './harness';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

const SUPPORT_EMAIL = 'support@vitrine-demo.example';
const UNSUPPORTED = `Vitrine is unable to load. Please contact customer support at ${SUPPORT_EMAIL}`;
const HTTPS = 'Vitrine can only load via HTTPS. Please set up your domain to use HTTPS.';

const hasGlobal = (o: { page: import('playwright-core').Page }) => o.page.evaluate(() => 'Vitrine' in window);
const inits = (o: { page: import('playwright-core').Page }) =>
  o.page.evaluate(() => (window as unknown as { __vitrineInits: number }).__vitrineInits);

describe('boot on the demo shop', () => {
  for (const path of [
    '/',
    '/collections/all',
    '/products/classic-cotton-tee',
    '/cart',
    '/es/collections/all',
    '/en-us/products/classic-cotton-tee',
  ]) {
    test(`starts on ${path}: one global, one vitrine:init, no console errors`, async () => {
      await withPage(shop, path, async (o) => {
        assert.equal(await hasGlobal(o), true);
        assert.equal(await inits(o), 1);
        const info = await o.page.evaluate(() => ({
          version: window.Vitrine!.version,
          country: window.Vitrine!.countryCode,
          type: window.Vitrine!.page.pageType,
          root: window.Vitrine!.page.localeRoot,
        }));
        assert.match(info.version, /^\d+\.\d+\.\d+/);
        assert.equal(info.country, 'FI');
        const expectedType =
          path === '/' ? 'home' : path.includes('/collections/') ? 'collection' : path.includes('/products/') ? 'product' : 'cart';
        assert.equal(info.type, expectedType);
        assert.equal(info.root, path.startsWith('/es/') ? '/es' : path.startsWith('/en-us/') ? '/en-us' : '');
        assert.deepEqual(o.errors, []);
        // No errors and no warnings: the provider's settings for the demo shop are all valid.
        assert.deepEqual(problems(o), []);
      });
    });
  }

  test('the loader is a classic async script without a framework; the framework loads only after the page has loaded', async () => {
    await withPage(shop, '/', async (o) => {
      const tag = await o.page.evaluate(() => {
        const s = document.querySelector<HTMLScriptElement>('script[src*="vitrine.js"]')!;
        return { async: s.async, type: s.type };
      });
      assert.deepEqual(tag, { async: true, type: '' });
      const loader = readFileSync(join(ROOT, process.env.VITRINE_DIST_DIR || 'dist', 'vitrine.js'), 'utf8');
      assert.doesNotMatch(loader, /__k\b|__H\b|preact|useState/, 'framework code in the loader');
      // Idle widgets (the currency selector) may bring the framework, but never before `load`.
      await o.page.waitForTimeout(1500);
      const timing = await o.page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const fw = performance.getEntriesByType('resource').find((e) => /chunks\/framework-/.test(e.name));
        return { loadEnd: nav.loadEventEnd, framework: fw ? fw.startTime : null };
      });
      if (timing.framework !== null)
        assert.ok(
          timing.framework >= timing.loadEnd - 1,
          `framework fetched at ${timing.framework} ms, before load (${timing.loadEnd} ms)`,
        );
    });
  });

  test("the loader's top level runs one statement, its boot: nothing else is evaluated on every page", () => {
    // The minifier keeps an expression it cannot prove free of effects even when its value is
    // unused: the full validation's module-id label (`[…].join(' | ')`, in parseSettings.ts) was
    // built at every start of the loader.
    const loader = readFileSync(resolve(ROOT, process.env.VITRINE_DIST_DIR || 'dist', 'vitrine.js'), 'utf8');
    const source = ts.createSourceFile('vitrine.js', loader, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const [only, ...rest] = source.statements;
    let call = only && !rest.length && ts.isExpressionStatement(only) ? only.expression : undefined;
    if (call && ts.isPrefixUnaryExpression(call)) call = call.operand;
    assert.ok(call && ts.isCallExpression(call) && ts.isFunctionExpression(call.expression), 'the loader is one function called at once');
    const others = call.expression.body.statements
      .filter(ts.isExpressionStatement)
      .map((statement) => statement.getText(source))
      .filter((text) => !text.includes('document.currentScript'));
    assert.deepEqual(others, [], 'statements run besides the boot');
  });

  test("starts after the page's first paint, even when the script runs before it (a blocking tag in the head)", async () => {
    const url = `${shop.origin}/pages/paint-first`;
    // The script in the head without `async`: it runs before the body is parsed, so before any paint.
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paint first</title>
      <script>addEventListener('vitrine:init', () => { window.__initAt = performance.now(); });</script>
      <script src="/demo/vitrine.js"></script></head>
      <body><main><h1>A heading painted first</h1><p>${'Some text. '.repeat(50)}</p></main></body></html>`;
    await withPage(
      shop,
      url,
      async (o) => {
        await eventually('vitrine:init', () => o.page.evaluate(`typeof window.__initAt === 'number'`));
        const at = (await o.page.evaluate(
          `({ init: window.__initAt, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null })`,
        )) as { init: number; paint: number | null };
        assert.ok(at.paint !== null, 'no first contentful paint');
        assert.ok(at.init >= at.paint, `started at ${at.init} ms, before the first paint (${at.paint} ms)`);
        assert.deepEqual(o.errors, []);
      },
      { routes: fulfillHtml(url, html) },
    );
  });

  test('on a page that has loaded, the idle chunks are requested with the first ones, and their widgets still wait for idle time', async () => {
    const url = `${shop.origin}/pages/loaded-first`;
    // Our script added once the page has loaded (as a tag manager does): the page is complete when it starts.
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loaded first</title></head>
      <body><main><h1>Loaded first</h1></main>
      <script>addEventListener('load', () => { const s = document.createElement('script'); s.src = '/demo/vitrine.js'; document.body.append(s); });</script>
      </body></html>`;
    // Idle callbacks are kept, not run, until the test runs them.
    const init = `window.__idle = []; window.requestIdleCallback = (callback) => window.__idle.push(callback);`;
    await withPage(
      shop,
      url,
      async (o) => {
        const chunk = (name: string) => o.requests.filter((request) => request.includes(`/chunks/${name}-`));
        await eventually('the idle chunks requested', () => chunk('reporting').length && chunk('content-protection').length);
        assert.ok(
          o.requests.findIndex((request) => request.includes('/chunks/core-')) <
            o.requests.findIndex((request) => request.includes('/chunks/reporting-')),
        );
        await o.page.waitForTimeout(500);
        // The star snippets start at once; the idle widgets not yet.
        assert.deepEqual(await o.page.evaluate('window.__vitrineMounted'), ['star-snippets']);
        await o.page.evaluate(`window.__idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }))`);
        await widgetMounted(o.page, 'reporting');
        await widgetMounted(o.page, 'content-protection');
        // Each chunk once: the idle-time load used the request already made.
        assert.equal(chunk('reporting').length, 1);
        assert.equal(chunk('content-protection').length, 1);
        assert.deepEqual(o.errors, []);
      },
      { routes: fulfillHtml(url, html), init },
    );
  });
});

describe('refusals', () => {
  test('without XMLHttpRequest: the exact support text, no global', async () => {
    await withPage(
      shop,
      '/',
      async (o) => {
        await waitForConsole(o, UNSUPPORTED);
        assert.equal(await hasGlobal(o), false);
        assert.equal(await inits(o), 0);
        assert.deepEqual(o.errors, []);
      },
      { init: 'delete window.XMLHttpRequest;', waitForInit: false },
    );
  });

  test('without MutationObserver: the exact support text, no global', async () => {
    await withPage(
      shop,
      '/',
      async (o) => {
        await waitForConsole(o, UNSUPPORTED);
        assert.equal(await hasGlobal(o), false);
      },
      { init: 'delete window.MutationObserver;', waitForInit: false },
    );
  });

  test('over plain HTTP on a real host name: the exact HTTPS text, no global', async () => {
    await withPage(
      shop,
      `http://shop.test:${shop.port}/`,
      async (o) => {
        await waitForConsole(o, HTTPS);
        assert.equal(await hasGlobal(o), false);
      },
      { waitForInit: false },
    );
  });

  test('over plain HTTP in the theme editor (design mode): starts', async () => {
    await withPage(shop, `http://shop.test:${shop.port}/?design_mode=1`, async (o) => {
      assert.equal(await hasGlobal(o), true);
      assert.equal(
        o.console.some((l) => l.includes(HTTPS)),
        false,
      );
    });
  });
});

describe('stops', () => {
  const cases: [string, string, string | undefined][] = [
    ['a page that was not found', '/no-such-page', undefined],
    ['checkout', '/checkout', undefined],
    ['a page-builder editor URL', '/?pagefly=1', undefined],
    ['a shop domain that differs from the configured one', '/', `window.vitrineSettings = { shopDomain: 'another-shop.myshopify.com' };`],
  ];
  const texts: Record<string, string> = {
    '/no-such-page': 'Vitrine: not started on a 404 page.',
    '/checkout': 'Vitrine: not started on checkout.',
    '/?pagefly=1': 'Vitrine: not started in a page builder.',
    '/': 'Vitrine: not started on another shop domain.',
  };
  for (const [name, path, init] of cases) {
    test(`on ${name}`, async () => {
      await withPage(
        shop,
        path,
        async (o) => {
          await waitForConsole(o, texts[path]);
          assert.equal(await hasGlobal(o), false);
          assert.deepEqual(o.errors, []);
        },
        { init, waitForInit: false },
      );
    });
  }

  test('in a sandboxed frame without cookie access', async () => {
    await withPage(
      shop,
      '/',
      async (o) => {
        await o.page.evaluate((src) => {
          const frame = document.createElement('iframe');
          frame.setAttribute('sandbox', 'allow-scripts');
          frame.src = src;
          document.body.appendChild(frame);
        }, `${shop.origin}/collections/all`);
        await waitForConsole(o, 'Vitrine: not started in a frame without cookies.', 10000);
      },
      { waitForInit: false },
    );
  });
});

describe('second load', () => {
  const addScriptAgain = (o: { page: import('playwright-core').Page }) =>
    o.page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const s = document.createElement('script');
          s.src = document.querySelector<HTMLScriptElement>('script[src*="vitrine.js"]')!.src;
          s.onload = () => resolve();
          document.head.appendChild(s);
        }),
    );

  test('is prevented: no second init, the same global', async () => {
    await withPage(shop, '/', async (o) => {
      await o.page.evaluate(() => ((window as unknown as { __first: unknown }).__first = window.Vitrine));
      await addScriptAgain(o);
      assert.equal(await inits(o), 1);
      assert.equal(await o.page.evaluate(() => (window as unknown as { __first: unknown }).__first === window.Vitrine), true);
    });
  });

  test('with an instant-navigation library: refreshes the running copy instead', async () => {
    await withPage(
      shop,
      '/',
      async (o) => {
        // The second stage gives the global its `refresh` (before its first mount): wrap that one.
        await eventually('the first mount', () => o.page.evaluate(`window.__mounted === true`));
        await o.page.evaluate(() => {
          const v = window.Vitrine!;
          const original = v.refresh;
          v.refresh = () => {
            (window as unknown as { __refreshed: boolean }).__refreshed = true;
            original();
          };
        });
        await addScriptAgain(o);
        // The second copy decides after the page's first paint too: in a task of its own.
        await eventually('the refresh', () => o.page.evaluate(`window.__refreshed === true`));
        assert.equal(await inits(o), 1);
        assert.equal(await o.page.evaluate(() => (window as unknown as { __refreshed?: boolean }).__refreshed), true);
      },
      { init: `window.Turbo = {}; addEventListener('vitrine:mounted', () => { window.__mounted = true; });` },
    );
  });
});

describe('settings', () => {
  test('malformed values: one console warning, defaults used, still starts', async () => {
    await withPage(
      shop,
      '/',
      async (o) => {
        assert.equal(await hasGlobal(o), true);
        // Said by the full validation (the settings chunk), which comes after the global.
        await eventually('the settings warning', () => o.console.some((l) => l.startsWith('warning') && l.includes('Vitrine settings')));
        await o.page.waitForTimeout(300);
        const warnings = o.console.filter((l) => l.startsWith('warning') && l.includes('Vitrine settings'));
        assert.equal(warnings.length, 1, o.console.join('\n'));
        assert.match(warnings[0], /modules/);
        assert.match(warnings[0], /starFront/);
        assert.match(warnings[0], /bogus/);
        assert.deepEqual(o.errors, []);
      },
      { init: `window.vitrineSettings = { modules: 'all', colors: { starFront: 'not-a-colour' }, bogus: 1 };` },
    );
  });
});

describe('script optimisers', () => {
  // Some speed apps fetch a shop's scripts and run them from a `blob:` URL, so the script's own URL
  // is no base for relative ones. The provider's settings name absolute URLs, which must be enough.
  test('loaded from a blob: URL: the widgets mount, nothing uncaught, no settings warning', async () => {
    await withPage(
      shop,
      '/products/classic-cotton-tee',
      async (o) => {
        assert.match(await o.page.evaluate('String(window.__vitrineScript)'), /^blob:/);
        await o.page.waitForFunction(
          `!!document.querySelector('[data-vitrine-mount="reviews"]')?.shadowRoot?.querySelector('.card')`,
          undefined,
          {
            timeout: SHOWN_WITHIN_MS,
          },
        );
        assert.deepEqual(o.errors, []);
        assert.deepEqual(problems(o), []);
      },
      {
        routes: async (context) => {
          await context.route(`${shop.origin}/products/classic-cotton-tee`, async (route) => {
            const response = await route.fetch();
            const html = (await response.text()).replace(
              /<script async src="([^"]*\/vitrine\.js)"><\/script>/,
              (_tag, src: string) =>
                `<script>fetch(${JSON.stringify(src)}).then((r) => r.text()).then((code) => { const s = document.createElement('script');` +
                ` s.src = window.__vitrineScript = URL.createObjectURL(new Blob([code], { type: 'text/javascript' })); document.head.appendChild(s); });</script>`,
            );
            assert.match(html, /__vitrineScript/);
            await route.fulfill({ response, body: html });
          });
        },
      },
    );
  });
});
