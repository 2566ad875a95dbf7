/**
 * A page the browser prerenders (the theme's speculation rules; Chromium's address bar does the
 * same with a page it expects the shopper to open) is made ready, widgets included, but may never
 * be shown: its page view goes only when the shopper opens it, and the widgets that wait for the
 * shopper (the currency selector, until an interaction or 5 s of being shown) wait for that too.
 *
 * Chromium does not prerender while a DevTools client is attached (`PrerenderingDisabledByDevTools`),
 * so this test drives no browser: Chromium is started (as for Lighthouse, `launchChrome`) on a start page that asks for the product
 * page's prerender and waits for the test's word to open it; a front server in the test (the
 * shop's origin, passing everything else to the demo shop) records what each request was for
 * (`Sec-Purpose: prefetch;prerender`) and the tracking requests' bodies.
 */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { launchChrome, type LaunchedChrome } from '../../perf/lib/launchChrome';
import { eventually, SHOWN_WITHIN_MS, startShop, type Shop } from './harness';
import { CHROMIUM_FLAGS } from './chromiumFlags';

const PRODUCT = '/products/classic-cotton-tee';
/**
 * The page prerendered and opened: the product with the theme's ratings off, so that the stars line
 * (and its stats request) is ours; where the theme shows the rating by the title, there is none.
 */
const PAGE = `${PRODUCT}?show_rating=0`;
/** A desktop browser's agent and screen: headless Chromium's own are a bot's, and bots are not tracked. */
const DESKTOP_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
/**
 * More than the prerendered page needs to send a page view once tracking is there (it went at
 * once), and more than the 5 s after its load at which the currency selector came.
 */
const SETTLE_MS = 6_500;
/** The currency converter's chunk (the demo's shopper chose no currency: it waits for them). */
const CONVERTER = /^\/vitrine\/chunks\/currency-converter-/;

interface Seen {
  method: string;
  path: string;
  /** The request was made for a prerendering page. */
  prerender: boolean;
  /** For `/api/track`: the request type and page address of its meta, and its events' types. */
  track?: { requestType: number; pageUrl: string; events: string[] };
}

/** The start page: asks for the product page's prerender, and opens it when `/go` says so. */
const START = `<!doctype html><html lang="en"><title>Start</title><p>Start</p>
<script type="speculationrules">{"prerender":[{"source":"list","urls":["${PAGE}"]}]}</script>
<script>setInterval(() => fetch('/go').then((r) => r.text()).then((go) => { if (go === 'yes') location.href = '${PAGE}'; }), 200);</script>`;

let shop: Shop;
let front: Server;
let chrome: LaunchedChrome;
const seen: Seen[] = [];
let go = false;

before(async () => {
  shop = await startShop();
  front = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/start') return void res.writeHead(200, { 'content-type': 'text/html' }).end(START);
    if (path === '/go') return void res.writeHead(200, { 'cache-control': 'no-store' }).end(go ? 'yes' : 'no');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const entry: Seen = { method: req.method ?? 'GET', path, prerender: /prerender/.test(String(req.headers['sec-purpose'] ?? '')) };
      if (path === '/api/track') {
        const { meta, events } = JSON.parse(body.toString()) as {
          meta: { requestType: number; pageUrl: string };
          events: { type: string }[];
        };
        entry.track = { requestType: meta.requestType, pageUrl: meta.pageUrl, events: events.map((event) => event.type) };
      }
      seen.push(entry);
      const upstream = httpRequest(
        { host: '127.0.0.1', port: shop.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((listening) => front.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  // Nothing attaches to its debugging port. Its profile and temporary files go with `kill`.
  chrome = await launchChrome({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      `--user-agent=${DESKTOP_AGENT}`,
      '--window-size=1920,1080',
      '--screen-info={1920x1080}',
    ],
    startingUrl: `${origin}/start`,
    logLevel: 'silent',
  });
});

after(async () => {
  await chrome.kill();
  front.close();
  await shop.close();
});

test('a prerendered product page is made ready, widgets included, and sends its page view and loads the currency selector only once the shopper opens it', async () => {
  const fromPrerender = (path: RegExp) => seen.find((entry) => entry.prerender && path.test(entry.path));
  // The browser prerenders the page, our script and the reporting chunk that carries tracking
  // (at idle, after the page's load) included, and the stars line asks for its stats.
  await eventually('the reporting chunk fetched by the prerendering page', () => fromPrerender(/^\/vitrine\/chunks\/reporting-/));
  assert.ok(fromPrerender(new RegExp(`^${PRODUCT}$`)), 'the product page itself was prerendered');
  assert.ok(fromPrerender(/^\/api\/sf\/prs\//), 'the stars line asked for its stats while prerendering');
  await new Promise((settle) => setTimeout(settle, SETTLE_MS));
  assert.deepEqual(
    seen.filter((entry) => entry.track),
    [],
    'no tracking request while the page is not shown',
  );
  assert.equal(fromPrerender(CONVERTER), undefined, 'no currency selector for a page not shown');

  go = true;
  const pageView = await eventually(
    'the page view once the page is shown',
    () => seen.find((entry) => entry.track?.requestType === 1),
    SHOWN_WITHIN_MS,
  );
  assert.equal(new URL(pageView.track!.pageUrl).pathname, PRODUCT);
  assert.deepEqual(pageView.track!.events, ['page_view']);
  assert.equal(pageView.prerender, false);
  // The shopper got the prerendered page: it was not asked for again.
  assert.equal(seen.filter((entry) => entry.method === 'GET' && entry.path === PRODUCT).length, 1);
  // Its 5 s count from when it was shown.
  await eventually(
    'the currency selector once the page has been shown for 5 s',
    () => seen.find((entry) => CONVERTER.test(entry.path)),
    SHOWN_WITHIN_MS,
  );
});
