import { describe, expect, it } from 'vitest';
import { formatMoney as platformFormatMoney } from '@shopify/theme-currency/currency.js';
import { formatMoney, MONEY_TEMPLATES } from '../../../src/core/money';

/** The four templates the platform helper knows (spec §9). */
const HELPER_TEMPLATES = ['amount', 'amount_no_decimals', 'amount_with_comma_separator', 'amount_no_decimals_with_comma_separator'];

/** Amounts in cents, plus strings the helper reads as "dollars with two decimals" (first '.' dropped). */
const AMOUNTS: Array<number | string> = [
  0,
  1,
  5,
  49,
  50,
  51,
  99,
  100,
  101,
  149,
  150,
  250,
  999,
  1000,
  1050,
  99999,
  100000,
  123456,
  1234567,
  123456789,
  100000000,
  113465,
  0.5,
  1.5,
  100.5,
  1.005,
  250.4999,
  -0,
  -1,
  -49,
  -50,
  -150,
  -99999,
  -113465,
  -123456789,
  0.4,
  -0.4,
  '1134.65',
  '0.50',
  '1000',
  '-1134.65',
  '12.5',
  '99999',
  '0',
  '1234567.89',
  '5',
];

/** Surrounding text around the placeholder, incl. spaces inside the braces. */
const WRAPS = ['${{T}}', '{{ T }} USD', 'Price: {{T}} € !', '<span class=money>{{  T  }}</span>'];

const cases = AMOUNTS.flatMap((cents) =>
  HELPER_TEMPLATES.flatMap((template) => WRAPS.map((wrap) => [cents, wrap.replace('T', template)] as const)),
);

describe('formatMoney vs @shopify/theme-currency formatMoney', () => {
  it('has a large generated table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });

  it.each(cases)('%j with %s', (cents, format) => {
    expect(formatMoney(cents, format)).toBe(platformFormatMoney(cents, format));
  });

  it('matches the helper on its known quirks', () => {
    // string with one decimal: first '.' dropped then read as cents (helper behaviour kept)
    expect(formatMoney('1134.6', '{{amount}}')).toBe(platformFormatMoney('1134.6', '{{amount}}'));
    expect(formatMoney('1134.6', '{{amount}}')).toBe('113.46');
    // empty format falls back to ${{amount}}
    expect(formatMoney(113465, '')).toBe(platformFormatMoney(113465, ''));
    // unknown placeholder prints nothing; only the first placeholder is replaced
    expect(formatMoney(100, '{{foo}} x')).toBe(platformFormatMoney(100, '{{foo}} x'));
    expect(formatMoney(100, '{{amount}} / {{amount}}')).toBe(platformFormatMoney(100, '{{amount}} / {{amount}}'));
    // half cents round as toFixed rounds the binary value
    expect(formatMoney(50, '{{amount_no_decimals}}')).toBe('1');
    expect(formatMoney(0.5, '{{amount}}')).toBe('0.01');
    expect(formatMoney(-250, '{{amount_no_decimals}}')).toBe('-3');
  });
});

describe('formatMoney: the other documented templates', () => {
  it.each([
    ['amount', '1,134.65'],
    ['amount_no_decimals', '1,135'],
    ['amount_with_comma_separator', '1.134,65'],
    ['amount_no_decimals_with_comma_separator', '1.135'],
    ['amount_no_decimals_with_space_separator', '1 135'],
    ['amount_with_apostrophe_separator', "1'134.65"],
    ['amount_with_space_separator', '1 134,65'],
    ['amount_with_period_and_space_separator', '1 134.65'],
  ])('113465 cents with {{%s}} → %s', (template, out) => {
    expect(formatMoney(113465, `{{${template}}}`)).toBe(out);
    expect(formatMoney('1134.65', `Total: {{ ${template} }} XYZ`)).toBe(`Total: ${out} XYZ`);
  });

  it('groups big and negative amounts', () => {
    expect(formatMoney(123456789, 'CHF {{amount_with_apostrophe_separator}}')).toBe("CHF 1'234'567.89");
    expect(formatMoney(-123456789, '{{amount_with_space_separator}} kr')).toBe('-1 234 567,89 kr');
    expect(formatMoney(100000000, '{{amount_no_decimals_with_space_separator}} Ft')).toBe('1 000 000 Ft');
    expect(formatMoney(5, '{{amount_with_period_and_space_separator}}')).toBe('0.05');
  });

  it('knows all eight templates', () => {
    expect(MONEY_TEMPLATES).toHaveLength(8);
  });
});

describe('formatMoney: non-numeric input', () => {
  it.each([NaN, Infinity, -Infinity, null, undefined, '', '  ', 'abc', '1,134.65', '12abc'])(
    '%j gives the format with an empty amount, no throw',
    (cents) => {
      for (const template of MONEY_TEMPLATES) expect(formatMoney(cents as number, `\${{${template}}} USD`)).toBe('$ USD');
    },
  );

  it('differs from the helper here on purpose (it prints 0 / Infinity)', () => {
    expect(platformFormatMoney(null, '${{amount}}')).toBe('$0');
    expect(platformFormatMoney('', '${{amount}}')).toBe('$0.00');
    expect(formatMoney(null as unknown as number, '${{amount}}')).toBe('$');
  });

  it('returns a format without placeholder unchanged (the helper throws)', () => {
    expect(() => platformFormatMoney(100, 'no placeholder')).toThrow(TypeError);
    expect(formatMoney(100, 'no placeholder')).toBe('no placeholder');
  });
});
