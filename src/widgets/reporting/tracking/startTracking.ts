/**
 * Tracking (spec §4 "Consent", "Tracking"), started by the `reporting` chunk (which carries it) at
 * idle time for visitors who are not bots. No UI. Nothing is sent, and no id is created, before
 * consent allows it; until then what happens is kept, and sent once it does.
 *
 * - Requests (`POST /api/track`, JSON as `text/plain` with `post`): the page view (request
 *   type 1, again when the back-forward cache restores the page), a heartbeat every 5 s while
 *   the page is visible (type 2), a final send when it is hidden or left (type 3). Each carries
 *   the events since the previous one and the meta of spec §3 (`trackingMeta`).
 * - Events: `page_view`, `heartbeat`, `page_hide`; `impression` (`widget`, `count`: elements that
 *   became at least half visible, each counted once); `interaction` (`name`: the widgets'
 *   `vitrine:interaction` events and the write buttons' `vitrine:write-review`); `add_to_cart`.
 * - Consent (`decideConsent`) is decided once the platform's privacy API is there when the page
 *   has its feature loader (see the end), else at once; again when the platform's
 *   `visitorConsentCollected` document event or our `vitrine:consent-accepted` window event comes, and
 *   `vitrine:consent-accepted` fires once tracking is allowed, releasing features that waited.
 * - What nobody waits for goes when the page is first hidden or left, so the page's start sends
 *   only the page view: the placement report (`POST /api/placement-report`, once per page view)
 *   and the consent report (`POST /api/consent`, once per change: the last one sent is kept in
 *   local storage).
 * - The shop owner in the theme editor or a preview is not a visitor: nothing is tracked there.
 * - A page the browser prerenders (the theme's speculation rules, the address bar's guess) may
 *   never be shown: consent is decided, and the page view sent, once it is (`prerenderingchange`).
 */
import { ERR_CONSENT_COOKIE, ERR_CONSENT_POLICY, ERR_TIMER_CALLBACK } from '../../../core/errors';
import { waitForObject } from '../../../core/lib/waitForObject';
import { read } from '../../../core/lib/read';
import { safe } from '../../../core/lib/safeCall';
import { toJson } from '../../../core/lib/toJson';
import { createStorage } from '../../../core/storage';
import type { postBeacon } from '../lib/postBeacon';
import type { WidgetContext } from '../../types';
import { watchCartAdds } from './cartAdds';
import { decideConsent, type ConsentState } from './consent';
import { consentReport } from './consentReport';
import { watchImpressions } from './impressions';
import { randomId } from './lib/randomId';
import { placementReport } from './placementReport';
import { readCookie } from './lib/readCookie';
import { trackingMeta, type RequestType, type TrackingIds } from './trackingMeta';
import { keepIds, visitorIds } from './visitorIds';

/** Spec §9: tracking heartbeat. */
const HEARTBEAT_MS = 5000;
/** Events one request carries (the provider takes 100). */
const EVENTS_PER_REQUEST = 90;
/** Events kept while waiting for consent or the next request; older ones are dropped. */
const MAX_QUEUED = 300;
/** The platform's consent cookie. */
const CONSENT_COOKIE = '_tracking_consent';
const CONSENT_ACCEPTED = 'vitrine:consent-accepted';

type TrackEvent = Record<string, unknown>;

/**
 * Starts tracking on this page; returns the function that stops it. `post` sends each request
 * (the reporting chunk's `postBeacon`; tests record what would go).
 */
export function startTracking(ctx: WidgetContext, post: typeof postBeacon): () => void {
  if (ctx.page.designMode || ctx.page.preview) return () => {};
  const win = window;
  /** `prerendering`: not in TypeScript's DOM types yet. */
  const doc = win.document as Document & { prerendering?: boolean };
  const { settings } = ctx;
  /** The platform's privacy API, read afresh: the platform loads it on request. */
  const privacy = () => read(read(win, 'Shopify'), 'customerPrivacy');
  const stored = createStorage();
  let queue: TrackEvent[] = [];
  /** Impressions since the last request, by widget. */
  let seen: Record<string, number> = {};
  let ids: TrackingIds | null = null;
  let state: ConsentState = 'undecided';
  let pageUrl = '';
  let hidden = false;
  /** The placement report of this page view has gone. */
  let placed = false;
  /** The consent report as last decided, until the page is hidden. */
  let consent: Record<string, string> | null = null;
  let accepted = false;
  /** The problems reported on this page, by kind (once each). */
  const problems: Record<string, boolean> = {};

  const push = (event: TrackEvent) => {
    if (state === 'blocked') return;
    queue.push(event);
    if (queue.length > MAX_QUEUED) queue.shift();
  };
  const send = (requestType: RequestType, type: string) => {
    if (!ids) return;
    const impressions = Object.keys(seen).map((widget) => ({ type: 'impression', widget, count: seen[widget] }));
    seen = {};
    const events = [{ type }, ...impressions, ...queue.splice(0, EVENTS_PER_REQUEST - impressions.length)];
    const meta = trackingMeta(win, ctx.page, settings.shopId, ids, requestType);
    post(`${settings.providerBase}track`, toJson({ version: __VITRINE_VERSION__, events, meta }));
  };
  /** A page view: the first one, each time instant navigation has moved the page, and after a return from the back-forward cache. */
  const pageView = () => {
    if (!ids || pageUrl === win.location.href) return;
    pageUrl = win.location.href;
    ids.pageUid = randomId();
    hidden = false;
    send(1, 'page_view');
    keepIds(doc, ids);
  };

  const decide = safe(() => {
    // Prerendered, not shown yet: decided when shown (its `prerenderingchange`, below).
    if (doc.prerendering) return;
    const api = privacy();
    const decision = decideConsent({
      limit: settings.consentLimit,
      privacy: api,
      // Read only when it decides (no API): a read after our cookies were written costs a trip to
      // the browser process.
      cookie: api ? null : readCookie(doc, CONSENT_COOKIE),
      accepted,
    });
    const { problem } = decision;
    if (problem && !problems[problem.kind]) {
      problems[problem.kind] = true;
      const cookie = problem.kind === 'cookie';
      ctx.report(
        cookie ? ERR_CONSENT_COOKIE : ERR_CONSENT_POLICY,
        new Error(cookie ? 'consent cookie parse failure' : 'consent-policy mismatch'),
        {
          detail: problem.detail,
        },
      );
    }
    consent = consentReport(decision.limit, decision.state, settings.shopId);
    const was = state;
    state = decision.state;
    if (state === 'blocked') {
      // The visitor said no: what was kept while they decided is forgotten.
      queue = [];
      seen = {};
    } else if (state === 'granted' && was !== 'granted') {
      ids ??= { pageUid: '', ...visitorIds(doc) };
      pageView();
      win.dispatchEvent(new CustomEvent(CONSENT_ACCEPTED));
    }
  });

  const impressions = watchImpressions(doc, (widget) => {
    if (state !== 'blocked') seen[widget] = (seen[widget] || 0) + 1;
  });
  const stopCartAdds = watchCartAdds(win, () => push({ type: 'add_to_cart' }));
  const onInteraction = safe((event: Event) => {
    const name = read((event as CustomEvent).detail, 'name');
    if (typeof name === 'string' && name) push({ type: 'interaction', name: name.slice(0, 100) });
  });
  const onWrite = () => push({ type: 'interaction', name: 'write-review-opened' });
  const onCollected = () => {
    // The platform has spoken: its answer replaces an earlier acceptance.
    accepted = false;
    decide();
  };
  const onAccepted = () => {
    // Already allowed: nothing to release. This is also how our own announcement (in `decide`)
    // comes back, which must not pass for the shop's banner and outvote the platform's later no.
    if (state === 'granted') return;
    accepted = true;
    decide();
  };
  const onRefresh = safe((event: Event) => {
    // Back from the back-forward cache: the same address, viewed again; and the visitor may have
    // answered the consent banner on the pages seen since (a no stops the heartbeats here too).
    if ((event as PageTransitionEvent).persisted) {
      pageUrl = '';
      placed = false;
      decide();
    }
    impressions.scan();
    if (state === 'granted') pageView();
  });
  const onHide = safe(() => {
    if (doc.visibilityState === 'visible') {
      hidden = false;
      return;
    }
    if (!placed) {
      // Spec §7: the placement report, once per page view (owners' views left out, above), when
      // the page is first hidden or left: by then it names the mount points of the late step too
      // (spec §9, 15 s), and the page's start is spared a request. It holds no visitor data (the
      // shop's and the placements' ids), so it does not wait for consent.
      placed = true;
      const placements = placementReport(doc, settings.shopId);
      if (placements) post(`${settings.providerBase}placement-report`, placements);
    }
    // The consent report, the same way: once per change (the last one sent is kept in local storage).
    const key = consent && Object.values(consent).join();
    if (key && stored.get('consent') !== key) {
      stored.set('consent', key);
      post(`${settings.providerBase}consent`, new URLSearchParams(consent!));
    }
    if (!hidden && state === 'granted') {
      hidden = true;
      send(3, 'page_hide');
    }
  });
  const beat = win.setInterval(
    safe(() => {
      impressions.scan();
      if (state === 'granted' && doc.visibilityState === 'visible') send(2, 'heartbeat');
    }, ERR_TIMER_CALLBACK),
    HEARTBEAT_MS,
  );
  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [win, 'vitrine:interaction', onInteraction],
    [win, 'vitrine:write-review', onWrite],
    [win, CONSENT_ACCEPTED, onAccepted],
    [win, 'vitrine:refresh', onRefresh],
    [win, 'pageshow', onRefresh],
    [win, 'pagehide', onHide],
    [doc, 'visibilitychange', onHide],
    [doc, 'visitorConsentCollected', onCollected],
    [doc, 'prerenderingchange', decide],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);

  // The platform loads its privacy API on request (its feature loader): then the first decision
  // waits for it. Decided from the cookie first, a first visit under a regulation was tracked (no
  // cookie yet reads as allowed) before the API said it may not be; and the API's cookie read,
  // coming after our id cookies were written, cost a trip to the browser process. The decision
  // (and with it the page view) runs in a task of its own: the platform's task stays as long as it
  // was, and profilers (Lighthouse's bootup-time too) put our work under our script, not the
  // platform's. A loader that throws or answers with an error leaves the decision to the cookie
  // and the setting. Without a loader they decide now, and the API is waited for (spec §9
  // wait-for-object) to decide again.
  const shopify = read(win, 'Shopify') as { loadFeatures(features: object[], done: () => void): void };
  let stopWaiting = () => {};
  if (privacy()) decide();
  else if (typeof read(shopify, 'loadFeatures') === 'function') {
    try {
      shopify.loadFeatures([{ name: 'consent-tracking-api', version: '0.1' }], () => win.setTimeout(decide));
    } catch {
      decide();
    }
  } else {
    decide();
    stopWaiting = waitForObject(win, privacy, decide);
  }
  return () => {
    stopWaiting();
    win.clearInterval(beat);
    impressions.stop();
    stopCartAdds();
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
