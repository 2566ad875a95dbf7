/**
 * Who the visitor is, for tracking only, and only once they may be tracked. Both ids are
 * first-party cookies, SameSite Strict (spec §7 "Cookies", §9), read before the page view goes
 * and written again (`keepIds`) right after it:
 *
 * - the user uid, kept 7 days from the last page view (spec §9);
 * - the session id, kept 30 minutes from the last page view: a visit ends after 30 minutes
 *   without one, in every tab, as the platform's analytics count sessions. (It was kept in the
 *   tab's session storage, so a product opened in a new tab started a new visit, and the page
 *   paid for opening the storage: about 0.8 ms at start, measured in Chromium.)
 *
 * Written after the page view rather than when read: a cookie read after a write asks the browser
 * process again, and the page view's meta reads the cart cookie.
 */
import { randomId } from './lib/randomId';
import { readCookie } from './lib/readCookie';

/** The user uid cookie (spec §7). */
const USER_COOKIE = 'vitrine_uid';
/** Spec §9: user cookie 7 days. */
const USER_SECONDS = 7 * 86400;
const SESSION_COOKIE = 'vitrine_sid';
/** A visit ends after 30 minutes without a page view. */
const SESSION_SECONDS = 1800;
/** A stored id we wrote: anything else (a hand-edited cookie) is replaced. */
const ID = /^[\da-f]{24}$/;

/** The visitor's ids: the stored ones, or new ones. */
export function visitorIds(doc: Document): { sessionId: string; userUid: string } {
  const id = (name: string) => {
    // (No cookie reads as null, which the pattern turns down like any other value.)
    const stored = readCookie(doc, name) as string;
    return ID.test(stored) ? stored : randomId();
  };
  return { sessionId: id(SESSION_COOKIE), userUid: id(USER_COOKIE) };
}

/**
 * Keeps the ids for 7 days (user) and 30 minutes (session) more, for the whole shop (spec §7
 * "Cookies": SameSite Strict; Secure on https). Never throws (a sandboxed frame has no cookie
 * access). Our ids are hex: cookie-safe as they are.
 */
export function keepIds(doc: Document, ids: { sessionId: string; userUid: string }): void {
  try {
    const rest = `;path=/;SameSite=Strict${doc.location.protocol === 'https:' ? ';Secure' : ''}`;
    doc.cookie = `${USER_COOKIE}=${ids.userUid};max-age=${USER_SECONDS}${rest}`;
    doc.cookie = `${SESSION_COOKIE}=${ids.sessionId};max-age=${SESSION_SECONDS}${rest}`;
  } catch {
    /* no cookie access */
  }
}
