/**
 * The error report hook (spec §8). Core code only *collects* reports; the
 * loader installs the reporter that posts them to the error service, so this
 * module has no network code. Capped at 10 reports per page; reports made
 * before a reporter exists are queued and flushed when one is set.
 */

/** Maximum error reports per page. */
const MAX_ERROR_REPORTS = 10;
/** Stack truncation length. */
const STACK_CHARS = 1200;
/** Error args truncation length. */
const ERROR_ARG_CHARS = 1000;

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

/** One collected report; the reporter adds sid/bid/url/ua/ss (spec §3 "Error report"). */
export interface ErrorReport {
  code: number;
  /** Error text, cut to 1000 chars; 'VTL:CRITICAL ' prefix for code 2000. */
  message: string;
  /** Only for codes 2000 and 2280 (spec §8), cut to 1200 chars. */
  stack?: string;
  extra?: Record<string, unknown>;
}

/** Function that delivers reports (installed by the loader). */
export type ErrorReporter = (report: ErrorReport) => void;

let reporter: ErrorReporter | null = null;
let pending: ErrorReport[] = [];
let count = 0;
let debug = false;

/** Turns console logging of reports on/off (spec §8: only in debug mode, `vtl-cse=1`). */
export function setDebug(on: boolean): void {
  debug = !!on;
}

const deliver = (report: ErrorReport): void => {
  try {
    reporter!(report);
  } catch {
    /* the reporter must never break the caller */
  }
};

/** Installs the reporter and flushes reports queued before it existed. */
export function setErrorReporter(fn: ErrorReporter): void {
  reporter = fn;
  const queued = pending;
  pending = [];
  queued.forEach(deliver);
}

/** Text of any thrown value, without ever throwing (objects may have hostile toString). */
export function errorMessage(error: unknown): string {
  try {
    const message = error && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? message : String(error);
  } catch {
    return 'Unknown error';
  }
}

/**
 * Collects one report. Never throws. At most 10 per page (spec §8); further
 * reports are dropped silently.
 */
export function reportError(code: number, error: unknown, extra?: Record<string, unknown>): void {
  try {
    if (debug) console.warn('[Vitrine]', code, error, extra || '');
    if (count >= MAX_ERROR_REPORTS) return;
    count++;
    const report: ErrorReport = {
      code,
      message: ((code === ERR_CRITICAL ? 'VTL:CRITICAL ' : '') + errorMessage(error)).slice(0, ERROR_ARG_CHARS),
    };
    if (code === ERR_CRITICAL || code === ERR_WIDGET_RENDER) {
      const stack = (error as { stack?: unknown } | null)?.stack;
      if (typeof stack === 'string') report.stack = stack.slice(0, STACK_CHARS);
    }
    if (extra) report.extra = extra;
    if (reporter) deliver(report);
    else pending.push(report);
  } catch {
    /* reporting is best effort */
  }
}
