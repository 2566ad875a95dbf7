/**
 * The shopper's own choice of currency: kept in storage and in a cookie for later page views, and
 * read back, with the page URL's `currency` parameter, when a page opens (spec §4 order, §7 cookie).
 */
import { getCookie, setCookie } from '../../core/cookies';
import type { SafeStorage } from '../../core/storage';
import { currencyParam, type SelectionSources } from './selection';

/** Currency cookie lifetime. */
const CURRENCY_COOKIE_DAYS = 365;

/** Cookie holding the shopper's choice (spec §7: 365 days, SameSite strict). */
const CURRENCY_COOKIE = 'vitrine_currency';
/** Storage key of the shopper's choice. */
const CURRENCY_KEY = 'currency';

/** Keeps `code` as the shopper's choice. */
export function saveChoice(storage: SafeStorage, code: string): void {
  storage.set(CURRENCY_KEY, code);
  setCookie(CURRENCY_COOKIE, code, CURRENCY_COOKIE_DAYS);
}

/** The explicit choices of spec §4, strongest first: the page URL's `currency` parameter, the stored choice, the cookie. */
export function explicitChoice(doc: Document, storage: SafeStorage): Pick<SelectionSources, 'param' | 'stored' | 'cookie'> {
  return {
    param: currencyParam(doc.defaultView!.location.href),
    stored: storage.get(CURRENCY_KEY),
    cookie: getCookie(CURRENCY_COOKIE, doc),
  };
}
