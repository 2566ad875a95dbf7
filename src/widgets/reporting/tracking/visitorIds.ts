/**
 * Who the visitor is, for tracking only, and only once they may be tracked: the user uid in a
 * first-party cookie for 7 days, SameSite Strict (spec §7 "Cookies", §9), renewed on every page
 * view; the session id per browser tab (session storage), so a visit is one tab's pages.
 */
import { createStorage } from '../../../core/storage';
import { randomId } from './lib/randomId';
import { readCookie } from './lib/readCookie';
import { writeCookie } from './lib/writeCookie';

/** The user uid cookie (spec §7). */
const USER_COOKIE = 'vitrine_uid';
/** Spec §9: user cookie 7 days. */
const USER_COOKIE_DAYS = 7;
const SESSION_KEY = 'session';
/** A stored id we wrote: anything else (a hand-edited cookie) is replaced. */
const ID = /^[\da-f]{24}$/;

/** The user uid, created or renewed (7 more days). */
export function userUid(doc: Document): string {
  const stored = readCookie(doc, USER_COOKIE);
  const uid = stored && ID.test(stored) ? stored : randomId();
  writeCookie(doc, USER_COOKIE, uid, USER_COOKIE_DAYS);
  return uid;
}

/** This tab's session id, created on its first tracked page. */
export function sessionId(): string {
  const storage = createStorage('session');
  const stored = storage.get(SESSION_KEY);
  if (stored && ID.test(stored)) return stored;
  const id = randomId();
  storage.set(SESSION_KEY, id);
  return id;
}
