// @vitest-environment jsdom
/**
 * Tracking on a page (spec §4 "Tracking", "Consent"): the page view, heartbeats while visible,
 * the final send, impressions once, interactions and add-to-carts batched, the meta of spec §3,
 * the user uid and session cookies — and nothing of it (no request, no cookie) before consent
 * allows it.
 * Time is a fake clock: the heartbeat is counted in ticks, never waited for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSettings } from '../../../../../src/core/parseSettings';
import { startTracking } from '../../../../../src/widgets/reporting/tracking/startTracking';
import type { WidgetContext } from '../../../../../src/widgets/types';

interface Sent {
  url: string;
  body: string | URLSearchParams;
}
let sent: Sent[];
let reports: [number, unknown][];
let stop: () => void;
let visibility: DocumentVisibilityState;
/** The IntersectionObserver callbacks of the page, to show elements. */
let observed: { callback: IntersectionObserverCallback; targets: Element[] }[];

const tracks = () => sent.filter((request) => request.url.endsWith('/track')).map((request) => JSON.parse(request.body as string));
const consents = () =>
  sent.filter((request) => request.url.endsWith('/consent')).map((request) => Object.fromEntries(request.body as URLSearchParams));
const types = () => tracks().map((request) => [request.meta.requestType, request.events.map((event: { type: string }) => event.type)]);

function start(raw: Record<string, unknown> = {}, page: Partial<WidgetContext['page']> = {}) {
  const { settings } = parseSettings(
    { shopId: 'demo', providerBase: 'https://p.example/api/', ...raw },
    'https://p.example/demo/vitrine.js',
  );
  const ctx = {
    settings,
    page: { pageType: 'product', designMode: false, preview: false, ...page },
    report: (code: number, error: unknown) => reports.push([code, error]),
  } as unknown as WidgetContext;
  stop = startTracking(ctx, (url, body) => sent.push({ url, body }));
}

/** The page hidden, then shown again: what waits for the page to be hidden goes (with a final send when tracked). */
function hideAndShow() {
  for (const state of ['hidden', 'visible'] as const) {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  }
}

function show(element: Element) {
  for (const observer of observed) {
    if (observer.targets.includes(element)) {
      observer.callback([{ target: element, intersectionRatio: 0.6 } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  }
}

/** Records every cookie read and write of the page, in order (a read after a write costs the browser a trip). */
function logCookies(): ('read' | 'write')[] {
  const log: ('read' | 'write')[] = [];
  const own = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
    log.push('read');
    return own.get!.call(this);
  });
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    log.push('write');
    own.set!.call(this, value);
  });
  return log;
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  reports = [];
  observed = [];
  visibility = 'visible';
  localStorage.clear();
  for (const name of ['vitrine_uid', 'vitrine_sid', 'cart']) document.cookie = `${name}=; max-age=0; path=/`;
  document.cookie = '_tracking_consent=; max-age=0; path=/';
  document.body.innerHTML =
    '<div data-vitrine-mount="reviews"></div><span data-vitrine-stars="tee"></span><span data-vitrine-stars="hat"></span>';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observed.push({ callback, targets: this.targets });
      }
      observe(element: Element) {
        this.targets.push(element);
      }
      unobserve(element: Element) {
        this.targets.splice(this.targets.indexOf(element), 1);
      }
      disconnect() {}
    },
  );
  delete (window as { Shopify?: unknown }).Shopify;
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('tracking with consent', () => {
  it('sends the page view at once, a heartbeat every 5 s while visible, and a final send when hidden', () => {
    start();
    expect(types()).toEqual([[1, ['page_view']]]);
    vi.advanceTimersByTime(10_000);
    expect(types().slice(1)).toEqual([
      [2, ['heartbeat']],
      [2, ['heartbeat']],
    ]);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(15_000);
    expect(types().slice(3)).toEqual([[3, ['page_hide']]]);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(5_000);
    expect(types().slice(4)).toEqual([[2, ['heartbeat']]]);
  });

  it('sends the meta of spec §3 and the shop id, and keeps the user uid for 7 days and the session for 30 minutes', () => {
    const cookieSet = vi.spyOn(document, 'cookie', 'set');
    document.cookie = 'cart=c0ffee';
    (window as { ShopifyAnalytics?: unknown }).ShopifyAnalytics = { meta: { product: { id: 4242 } } };
    start();
    const [request] = tracks();
    // Spec §7: version, events and meta; the provider files it under the meta's shop id.
    expect(Object.keys(request).sort()).toEqual(['events', 'meta', 'version']);
    expect(request.version).toBe('0.1.0');
    expect(Object.keys(request.meta).sort()).toEqual(
      [
        'cartToken',
        'clientDate',
        'pageType',
        'pageUid',
        'pageUrl',
        'productId',
        'referrer',
        'requestType',
        'requestUid',
        'sessionId',
        'shopId',
        'userUid',
      ].sort(),
    );
    expect(request.meta).toMatchObject({
      shopId: 'demo',
      cartToken: 'c0ffee',
      pageType: 'product',
      requestType: 1,
      productId: '4242',
      pageUrl: location.href,
    });
    expect(request.meta.userUid).toMatch(/^[\da-f]{24}$/);
    expect(request.meta.sessionId).toMatch(/^[\da-f]{24}$/);
    expect(cookieSet.mock.calls.slice(1)).toEqual([
      [`vitrine_uid=${request.meta.userUid};max-age=604800;path=/;SameSite=Strict`],
      [`vitrine_sid=${request.meta.sessionId};max-age=1800;path=/;SameSite=Strict`],
    ]);
    vi.advanceTimersByTime(5_000);
    const [, beat] = tracks();
    // One page view: its uid, session and user stay; every request has its own uid.
    expect(beat.meta).toMatchObject({
      pageUid: request.meta.pageUid,
      sessionId: request.meta.sessionId,
      userUid: request.meta.userUid,
      requestType: 2,
    });
    expect(beat.meta.requestUid).not.toBe(request.meta.requestUid);
    delete (window as { ShopifyAnalytics?: unknown }).ShopifyAnalytics;
  });

  it('the next page of the visit, in this tab or another, keeps the user and the session: a visit ends after 30 minutes without a page view', () => {
    start();
    const [first] = tracks();
    stop();
    sent = [];
    // Another page (or tab): the cookies hold both ids, and each page view keeps them longer.
    const cookieSet = vi.spyOn(document, 'cookie', 'set');
    start();
    const [next] = tracks();
    expect([next.meta.userUid, next.meta.sessionId]).toEqual([first.meta.userUid, first.meta.sessionId]);
    expect(next.meta.pageUid).not.toBe(first.meta.pageUid);
    expect(cookieSet.mock.calls.map(([cookie]) => cookie.split(';')[1])).toEqual(['max-age=604800', 'max-age=1800']);
    // The session cookie gone (30 minutes passed): a new visit of the same visitor.
    stop();
    sent = [];
    document.cookie = 'vitrine_sid=; max-age=0; path=/';
    start();
    const [later] = tracks();
    expect(later.meta.userUid).toBe(first.meta.userUid);
    expect(later.meta.sessionId).not.toBe(first.meta.sessionId);
  });

  it('a prerendered page (speculation rules, the address bar) sends nothing and writes no cookie until it is shown', () => {
    const log = logCookies();
    let prerendering = true;
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering });
    try {
      // Prerendered pages are hidden: no heartbeat either, nor a final send if it is dropped.
      visibility = 'hidden';
      start();
      vi.advanceTimersByTime(10_000);
      window.dispatchEvent(new Event('pagehide'));
      expect(tracks()).toEqual([]);
      expect(log.filter((entry) => entry === 'write')).toEqual([]);
      // The shopper opens it: its page view, then heartbeats as on any page.
      prerendering = false;
      visibility = 'visible';
      document.dispatchEvent(new Event('prerenderingchange'));
      expect(types()).toEqual([[1, ['page_view']]]);
      vi.advanceTimersByTime(5_000);
      expect(types().slice(1)).toEqual([[2, ['heartbeat']]]);
    } finally {
      delete (document as { prerendering?: boolean }).prerendering;
    }
  });

  it('an id cookie that is not one of ours is replaced', () => {
    document.cookie = 'vitrine_uid=<script>; path=/';
    document.cookie = 'vitrine_sid=0123; path=/';
    start();
    const [{ meta }] = tracks();
    expect([meta.userUid, meta.sessionId]).toEqual([expect.stringMatching(/^[\da-f]{24}$/), expect.stringMatching(/^[\da-f]{24}$/)]);
  });

  it('reads every cookie of the page view before writing its own (a read after a write costs the browser a trip)', () => {
    const log = logCookies();
    start();
    expect(tracks()).toHaveLength(1);
    expect(log.indexOf('write')).toBeGreaterThan(log.lastIndexOf('read'));
    expect(log.filter((entry) => entry === 'write')).toHaveLength(2);
  });

  it('counts each widget element once when half visible, and batches interactions and add-to-carts into the next request', () => {
    start();
    const [reviews, tee] = [document.querySelector('[data-vitrine-mount]')!, document.querySelector('[data-vitrine-stars]')!];
    show(reviews);
    show(tee);
    show(tee);
    window.dispatchEvent(new CustomEvent('vitrine:interaction', { detail: { name: 'photo-opened' } }));
    window.dispatchEvent(new CustomEvent('vitrine:write-review', { detail: { stars: 5 } }));
    const form = document.createElement('form');
    form.setAttribute('action', '/cart/add');
    document.body.append(form);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    vi.advanceTimersByTime(5_000);
    expect(tracks()[1].events).toEqual([
      { type: 'heartbeat' },
      { type: 'impression', widget: 'reviews', count: 1 },
      { type: 'impression', widget: 'star-snippets', count: 1 },
      { type: 'interaction', name: 'photo-opened' },
      { type: 'interaction', name: 'write-review-opened' },
      { type: 'add_to_cart' },
    ]);
    vi.advanceTimersByTime(5_000);
    expect(tracks()[2].events).toEqual([{ type: 'heartbeat' }]);
  });

  it('does not count an add-to-cart form a theme submits with fetch itself (its request is counted instead)', () => {
    start();
    const form = document.createElement('form');
    form.setAttribute('action', '/cart/add');
    form.addEventListener('submit', (event) => event.preventDefault());
    document.body.append(form);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    vi.advanceTimersByTime(5_000);
    expect(tracks()[1].events).toEqual([{ type: 'heartbeat' }]);
  });

  it('sends a new page view when instant navigation has moved the page', () => {
    start();
    history.pushState({}, '', '/products/other');
    window.dispatchEvent(new Event('vitrine:refresh'));
    window.dispatchEvent(new Event('vitrine:refresh'));
    expect(types()).toEqual([
      [1, ['page_view']],
      [1, ['page_view']],
    ]);
    expect(tracks()[1].meta.pageUid).not.toBe(tracks()[0].meta.pageUid);
    history.pushState({}, '', '/');
  });

  it('sends a new page view when the page comes back from the back-forward cache (the same address, viewed again)', () => {
    start();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(types()).toEqual([[1, ['page_view']]]);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(types()).toEqual([
      [1, ['page_view']],
      [1, ['page_view']],
    ]);
    expect(tracks()[1].meta.pageUid).not.toBe(tracks()[0].meta.pageUid);
  });

  it('spec §7: the placement report goes when the page is first hidden, late mount points in it, before any consent (it holds no visitor data); once per page view; not for the owner', () => {
    document.body.innerHTML = '<div data-vitrine-mount="reviews" data-vitrine-placement="owner-4-d"></div>';
    start({ consentLimit: 'GDPR_BLOCK_ALL' });
    const reports = () =>
      sent.filter((request) => request.url.endsWith('/placement-report')).map((request) => JSON.parse(request.body as string));
    // Not at start: the page's first seconds are spared the request.
    vi.advanceTimersByTime(10_000);
    expect(reports()).toEqual([]);
    // The late step (15 s) placed one more.
    document.body.insertAdjacentHTML('beforeend', '<div data-vitrine-mount="offer-card" data-vitrine-placement="atc-form"></div>');
    hideAndShow();
    hideAndShow();
    expect(reports()).toEqual([{ s: 'demo', i: ['owner-4-d', 'atc-form'] }]);
    // Back from the back-forward cache: a new page view, with its own report.
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    hideAndShow();
    expect(reports()).toHaveLength(2);
    stop();
    start({}, { designMode: true });
    hideAndShow();
    expect(reports()).toHaveLength(2);
    document.body.innerHTML = '';
  });

  it('tracks nothing for the shop owner in the theme editor or a preview', () => {
    start({}, { designMode: true });
    stop();
    start({}, { preview: true });
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
  });
});

describe('tracking and consent', () => {
  const privacy = (consent: 'yes' | 'no' | 'no_interaction') => {
    (window as { Shopify?: unknown }).Shopify = {
      customerPrivacy: { getTrackingConsent: () => consent, userCanBeTracked: () => consent === 'yes' },
    };
  };

  it('a GDPR shop sends nothing and sets no cookie until the visitor agrees through the platform, then sends what happened', () => {
    const cookieSet = vi.spyOn(document, 'cookie', 'set');
    const accepted = vi.fn();
    window.addEventListener('vitrine:consent-accepted', accepted);
    privacy('no_interaction');
    start({ consentLimit: 'GDPR' });
    window.dispatchEvent(new CustomEvent('vitrine:interaction', { detail: { name: 'filter-used' } }));
    vi.advanceTimersByTime(20_000);
    expect(tracks()).toEqual([]);
    expect(cookieSet).not.toHaveBeenCalled();
    // The consent report waits for the page to be hidden: the start sends nothing at all.
    expect(consents()).toEqual([]);
    hideAndShow();
    expect(tracks()).toEqual([]);
    expect(consents()).toEqual([{ gdpr: '1', ccpa: '0', sId: 'demo', bt: '1' }]);

    privacy('yes');
    document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: true } }));
    expect(types()).toEqual([[1, ['page_view', 'interaction']]]);
    expect(accepted).toHaveBeenCalledOnce();
    hideAndShow();
    expect(consents()).toEqual([
      { gdpr: '1', ccpa: '0', sId: 'demo', bt: '1' },
      { gdpr: '1', ccpa: '0', sId: 'demo', bt: '0' },
    ]);
    window.removeEventListener('vitrine:consent-accepted', accepted);
  });

  it("spec §9: without the platform's feature loader, the privacy API that comes late is waited for (every 100 ms, 50 tries) and decides", () => {
    (window as { Shopify?: unknown }).Shopify = {};
    start({ consentLimit: 'GDPR_BLOCK_ALL' });
    vi.advanceTimersByTime(1000);
    expect(tracks()).toEqual([]);
    privacy('yes');
    vi.advanceTimersByTime(100);
    expect(types()).toEqual([[1, ['page_view']]]);
  });

  /**
   * The platform's feature loader as storefronts have it: the privacy API comes a task after it is
   * asked for (server/shop/assets/load-features.js), reading the consent cookie when asked.
   */
  const featureLoader = (api: () => Record<string, unknown>, error: Error | null = null) => {
    const shopify: Record<string, unknown> = {
      loadFeatures: vi.fn((features: { name: string }[], done: (error: Error | null) => void) => {
        setTimeout(() => {
          if (!error && features[0]?.name === 'consent-tracking-api') shopify.customerPrivacy = api();
          done(error);
        });
      }),
    };
    (window as { Shopify?: unknown }).Shopify = shopify;
    return shopify;
  };

  it('with the platform feature loader, the first decision waits for the privacy API: a first visit under a regulation is never tracked early', () => {
    const cookieSet = vi.spyOn(document, 'cookie', 'set');
    // A first visit (no consent cookie) from where the platform needs consent.
    const shopify = featureLoader(() => ({ getTrackingConsent: () => 'no_interaction', userCanBeTracked: () => false }));
    start({ consentLimit: 'GDPR' });
    expect(shopify.loadFeatures).toHaveBeenCalledWith([{ name: 'consent-tracking-api', version: '0.1' }], expect.any(Function));
    expect(tracks()).toEqual([]);
    vi.advanceTimersByTime(20_000);
    expect(tracks()).toEqual([]);
    expect(cookieSet).not.toHaveBeenCalled();
  });

  it("with the platform feature loader, the page view goes once the API allows it, every cookie read (the API's too) before our writes", () => {
    const log = logCookies();
    const read = () => (document.cookie.includes('_tracking_consent') ? 'yes' : 'no_interaction');
    featureLoader(() => ({ getTrackingConsent: read, userCanBeTracked: () => true }));
    start({ consentLimit: 'GDPR' });
    expect(tracks()).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(types()).toEqual([[1, ['page_view']]]);
    expect(log.indexOf('write')).toBeGreaterThan(log.lastIndexOf('read'));
  });

  it('a feature loader that fails (an error, or a throw) leaves the decision to the cookie and the setting', () => {
    featureLoader(() => ({}), new Error('blocked'));
    start({ consentLimit: 'GDPR' });
    vi.advanceTimersByTime(10);
    expect(types()).toEqual([[1, ['page_view']]]);
    stop();
    sent = [];
    (window as { Shopify?: unknown }).Shopify = {
      loadFeatures() {
        throw new Error('broken');
      },
    };
    start({ consentLimit: 'GDPR' });
    expect(types()).toEqual([[1, ['page_view']]]);
  });

  it('a visitor who says no is never tracked, and what was kept while they decided is dropped', () => {
    privacy('no_interaction');
    start({ consentLimit: 'GDPR' });
    window.dispatchEvent(new CustomEvent('vitrine:interaction', { detail: { name: 'filter-used' } }));
    privacy('no');
    document.dispatchEvent(new Event('visitorConsentCollected'));
    vi.advanceTimersByTime(20_000);
    hideAndShow();
    expect(tracks()).toEqual([]);
    expect(consents().at(-1)).toMatchObject({ bt: '1' });
  });

  it('an answer given on another page counts when Back restores this one from the back-forward cache', () => {
    const restored = () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    // A yes given meanwhile: tracking starts with the restored page's view.
    privacy('no_interaction');
    start({ consentLimit: 'GDPR' });
    privacy('yes');
    restored();
    expect(types()).toEqual([[1, ['page_view']]]);
    // A no given meanwhile: nothing more goes out, not even a heartbeat.
    privacy('no');
    restored();
    vi.advanceTimersByTime(20_000);
    expect(types()).toEqual([[1, ['page_view']]]);
    hideAndShow();
    expect(consents().at(-1)).toMatchObject({ bt: '1' });
  });

  it('vitrine:consent-accepted from a shop’s own banner releases tracking, also after Back restores the page', () => {
    start({ consentLimit: 'GDPR_BLOCK_ALL' });
    expect(tracks()).toEqual([]);
    window.dispatchEvent(new Event('vitrine:consent-accepted'));
    expect(types()).toEqual([[1, ['page_view']]]);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(types()).toEqual([
      [1, ['page_view']],
      [1, ['page_view']],
    ]);
  });

  it('sends the consent report once per change, across page views', () => {
    start({ consentLimit: 'CCPA' });
    hideAndShow();
    stop();
    start({ consentLimit: 'CCPA' });
    hideAndShow();
    expect(consents()).toEqual([{ gdpr: '0', ccpa: '1', sId: 'demo', bt: '0' }]);
  });

  it('reports a consent cookie that does not parse (3811) and a policy mismatch (3810), once each', () => {
    document.cookie = `_tracking_consent=${encodeURIComponent('{broken')}; path=/`;
    start({ consentLimit: 'GDPR' });
    window.dispatchEvent(new Event('vitrine:refresh'));
    document.dispatchEvent(new Event('visitorConsentCollected'));
    expect(reports.map(([code]) => code)).toEqual([3811]);
    stop();
    document.cookie = `_tracking_consent=${encodeURIComponent('{"con":{"CMP":{"a":"1"}},"reg":"GDPR"}')}; path=/`;
    start({ consentLimit: 'CCPA' });
    expect(reports.map(([code]) => code)).toEqual([3811, 3810]);
  });
});
