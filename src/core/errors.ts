/**
 * The error report hook (spec §8). The loader's half: reports are collected here and handed to
 * the reporter that the lazy `reporting` chunk installs at idle time, which applies the rules
 * (message and stack cuts, the skip and ignore lists, the interaction gate, 10 per page) and
 * posts them to the error service. So this module holds only the queue: at most 10 reports made
 * before the reporter exists are kept and handed over when it is set.
 */

/** Reports kept while no reporter is installed yet (the page's cap is 10, see `reporting`). */
const MAX_PENDING = 10;

// Numeric error codes (spec §8, range 1010–3982). Codes named by the spec keep their numbers; the
// others were picked from unused numbers in the range. One export each, so the bundler inlines
// the numbers (an object of codes would ship whole in the loader).
/** Uncaught error in the bundle ('VTL:CRITICAL ' prefix, stack attached). */
export const ERR_CRITICAL = 2000;
export const ERR_MODULE_INIT = 2010;
export const ERR_INIT = 2030;
export const ERR_TIMER_CALLBACK = 2200;
/** Widget render failure (stack attached). */
export const ERR_WIDGET_RENDER = 2280;
export const ERR_WIDGET_TARGET_NOT_FOUND = 3010;
export const ERR_REVIEW_SUBMIT = 3050;
export const ERR_CONVERSION = 3390;
export const ERR_NULLISH_STORE_VALUE = 3700;
// Not numbered by the spec: chosen here from unused numbers in the range.
export const ERR_WRONG_DOMAIN = 1010;
/** Another script owns `window.Vitrine` (we run without it). */
export const ERR_GLOBAL_TAKEN = 1020;
export const ERR_MISSED_HANDLES = 3015;
/** Spec §8 "highlight element not found": `#vtlHighlight=` / `#vtlHighlightOfferId=` names nothing on the page. */
export const ERR_HIGHLIGHT_NOT_FOUND = 3011;
export const ERR_REQUEST = 3020;
/** Provider data a widget could not use (an entry dropped from a list). */
export const ERR_INVALID_DATA = 3021;
export const ERR_MISSING_TRANSLATIONS = 3600;
/** Currency converter (spec §8): missing localization/currency list. */
export const ERR_CURRENCY_LIST_MISSING = 3391;
/** Currency converter (spec §8): currency rate missing. */
export const ERR_CURRENCY_RATE_MISSING = 3392;
/** Currency converter (spec §8): computed price differs from the platform's displayed price. */
export const ERR_CURRENCY_MISMATCH = 3393;
/** Currency converter (spec §8): missing money format. */
export const ERR_MONEY_FORMAT_MISSING = 3394;
/** Tracking (spec §8): the shop's consent setting does not follow the regime the platform applies to the visitor. */
export const ERR_CONSENT_POLICY = 3810;
/** Tracking (spec §8): the platform's consent cookie does not parse. */
export const ERR_CONSENT_COOKIE = 3811;
// Commerce services (src/core: product data, selected variant, add-to-cart button, cart).
/** Spec §8 product load failures: page data without variants, missing, empty or invalid product JSON, none at all. */
export const ERR_PRODUCT_DATA = 3400;
/** Spec §5: the selected variant id (URL parameter or the form's id field) is no variant of the product. */
export const ERR_VARIANT_UNKNOWN = 3401;
/** Spec §8 'Add to cart form not found.', 'Missing add to cart form.', 'Missing serialized form data.' */
export const ERR_ATC_FORM = 3410;
/** Spec §8 'no ATC button was found after retry'. */
export const ERR_ATC_BUTTON = 3411;
/** Spec §8 missing cart data: the cart read failed (469 included) or answered no cart. */
export const ERR_CART_DATA = 3420;
/** The cart watcher could not start or failed in a callback (the theme is not affected). */
export const ERR_CART_WATCH = 3421;
/**
 * Spec §8 "errors inside hook and page scripts": the shop owner's code (JS First, JS Hooks, JS
 * Last; docs/owner-hooks.md) threw, returned a rejected promise or does not compile. `extra.phase`
 * says which: 'first', 'last' or 'hook:<event>'.
 */
export const ERR_OWNER_CODE = 2300;

/** One collected report, as the code that failed made it; the reporter turns it into fields. */
export interface ErrorReport {
  code: number;
  /** What was thrown or passed (an Error, a string, anything). */
  error: unknown;
  extra?: Record<string, unknown>;
}

/** Function that delivers reports (installed by the `reporting` chunk). */
export type ErrorReporter = (report: ErrorReport) => void;

let reporter: ErrorReporter | null = null;
const pending: ErrorReport[] = [];
let debug = false;

/** Turns console logging of reports on/off (spec §8: only in debug mode, `vtl-cse=1`). */
export function setDebug(on: boolean): void {
  debug = !!on;
}

/** Installs the reporter and hands it the reports queued before it existed. */
export function setErrorReporter(fn: ErrorReporter): void {
  reporter = fn;
  for (const report of pending.splice(0)) send(report);
}

/** Hands one report to the reporter; a broken reporter must never break the code that reported. */
function send(report: ErrorReport): void {
  try {
    reporter!(report);
  } catch {
    /* reporting is best effort */
  }
}

/** Collects one report. Never throws. */
export function reportError(code: number, error: unknown, extra?: Record<string, unknown>): void {
  try {
    // A shop may have replaced `console`; its failure is not ours to report.
    if (debug) console.warn('[Vitrine]', code, error, extra || '');
  } catch {
    /* nothing to do */
  }
  if (reporter) send({ code, error, extra });
  else if (pending.length < MAX_PENDING) pending.push({ code, error, extra });
}
