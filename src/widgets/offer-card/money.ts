/**
 * Prices in the shop's money format (`${{amount}}`, `{{amount_with_comma_separator}} €`…) until
 * the currency converter publishes the shopper's (`shopperMoney`). What `formatMoney` of
 * src/core/money.ts prints for whole minor units, in a few lines of the card's own: importing it
 * would move the converter's money module into the shared core chunk, which every page with stars
 * loads (a unit test keeps the two equal).
 */

/** Template → precision, thousands separator, decimal separator (as src/core/money.ts). */
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

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/;

/** `cents` (minor units) in `format`'s first placeholder; an unknown template or amount prints nothing. */
export function shopMoney(cents: number, format: string): string {
  format ||= '${{amount}}';
  const template = TEMPLATES[PLACEHOLDER.exec(format)?.[1] ?? ''];
  let value = '';
  if (template && Number.isFinite(cents)) {
    const [units, fraction] = (cents / 100).toFixed(template[0] === '0' ? 0 : 2).split('.');
    value = units!.replace(/(\d)(?=(\d\d\d)+(?!\d))/g, '$1' + template[1]) + (fraction ? template[2] + fraction : '');
  }
  return format.replace(PLACEHOLDER, () => value);
}
