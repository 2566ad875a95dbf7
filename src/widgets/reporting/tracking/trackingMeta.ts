/**
 * The meta of a tracking request (spec §3 "Tracking event meta"): client date, cart token, page
 * type, page url, page uid, request type and uid, session id, user uid, referrer, product id;
 * with the shop id the provider files it under. Read fresh for every request: instant navigation
 * and `Vitrine.refresh()` change the page without a new document.
 */
import { read } from '../../../core/lib/read';
import type { PageContext } from '../../../core/pageContext';
import { randomId } from './lib/randomId';
import { readCookie } from './lib/readCookie';

/** Spec §4: 1 page view, 2 heartbeat, 3 final send. */
export type RequestType = 1 | 2 | 3;

/** The visitor's ids (visitorIds.ts) and this page view's uid. */
export interface TrackingIds {
  pageUid: string;
  sessionId: string;
  userUid: string;
}

/** The platform's cart cookie (the cart token of spec §3). */
const CART_COOKIE = 'cart';

/** The meta of one request. */
export function trackingMeta(win: Window, page: PageContext, shopId: string, ids: TrackingIds, requestType: RequestType) {
  const productId = read(read(read(win, 'ShopifyAnalytics'), 'meta'), 'product');
  return {
    shopId,
    clientDate: new Date().toISOString(),
    cartToken: readCookie(win.document, CART_COOKIE),
    pageType: page.pageType,
    pageUrl: win.location.href,
    pageUid: ids.pageUid,
    requestType,
    requestUid: randomId(),
    sessionId: ids.sessionId,
    userUid: ids.userUid,
    referrer: win.document.referrer || null,
    productId: String(read(productId, 'id') ?? '') || null,
  };
}
