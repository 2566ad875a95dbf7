/**
 * Sees the theme's cart requests without touching them (spec §4 "Cart-related requests are
 * watched"): a `PerformanceObserver` on `resource` entries gets one entry per finished request,
 * fetch and XMLHttpRequest alike, after the response has arrived (so the cart has changed by
 * then). Nothing of the page is wrapped or replaced: `fetch`, `XMLHttpRequest` and the theme's
 * requests and responses stay exactly as they were. A POST to `/cart/add`, `/cart/change`,
 * `/cart/update` or `/cart/clear` (`.js`/`.json` or not, locale-prefixed or not) on the page's
 * origin makes the cart reader re-read the cart (coalesced: see cartSync.ts); our own requests are
 * skipped. Resource timing has no method: a GET of these paths (a remove link) navigates anyway.
 *
 * What it cannot see: Chromium makes a resource timing entry for a `fetch` only once its answer
 * has been read, so a cart request whose answer the page never reads goes unnoticed (themes read
 * their cart answers to redraw from them; XMLHttpRequests are always read); the next cart
 * request, another tab or the next page catches up. Wrapping `fetch` would see it, and would
 * change what the theme calls: not done.
 *
 * Another tab that changes the cart stores a new snapshot: its `storage` event makes this tab
 * re-read too, and so does a return to this page from the back-forward cache (`pageshow`). The
 * watcher stops after `MAX_WATCH_READS` reads, or when the request budget is spent, leaving the
 * rest of the budget (spec §7: 50 per page view) to the widgets.
 */
import { ERR_CART_WATCH } from './errors';
import { guardWith, type Report } from './lib/guardWith';
import type { CartSync } from './cartSync';
import { CART_STORAGE_KEY } from './constants';

/** Re-reads the watcher may cause on one page view. */
const MAX_WATCH_READS = 20;

/** The cart mutation paths of spec §2/§7, after an optional locale root (`/es`, `/en-us`). */
const CART_MUTATION = /^(\/[a-z]{2}(-[a-z]{2})?)?\/cart\/(add|change|update|clear)(\.js|\.json)?\/?$/i;

/** Whether `url` is a cart mutation on `origin` (the page's own). */
export function isCartMutation(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && CART_MUTATION.test(parsed.pathname);
  } catch {
    return false;
  }
}

/**
 * Starts watching `win`'s cart requests for `sync`. Failures (no PerformanceObserver, a throwing
 * one) are reported with `ERR_CART_WATCH`; the theme never notices. It watches for the whole page
 * view, until its re-reads or the request budget are spent.
 */
export function watchCartRequests(win: Window, sync: CartSync, report: Report): void {
  const guarded = guardWith(report, ERR_CART_WATCH);
  const origin = win.location.origin;
  let reads = 0;
  let observer: PerformanceObserver | undefined;
  // Once spent, the window's listeners stay, inert: every re-read they ask for is over the limit.
  const reread = () => {
    if (++reads > MAX_WATCH_READS || sync.exhausted()) return observer?.disconnect();
    void sync.refresh();
  };
  // Another tab stored a new snapshot; or this page is back from the back-forward cache, where it
  // was frozen (its requests and storage events missed) while the shopper may have changed the
  // cart on the pages seen since.
  const onPageEvent = guarded((event: Event) => {
    if ((event as StorageEvent).key === `vitrine:${CART_STORAGE_KEY}` || (event as PageTransitionEvent).persisted) reread();
  });
  const onEntries = guarded((list: PerformanceObserverEntryList) => {
    const mutated = list.getEntries().some((entry) => isCartMutation(entry.name, origin) && !sync.isOwn(entry.name, entry.startTime));
    if (mutated) reread();
  });
  try {
    observer = new (win as Window & typeof globalThis).PerformanceObserver(onEntries);
    // `buffered`: a cart request that ended before we started (page load) counts too.
    observer.observe({ type: 'resource', buffered: true });
  } catch (error) {
    report(ERR_CART_WATCH, error, { where: 'PerformanceObserver' });
  }
  win.addEventListener('storage', onPageEvent);
  win.addEventListener('pageshow', onPageEvent);
}
