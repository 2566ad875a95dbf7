/**
 * Browser-test harness: the demo shop + provider in-process (production build from `dist/`,
 * throw-away SQLite folder) and Debian's Chromium driven by playwright-core. `shop.test` resolves
 * to 127.0.0.1 inside the browser, so the same server doubles as a "real" non-localhost HTTP host
 * for the HTTPS rule; `shop.localhost` and `provider.localhost` (loopback for Chromium) make two
 * origins for a cross-origin install.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { CHROMIUM_FLAGS } from './chromiumFlags';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Shop {
  origin: string;
  port: number;
  /** The provider's data folder (its `admin-token` file holds the demo shop's owner token). */
  dataDir: string;
  /** Every POST the server received: its path and the bytes of its body (`Content-Length`). */
  posts: { path: string; bytes: number }[];
  browser: Browser;
  close(): Promise<void>;
}

/** What a test's shop differs in from the demo. */
export interface ShopOptions {
  shopSettingsOverrides?: Record<string, unknown>;
  /**
   * The demo theme's "show rating" (default on: cards and product pages show the platform's
   * review metafields, and our stars stay away from them). Off for tests of our own stars there.
   */
  showRating?: boolean;
}

/** Starts the server on a free port and a headless Chromium. Call `close()` in `after`. */
export async function startShop(opts: ShopOptions = {}): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-browser-'));
  const distDir = process.env.VITRINE_DIST_DIR ? resolve(process.env.VITRINE_DIST_DIR) : join(ROOT, 'dist');
  const demoTheme = opts.showRating === undefined ? undefined : { showRating: opts.showRating };
  const app = await buildApp({ dataDir, distDir, logger: false, shopSettingsOverrides: opts.shopSettingsOverrides, demoTheme });
  // What a page really sent (the browser's own request records leave out multipart bodies).
  const posts: Shop['posts'] = [];
  app.server.on('request', (request: { method?: string; url?: string; headers: Record<string, unknown> }) => {
    if (request.method === 'POST')
      posts.push({ path: (request.url ?? '').split('?')[0]!, bytes: Number(request.headers['content-length'] ?? 0) });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP shop.test 127.0.0.1'],
  });
  return {
    origin: `http://localhost:${port}`,
    port,
    dataDir,
    posts,
    browser,
    async close() {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser like the shop's, with the back-forward cache on: Playwright turns it off by default
 * (its `goBack` waits for a `load` that a restored page never fires: use `waitUntil: 'commit'`).
 * Close it after use.
 */
export const browserWithBackForwardCache = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });

/**
 * How long a test waits for something a shopper should see. An upper bound, not a timed
 * assertion: it only matters when the thing never shows, and a cold server on a loaded 2-core CI
 * machine can take several seconds for a page's first chunks (a 5 s wait failed once in CI).
 */
export const SHOWN_WITHIN_MS = 15_000;

/** Init script for pages of `browserWithBackForwardCache`: notes a restore from that cache. */
export const NOTE_RESTORE = "addEventListener('pageshow', (event) => { if (event.persisted) window.__restored = true; });";

/** Waits until the page (opened with NOTE_RESTORE) was restored from the back-forward cache; fails after `timeout`. */
export const restoredFromCache = (page: Page, timeout = SHOWN_WITHIN_MS): Promise<unknown> =>
  page.waitForFunction(() => (window as unknown as { __restored?: boolean }).__restored, undefined, { timeout });

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console messages of every frame, as `type: text`. */
  console: string[];
  /** Uncaught errors on the page (ours must never appear here). */
  errors: string[];
  /** URLs requested by the page. */
  requests: string[];
}

export interface OpenOptions {
  /** Runs before any page script (set settings, remove browser features); serialised, so it must not close over variables. */
  init?: string;
  viewport?: { width: number; height: number };
  /**
   * The browser's agent. Headless Chromium's own (`HeadlessChrome`) is a bot's: tests of tracking
   * and error reports give a real browser's.
   */
  userAgent?: string;
  /** `window.screen` (default: the viewport's size). */
  screen?: { width: number; height: number };
  /**
   * Waits for `window.Vitrine` after `load` (default). Off for tests of what must wait for the
   * visitor's first interaction: Playwright evaluates as a user gesture, so any `evaluate` or
   * `waitForFunction` sets `navigator.userActivation`, which our error reports count as one.
   */
  waitForInit?: boolean;
  /** Installs network routes (fixtures, hostile provider answers) before the page loads. */
  routes?: (context: BrowserContext) => Promise<void>;
}

/** Opens `url` in a fresh context (see `OpenOptions`). Close it with `context.close()`, or use `withPage`. */
export async function open(shop: Shop, url: string, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await shop.browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    userAgent: options.userAgent,
    screen: options.screen,
  });
  if (options.routes) await options.routes(context);
  const page = await context.newPage();
  const result: OpenedPage = { page, context, console: [], errors: [], requests: [] };
  page.on('console', (msg: ConsoleMessage) => result.console.push(`${msg.type()}: ${msg.text()}`));
  page.on('pageerror', (err) => result.errors.push(String(err)));
  page.on('request', (req) => result.requests.push(req.url()));
  // Count init events from the very start, before our script can fire one.
  // And the widgets mounted (`vitrine:mounted`), for `widgetMounted`.
  await page.addInitScript(
    `window.__vitrineInits = 0; addEventListener('vitrine:init', () => window.__vitrineInits++);` +
      `window.__vitrineMounted = []; addEventListener('vitrine:mounted', (event) => window.__vitrineMounted.push(event.detail.widget));`,
  );
  if (options.init) await page.addInitScript(options.init);
  await page.goto(url.startsWith('http') ? url : shop.origin + url, { waitUntil: 'load' });
  if (options.waitForInit !== false) await page.waitForFunction(() => 'Vitrine' in window, undefined, { timeout: 5000 }).catch(() => {});
  return result;
}

/** Opens `url` (see `open`), runs `fn` on it and always closes the context. */
export async function withPage<T>(shop: Shop, url: string, fn: (opened: OpenedPage) => Promise<T>, options: OpenOptions = {}): Promise<T> {
  const opened = await open(shop, url, options);
  try {
    return await fn(opened);
  } finally {
    await opened.context.close();
  }
}

/** Answers every request matching `pattern` with the page `html` (a fixture page on the shop's origin). */
export const fulfillHtml = (pattern: string, html: string) => async (context: BrowserContext) => {
  await context.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
};

/** Answers every request matching `pattern` with `json` (a hostile or broken provider). */
export const fulfillJson = (pattern: string, json: unknown) => async (context: BrowserContext) => {
  const body = JSON.stringify(json);
  await context.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
};

/** Waits until a console line equal to `text` appears (or fails after `timeout`). */
export async function waitForConsole(opened: OpenedPage, text: string, timeout = SHOWN_WITHIN_MS): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    const line = opened.console.find((l) => l.endsWith(`: ${text}`) || l === text);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`console never showed: ${text}\nGot:\n${opened.console.join('\n')}`);
}

/** The console lines that are errors or warnings. */
export const problems = (opened: OpenedPage): string[] => opened.console.filter((l) => l.startsWith('error') || l.startsWith('warning'));

/**
 * The shopper's first interaction, for what waits for one (the commerce services, the currency
 * converter): a Shift key press, which changes nothing on the page.
 */
export const firstInteraction = (page: Page): Promise<void> => page.keyboard.press('Shift');

/**
 * Waits until the page has fetched our chunk `name` (`reporting`, `commerce.product`): its
 * resource entry, so the file has arrived. Fails after `timeout`.
 */
export const chunkFetched = (page: Page, name: string, timeout = SHOWN_WITHIN_MS): Promise<unknown> =>
  page.waitForFunction(
    (prefix) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(prefix)),
    `/chunks/${name}-`,
    { timeout },
  );

/**
 * Waits until our widget `name` has mounted (`vitrine:mounted`), for a page opened with `open`:
 * an idle-time one (`reporting`: error reports and tracking) has then started its work. Its
 * chunk's arrival says less: the loader requests the idle chunks with its own when the page has
 * loaded (boot.ts), well before idle time. Fails after `timeout`.
 */
export const widgetMounted = (page: Page, name: string, timeout = SHOWN_WITHIN_MS): Promise<unknown> =>
  page.waitForFunction((widget) => (window as { __vitrineMounted?: string[] }).__vitrineMounted?.includes(widget), name, { timeout });

/**
 * Polls `check` every 100 ms until it gives something truthy (which it returns), or fails after
 * `timeout` naming `what`: for what arrives in its own time (reports, beacons, hooks' news).
 */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeout = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeout) throw new Error(`never happened: ${what}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
