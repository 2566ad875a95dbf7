/**
 * Money formatting and conversion (spec §3 "Money format templates", §5
 * "Rounding", §9 "Money formats", "Minor units 100 per unit").
 *
 * `formatMoney` gives exactly what the platform's published helper
 * (`@shopify/theme-currency` 4.1.1 `formatMoney`) gives for its four templates
 * and every numeric input, because it runs the same arithmetic:
 * `(cents / 100).toFixed(precision)` (so half cents round the way `toFixed`
 * rounds the binary value, and negatives keep their sign), the same thousands
 * regex, and the same string quirk: a string has its FIRST '.' removed and is
 * then read as cents ('1134.65' → 113465 cents, but '1134.6' → 11346 cents).
 * Like the helper, only the first `{{ … }}` placeholder is replaced, an empty
 * format means '${{amount}}' and an unknown placeholder name prints nothing.
 *
 * Deliberate differences, where the helper throws or is broken:
 * - non-numeric amounts (NaN, ±Infinity, null, undefined, '', 'abc') print an
 *   empty amount (helper: '0', 'Infinity' or '0.00'), so a price we could not
 *   read never shows as free;
 * - a format without a placeholder is returned unchanged (helper: TypeError).
 * Finite amounts of 1e23 cents or more print in exponent form, as in the helper.
 */

/** Placeholder of a money format, e.g. `{{ amount_with_comma_separator }}`. */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/;

/**
 * Known templates → precision, thousands separator, decimal separator
 * (spec §9 money formats plus the platform's other documented two).
 */
const TEMPLATES: Record<string, string> = {
  amount: '2,.',
  amount_no_decimals: '0,.',
  amount_with_comma_separator: '2.,',
  amount_no_decimals_with_comma_separator: '0.,',
  amount_no_decimals_with_space_separator: '0 ,',
  amount_with_apostrophe_separator: "2'.",
  amount_with_space_separator: '2 ,',
  amount_with_period_and_space_separator: '2 .',
};

/** Names of the templates `formatMoney` understands. */
// Pure: only tests read it, and the bundler keeps a call it cannot know to be pure (10 B gzip).
export const MONEY_TEMPLATES = /* @__PURE__ */ Object.keys(TEMPLATES);

/** Digits after the decimal point a currency is shown and rounded with (spec §5). */
export type Decimals = 0 | 2 | 3;

/** ISO 4217 currencies without minor unit (spec §5 "JPY to whole units"). */
const ZERO = 'JPY KRW VND CLP ISK UGX PYG XAF XOF KMF RWF BIF DJF GNF VUV XPF';
/** Currencies with three decimals (spec §5). */
const THREE = 'KWD JOD BHD OMR';

/**
 * Decimals of `currency` for rounding and display (spec §5): 0 for JPY and the
 * other zero-decimal ISO 4217 currencies, 3 for KWD, JOD, BHD, OMR, else 2.
 */
export function currencyDecimals(currency: string): Decimals {
  const code = String(currency).toUpperCase();
  return code.length !== 3 ? 2 : ZERO.includes(code) ? 0 : THREE.includes(code) ? 3 : 2;
}

/**
 * Renders `major` (an amount in major units) into the first placeholder of
 * `format`; `decimals` overrides the template's precision unless the template
 * has none. Empty amount when `major` is not finite.
 */
function render(major: number, format: string, decimals?: Decimals): string {
  format ||= '${{amount}}';
  const name = format.match(PLACEHOLDER);
  if (!name) return format;
  const template = TEMPLATES[name[1]];
  let value = '';
  if (template && isFinite(major)) {
    const parts = major.toFixed(template[0] === '0' ? 0 : (decimals ?? 2)).split('.');
    value = parts[0].replace(/(\d)(?=(\d\d\d)+(?!\d))/g, '$1' + template[1]) + (parts[1] ? template[2] + parts[1] : '');
  }
  return format.replace(PLACEHOLDER, () => value);
}

/**
 * Formats `cents` (minor units, 100 per unit; or a string like '1134.65',
 * read as the platform helper reads it) with a shop money format such as
 * `${{amount}} USD` or `{{ amount_with_comma_separator }} €`. Never throws;
 * non-numeric input gives the format with an empty amount.
 */
export function formatMoney(cents: number | string, format: string): string {
  const numericCents = typeof cents === 'string' ? (cents.trim() ? +cents.replace('.', '') : NaN) : cents == null ? NaN : +cents;
  return render(numericCents / 100, format);
}

/** A converted amount, rounded for its currency (spec §5). */
export interface Converted {
  /** Amount in major units, rounded to `decimals` (e.g. 1043.88 EUR, 1135 JPY, 0.347 KWD). */
  value: number;
  /** Digits after the point for this currency: 0, 2 or 3. */
  decimals: Decimals;
  /** The same amount as an integer count of the currency's minor unit (1, 1/100 or 1/1000). */
  minor: number;
}

/** Rounds half away from zero, after trimming float noise (1.005*100 = 100.4999…). */
const roundHalfAway = (value: number): number => Math.sign(value) * Math.round(+Math.abs(value).toPrecision(15));

/**
 * Converts `cents` (shop minor units, 100 per unit) between currencies whose
 * rates are given per USD (spec §3 `r`): to = from / fromRate * toRate, rounded
 * for `currency` (the target) per spec §5. Equal rates skip the arithmetic, so
 * converting back to the shop currency at its own rate is exact. Invalid rates
 * or amounts give NaN (which `formatConverted` prints as an empty amount).
 */
export function convert(cents: number, fromRate: number, toRate: number, currency: string): Converted {
  const decimals = currencyDecimals(currency);
  const scale = 10 ** decimals;
  const major = cents / 100;
  const ok = fromRate > 0 && toRate > 0;
  const minor = ok ? roundHalfAway((fromRate === toRate ? major : (major / fromRate) * toRate) * scale) : NaN;
  return { value: minor / scale, decimals, minor };
}

/**
 * Like `convert` but returns hundredths of the target currency (the unit
 * `formatMoney` takes): a multiple of 100 for JPY, an integer for EUR, and a
 * multiple of 0.1 for KWD (12345.6 = 123.456 KWD). Prefer `convert` +
 * `formatConverted` to show the third KWD decimal: `formatMoney` prints two.
 */
export function convertCents(cents: number, fromRate: number, toRate: number, currency: string): number {
  const { minor, decimals } = convert(cents, fromRate, toRate, currency);
  return (minor * 100) / 10 ** decimals;
}

/**
 * Formats a `convert` result with `format`, showing `decimals` digits (so 3
 * for KWD, none for JPY) with the template's separators; a template without
 * decimals (`amount_no_decimals…`) still shows none.
 */
export function formatConverted(value: number, decimals: Decimals, format: string): string {
  return render(value == null ? NaN : +value, format, decimals);
}
