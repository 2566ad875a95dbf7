/**
 * The full validation of the settings embedded with the script (spec §1): in the loader's second
 * stage (in the `core` chunk), run before the first widget mounts. The first stage reads only what
 * it decides with (`src/loader/readSettings.ts`), so the walk below costs the first paint no
 * bytes and no main-thread time.
 */
import { MODULE } from './constants';
import { bad, check, ID, isObj, keysOf, list, nullable, oneOf, own, placement, text, walker, type Rule, type Settings } from './settings';

/** Support address used in the "unable to load" console text (spec §1). */
export const SUPPORT_EMAIL = 'support@vitrine.dev';
/** Default colours (spec §3). */
const DEFAULT_COLORS = {
  starFront: '#fbda03',
  starBack: '#cecece',
  bars: '#fbda03',
  verified: '#00a332',
} as const;

/** Every module but the offer card, which needs offers configured first. */
export const DEFAULT_MODULES = [MODULE.cartReserved, MODULE.reviews, MODULE.currencyConverter, MODULE.contentProtection];

/** Defaults; `providerBase`/`assetBase` are replaced from the script URL by `parseSettings`. */
export const DEFAULT_SETTINGS: Settings = {
  shopId: '',
  shopDomain: null,
  providerBase: '/api/',
  assetBase: './',
  language: 'auto',
  supportEmail: SUPPORT_EMAIL,
  debug: false,
  demoMode: false,
  consentLimit: '',
  modules: DEFAULT_MODULES,
  colors: { ...DEFAULT_COLORS },
  reviews: {},
  currency: {},
  offer: {},
  hooks: {},
  cartReserved: { placement: null },
  shopCurrency: 'USD',
  moneyFormat: '${{amount}}',
  moneyWithCurrencyFormat: '${{amount}} USD',
  lastUpdated: 0,
  placements: {},
  placedWidgets: [],
};

/** A shop domain (a host name; the platform's `Shopify.shop` is one). */
export const HOST_NAME = /^[\w.-]+\.[a-z]{2,}$/i;
/** `settings.language`: 'auto' or a language code such as 'es' or 'nl-BE'. */
export const LANGUAGE_CODE = /^(auto|[a-z]{2,3}([-_]\w{2,8})?)$/i;

/** `settings.supportEmail`. */
export const EMAIL = /^\S+@\S+\.\S+$/;
/** `settings.shopCurrency`: an ISO 4217 code. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The script's folder, the base of relative settings URLs (and the default `assetBase`); a
 * placeholder when the script's URL has none: not a URL, or one that cannot be a base, such as the
 * `blob:` or `data:` URL a script optimiser may load the script from (settings with absolute
 * URLs then still work).
 */
export function scriptBase(scriptUrl: string): string {
  try {
    return new URL('./', new URL(scriptUrl, 'https://invalid.invalid/')).href;
  } catch {
    return 'https://invalid.invalid/';
  }
}

/** `value` as an http(s) URL resolved against `base`, ending with '/', without query or hash; null for anything else. */
export function baseUrl(value: unknown, base: string): string | null {
  try {
    const url = new URL(value as string, base);
    if (typeof value === 'string' && /^https?:$/.test(url.protocol)) return url.href.replace(/[?#].*$/, '').replace(/\/?$/, '/');
  } catch {
    /* not a URL: null */
  }
  return null;
}

/**
 * Every module id of `MODULE` (spec §9), as numbers: the loader's build imports this module
 * (src/loader/readSettings.ts), and `Object.values(MODULE)` would bring the object into it (a unit
 * test keeps the two equal).
 */
export const MODULE_IDS: number[] = [24, 21, 30, 12, 47];

/** A widget's own section: checked for being an object only; the widget validates the rest. */
const widgetSection: Rule = (value, fallback, path, problems) => (isObj(value) ? value : bad(problems, path, 'object', fallback));

/**
 * A money format as the text it shows. The platform keeps money formats as HTML, printed as is
 * into the theme's prices (`&euro;{{amount}}`, `{{amount}}&nbsp;kr`, `<span class=money>${{amount}}</span>`),
 * while the currency converter reads the prices' text with them and widgets print them as text:
 * kept as markup, an entity matched no price, and a tag showed as text. Trimmed: white space at
 * an end of the format made the converter's pattern take the spaces around a price too.
 */
const moneyFormat = /* @__PURE__ */ check(
  (value) => typeof value === 'string',
  'string',
  // An inert document: nothing in it runs or loads.
  (value: string) => (/[<&]/.test(value) ? new DOMParser().parseFromString(value, 'text/html').body.textContent! : value).trim(),
);

/** Rules by full path, for values the defaults cannot describe. */
const SPECIAL: Record<string, Rule> = {
  moneyFormat,
  moneyWithCurrencyFormat: moneyFormat,
  shopId: ID,
  shopDomain: /* @__PURE__ */ nullable(/* @__PURE__ */ text(HOST_NAME, 'host name')),
  language: /* @__PURE__ */ text(LANGUAGE_CODE, "'auto' or a language code"),
  supportEmail: /* @__PURE__ */ text(EMAIL, 'e-mail address'),
  shopCurrency: /* @__PURE__ */ text(CURRENCY_CODE, 'ISO 4217 code'),
  modules: /* @__PURE__ */ list(
    /* @__PURE__ */ check((value) => MODULE_IDS.indexOf(value) >= 0, 'module id ' + /* @__PURE__ */ MODULE_IDS.join(' | ')),
    true,
  ),
  reviews: widgetSection,
  currency: widgetSection,
  offer: widgetSection,
  hooks: widgetSection,
  'cartReserved.placement': /* @__PURE__ */ nullable(placement),
  placedWidgets: /* @__PURE__ */ list(/* @__PURE__ */ oneOf(4, 5, 6), true),
  placements: (value, fallback, path, problems) => {
    if (!isObj(value)) return bad(problems, path, 'object', fallback);
    const out: Record<string, unknown> = {};
    for (const key of keysOf(value)) {
      const keyPath = `${path}.${key}`;
      if (/^\d+$/.test(key)) out[key] = list(placement)(own(value, key, keyPath, problems), [], keyPath, problems);
      else problems.push(`${keyPath}: expected numeric module id key`);
    }
    return out;
  },
};

/**
 * Validates raw settings. Never throws: every unknown key or malformed value
 * yields one problem string ("path: expected …") and falls back to its
 * default. `providerBase` defaults to the script origin + '/api/' and
 * `assetBase` to the script's directory; both are resolved against
 * `scriptUrl` (the loader passes the page URL when the script has none) and must be http(s). The caller prints all
 * problems as ONE console warning. The walk follows the defaults, never the
 * input, so cyclic input is harmless.
 */
export function parseSettings(raw: unknown, scriptUrl: string): { settings: Settings; problems: string[] } {
  const problems: string[] = [];
  // JSON copy: callers may mutate their settings without touching the defaults.
  const defaults = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as Settings;
  const base = scriptBase(scriptUrl);
  /** http(s) URL resolved against the script URL, ending with '/'; other schemes are refused. */
  SPECIAL.providerBase = SPECIAL.assetBase = (value, fallback, path, problems) =>
    baseUrl(value, base) ?? bad(problems, path, 'http(s) URL', fallback);
  defaults.providerBase = new URL('/api/', base).href;
  defaults.assetBase = base;
  let settings: Settings;
  try {
    settings = walker(SPECIAL)(raw, defaults, '', problems);
    if (!settings.shopId && !problems.some((problem) => problem.startsWith('shopId:'))) problems.push('shopId: required');
  } catch {
    // Defensive: a bug in a rule must not stop the widgets from loading.
    problems.push('settings: could not be parsed');
    settings = defaults;
  }
  return { settings, problems };
}
