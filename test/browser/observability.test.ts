/**
 * Tracking, consent and error reports as they reach the provider (production build, real
 * Chromium, the demo shop): a visit of a real desktop browser produces a page view, heartbeats and
 * a final send, which the owner's stats show; Googlebot and Lighthouse see the widgets and send
 * nothing; a GDPR shop sends nothing until the visitor agrees through the platform's API, then
 * what happened meanwhile; an error thrown in one of our chunks after a click arrives with its
 * fields, one thrown before any interaction does not, a click made before the reporting chunk
 * arrived still counts, and the shop's own error is left alone.
 *
 * Headless Chromium's own agent (`HeadlessChrome`) is a bot's, so these pages get a real
 * browser's agent and screen. Waits are upper bounds for something to arrive (or, for what must
 * not be sent, a heartbeat and more: the visitor's requests would have gone by then).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { eventually, open, type OpenedPage, type OpenOptions, type Shop, SHOWN_WITHIN_MS, startShop, widgetMounted } from './harness';

const DESKTOP = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36',
  screen: { width: 1920, height: 1080 },
};
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** PageSpeed Insights' Lighthouse (a local Lighthouse run sends the phone's own agent, nothing added). */
const LIGHTHOUSE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';
const PRODUCT = '/products/classic-cotton-tee';
/** Longer than one heartbeat (5 s): a tracked visitor would have sent a request by then. */
const LONGER_THAN_A_HEARTBEAT_MS = 7_000;

interface Post {
  path: string;
  body: string;
}

/** Every POST our pages send to the provider, with its body, in the order sent (beacons included). */
function recordPosts(posts: Post[]) {
  return async (context: BrowserContext) => {
    context.on('request', (request) => {
      if (request.method() !== 'POST') return;
      const path = new URL(request.url()).pathname;
      if (/^\/api\/(track|store-error|consent)$/.test(path)) posts.push({ path, body: request.postData() ?? '' });
    });
  };
}

type TrackRequest = { meta: Record<string, unknown>; events: { type: string; name?: string; widget?: string }[] };
const tracks = (posts: Post[]) => posts.filter((post) => post.path === '/api/track').map((post) => JSON.parse(post.body) as TrackRequest);
const forms = (posts: Post[], path: string) =>
  posts.filter((post) => post.path === path).map((post) => Object.fromEntries(new URLSearchParams(post.body)));

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
/** Our widget `name` has mounted (upper bound 20 s: the idle-time ones start after the page's load). */
const mounted = (opened: OpenedPage, name: string) => widgetMounted(opened.page, name, 20_000);

/**
 * The shopper switches to another tab and back. Headless Chromium cannot hide a tab, so the page
 * is told so the way the browser would: `visibilityState` and its `visibilitychange` event.
 */
const switchTabs = (opened: OpenedPage) =>
  opened.page.evaluate(`(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    }
    delete document.visibilityState;
  })()`);

async function visit(shop: Shop, url: string, posts: Post[], options: OpenOptions = {}): Promise<OpenedPage> {
  const routes = options.routes;
  return open(shop, url, {
    ...DESKTOP,
    ...options,
    routes: async (context) => {
      await recordPosts(posts)(context);
      await routes?.(context);
    },
  });
}

/** The owner's stats of today (UTC), with the demo shop's admin token. */
async function statsOfToday(shop: Shop) {
  const token = readFileSync(join(shop.dataDir, 'admin-token'), 'utf8').trim();
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${shop.origin}/api/admin/demo/stats?from=${today}&to=${today}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { days: { pageViews: number; visitors: number; impressions: Record<string, number> }[] }).days[0]!;
}

/** Replaces the content-protection chunk (loaded at idle on every demo page) with itself plus `code`. */
const withChunkCode = (code: string) => async (context: BrowserContext) => {
  await context.route('**/chunks/content-protection-*.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n${code}\n` });
  });
};

let shop: Shop;
before(async () => {
  // The tests wait for our product stars line: the theme's own rating (which replaces it) is off.
  shop = await startShop({ showRating: false });
});
after(async () => {
  await shop?.close();
});

describe('tracking a visit', () => {
  test('a page view, heartbeats every 5 s while visible and a final send when left; the owner’s stats show it', async () => {
    const before = await statsOfToday(shop);
    const posts: Post[] = [];
    const opened = await visit(shop, PRODUCT, posts);
    try {
      await eventually('the page view', () => tracks(posts).find((request) => request.meta.requestType === 1));
      await eventually('two heartbeats', () => tracks(posts).filter((request) => request.meta.requestType === 2).length >= 2);
      const [view, beat] = tracks(posts);
      assert.deepEqual(view!.events[0], { type: 'page_view' });
      assert.equal(view!.meta.pageType, 'product');
      assert.equal(view!.meta.pageUrl, `${shop.origin}${PRODUCT}`);
      assert.match(String(view!.meta.userUid), /^[\da-f]{24}$/);
      assert.equal(beat!.meta.pageUid, view!.meta.pageUid);
      // The user uid cookie: first party, 7 days, SameSite Strict.
      const cookie = (await opened.context.cookies()).find((c) => c.name === 'vitrine_uid');
      assert.equal(cookie?.value, view!.meta.userUid);
      assert.equal(cookie?.sameSite, 'Strict');
      assert.ok(Math.abs(cookie!.expires - (Date.now() / 1000 + 7 * 86400)) < 120);
      // The session: a visit ends after 30 minutes without a page view, in every tab.
      const session = (await opened.context.cookies()).find((c) => c.name === 'vitrine_sid');
      assert.equal(session?.value, view!.meta.sessionId);
      assert.equal(session?.sameSite, 'Strict');
      assert.ok(Math.abs(session!.expires - (Date.now() / 1000 + 1800)) < 120);
      // Sent while the page unloads: the browser no longer reports it as the page's request, the server receives it.
      const received = () => shop.posts.filter((post) => post.path === '/api/track').length;
      const sent = received();
      await opened.page.goto('about:blank');
      await eventually('the final send', () => received() > sent);
      assert.deepEqual(opened.errors, []);
    } finally {
      await opened.context.close();
    }
    const after = await eventually('the stats to count the visit', async () => {
      const day = await statsOfToday(shop);
      return day.pageViews > before.pageViews && day;
    });
    assert.equal(after.pageViews, before.pageViews + 1);
    assert.equal(after.visitors, before.visitors + 1);
    assert.ok((after.impressions['star-snippets'] ?? 0) >= 1, JSON.stringify(after.impressions));
  });
});

describe('bots and test tools', () => {
  for (const [name, options] of [
    ['Googlebot', { userAgent: GOOGLEBOT }],
    ['Lighthouse', { userAgent: LIGHTHOUSE, viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 } }],
  ] as const) {
    test(`${name} sees the widgets and sends nothing: no tracking, no consent report, no error report`, async () => {
      const posts: Post[] = [];
      const opened = await visit(shop, PRODUCT, posts, {
        ...options,
        routes: withChunkCode("setTimeout(() => { throw new Error('boom'); });"),
      });
      try {
        await opened.page.waitForSelector('.vitrine-stars--product', { timeout: SHOWN_WITHIN_MS });
        await opened.page.locator('[data-vitrine-mount="reviews"]').scrollIntoViewIfNeeded();
        await opened.page.waitForFunction(
          () => !!document.querySelector('[data-vitrine-mount="reviews"]')?.shadowRoot?.querySelector('.review, article'),
          undefined,
          {
            timeout: SHOWN_WITHIN_MS,
          },
        );
        await mounted(opened, 'reporting');
        await opened.page.click('main h1');
        await sleep(LONGER_THAN_A_HEARTBEAT_MS);
        assert.deepEqual(posts, []);
        // Tracking never started: no visitor id either.
        assert.equal(
          (await opened.context.cookies()).find((c) => c.name === 'vitrine_uid'),
          undefined,
        );
      } finally {
        await opened.context.close();
      }
    });
  }
});

describe('consent', () => {
  let gdpr: Shop;
  before(async () => {
    gdpr = await startShop({ shopSettingsOverrides: { consentLimit: 'GDPR' }, showRating: false });
  });
  after(async () => {
    await gdpr?.close();
  });

  test('tracking asks the platform’s feature loader for its privacy API, and a visitor whose platform consent says no is not tracked', async () => {
    const posts: Post[] = [];
    const noCookie = encodeURIComponent(JSON.stringify({ v: '2.1', con: { CMP: { a: '0', m: '0', p: '0', s: '0' } }, reg: '' }));
    const opened = await visit(shop, PRODUCT, posts, {
      routes: async (context) => {
        await context.addCookies([{ name: '_tracking_consent', value: noCookie, url: shop.origin }]);
      },
    });
    try {
      // The demo shop's page has no privacy API until someone (tracking, here) asks the platform's loader for it.
      await eventually('the privacy API, loaded on request', () =>
        opened.page.evaluate('typeof (window.Shopify && window.Shopify.customerPrivacy) === "object"'),
      );
      await sleep(LONGER_THAN_A_HEARTBEAT_MS);
      assert.deepEqual(tracks(posts), []);
      assert.equal(
        (await opened.context.cookies()).find((c) => c.name === 'vitrine_uid'),
        undefined,
      );
      // The consent report goes when the page is first hidden or left.
      assert.deepEqual(forms(posts, '/api/consent'), []);
      await switchTabs(opened);
      await eventually('the consent report', () => forms(posts, '/api/consent').length > 0);
      // Blocked (bt 1), in a shop without a consent limit (gdpr 0).
      assert.deepEqual(forms(posts, '/api/consent'), [{ gdpr: '0', ccpa: '0', sId: 'demo', bt: '1' }]);
      assert.deepEqual(tracks(posts), []);
    } finally {
      await opened.context.close();
    }
  });

  test('a GDPR shop sends nothing and sets no cookie until the visitor agrees through the platform’s API, then sends what happened', async () => {
    const posts: Post[] = [];
    // The platform's privacy API, as on a shop in the EU before the banner is answered.
    const init = `(() => {
      let consent = 'no_interaction';
      window.Shopify = window.Shopify || {};
      window.Shopify.customerPrivacy = {
        getTrackingConsent: () => consent,
        userCanBeTracked: () => consent === 'yes',
        setTrackingConsent(value, done) {
          consent = value.analytics ? 'yes' : 'no';
          document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: value.analytics } }));
          if (done) done();
        },
      };
    })();`;
    const opened = await visit(gdpr, PRODUCT, posts, { init });
    try {
      await mounted(opened, 'reporting');
      // Tracking has started once it sent the consent report, which goes when the page is hidden (a
      // loaded chunk may not have run yet).
      await eventually('the consent report', async () => {
        await switchTabs(opened);
        return forms(posts, '/api/consent').length > 0;
      });
      await opened.page.evaluate(() => window.dispatchEvent(new CustomEvent('vitrine:interaction', { detail: { name: 'filter-used' } })));
      await sleep(LONGER_THAN_A_HEARTBEAT_MS);
      assert.deepEqual(tracks(posts), []);
      assert.equal(
        (await opened.context.cookies()).find((c) => c.name === 'vitrine_uid'),
        undefined,
      );
      assert.deepEqual(forms(posts, '/api/consent'), [{ gdpr: '1', ccpa: '0', sId: 'demo', bt: '1' }]);

      const accepted = opened.page.evaluate(
        () => new Promise((done) => addEventListener('vitrine:consent-accepted', () => done(true), { once: true })),
      );
      await opened.page.evaluate(() =>
        (
          window as unknown as { Shopify: { customerPrivacy: { setTrackingConsent(v: unknown, d: () => void): void } } }
        ).Shopify.customerPrivacy.setTrackingConsent({ analytics: true }, () => {}),
      );
      assert.equal(await accepted, true);
      const [first] = await eventually('the first request', () => tracks(posts).length > 0 && tracks(posts));
      assert.equal(first!.meta.requestType, 1);
      assert.deepEqual(first!.events[0], { type: 'page_view' });
      assert.ok(
        first!.events.some((event) => event.type === 'interaction' && event.name === 'filter-used'),
        JSON.stringify(first!.events),
      );
      assert.ok((await opened.context.cookies()).some((c) => c.name === 'vitrine_uid'));
      await switchTabs(opened);
      await eventually('the changed consent report', () => forms(posts, '/api/consent').length > 1);
      assert.deepEqual(forms(posts, '/api/consent'), [
        { gdpr: '1', ccpa: '0', sId: 'demo', bt: '1' },
        { gdpr: '1', ccpa: '0', sId: 'demo', bt: '0' },
      ]);
    } finally {
      await opened.context.close();
    }
  });
});

describe('error reports', () => {
  test('an error thrown in one of our chunks after a click arrives with its fields', async () => {
    const posts: Post[] = [];
    const opened = await visit(shop, PRODUCT, posts, {
      routes: withChunkCode("document.addEventListener('click', () => { throw new Error('widget boom after a click'); });"),
    });
    try {
      await mounted(opened, 'content-protection');
      await mounted(opened, 'reporting');
      await opened.page.click('main h1');
      const [report] = await eventually(
        'the report',
        () => forms(posts, '/api/store-error').length > 0 && forms(posts, '/api/store-error'),
      );
      assert.equal(report!.sid, 'demo');
      assert.equal(report!.bid, '0.1.0');
      assert.equal(report!.code, '2000');
      assert.equal(report!['errors[0][msg]'], 'VTL:CRITICAL widget boom after a click');
      assert.equal(report!.url, `${shop.origin}${PRODUCT}`);
      assert.equal(report!.ua, DESKTOP.userAgent);
      assert.equal(report!.ss, '1920x1080');
      assert.match(report!.stl!, /^\d+$/);
      assert.match(report!.stack!, /chunks\/content-protection-[\w-]+\.js/);
      assert.ok(report!.stack!.length <= 1200);
      // Reported, not swallowed: the browser still sees it as the page's uncaught error.
      assert.ok(opened.errors.some((error) => error.includes('widget boom after a click')));
    } finally {
      await opened.context.close();
    }
  });

  test('one thrown before the visitor has interacted is not sent', async () => {
    const posts: Post[] = [];
    const opened = await visit(shop, PRODUCT, posts, {
      // Nothing evaluated in the page (see `waitForInit`): it would count as an interaction.
      waitForInit: false,
      routes: withChunkCode("setTimeout(() => { throw new Error('boom before any interaction'); });"),
    });
    try {
      await eventually('the error', () => opened.errors.some((error) => error.includes('boom before any interaction')));
      await eventually('a heartbeat (the visitor is tracked, so reports could go)', () =>
        tracks(posts).some((request) => request.meta.requestType === 2),
      );
      await sleep(2_000);
      assert.deepEqual(forms(posts, '/api/store-error'), []);
    } finally {
      await opened.context.close();
    }
  });

  test('a click made before the reporting chunk arrived counts: the reports held until then go out', async () => {
    const posts: Post[] = [];
    let release = (): void => {};
    const clicked = new Promise<void>((resolve) => (release = resolve));
    const opened = await visit(shop, PRODUCT, posts, {
      // Nothing evaluated in the page before the click (see `waitForInit`): only the click activates it.
      waitForInit: false,
      // The owner's JS First throws: a report made at the start, kept until the chunk comes.
      init: "window.vitrineSettings = { hooks: { first: 'throw new Error(\\'owner code before the chunk\\')' } };",
      // On a busy machine the chunk (loaded at idle time) can come after the visitor's first click.
      routes: async (context) => {
        await context.route('**/chunks/reporting-*.js', async (route) => {
          await clicked;
          await route.continue();
        });
      },
    });
    try {
      await opened.page.click('main h1');
      release();
      const [report] = await eventually(
        'the report',
        () => forms(posts, '/api/store-error').length > 0 && forms(posts, '/api/store-error'),
      );
      assert.equal(report!.code, '2300');
      assert.equal(report!['errors[0][msg]'], 'owner code before the chunk');
    } finally {
      release();
      await opened.context.close();
    }
  });

  test('the shop’s own thrown error is not reported by us, and still reaches the page as before', async () => {
    const posts: Post[] = [];
    const opened = await visit(shop, PRODUCT, posts);
    try {
      await mounted(opened, 'reporting');
      await opened.page.addScriptTag({
        content: "document.addEventListener('click', () => { throw new Error('the shop’s own error'); });",
      });
      await opened.page.click('main h1');
      await eventually('the shop’s error on the page', () => opened.errors.some((error) => error.includes('the shop’s own error')));
      await sleep(LONGER_THAN_A_HEARTBEAT_MS);
      assert.deepEqual(forms(posts, '/api/store-error'), []);
    } finally {
      await opened.context.close();
    }
  });
});
