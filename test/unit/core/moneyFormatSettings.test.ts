// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/core/money';
import { parseSettings } from '../../../src/core/parseSettings';
import { convertText, moneyParsers } from '../../../src/widgets/currency-converter/priceConverter';
import { shopMoney } from '../../../src/widgets/offer-card/money';

const SCRIPT = 'https://provider.example/vitrine/vitrine.js';
const parse = (moneyFormat: unknown, moneyWithCurrencyFormat: unknown = '${{amount}} USD') =>
  parseSettings({ shopId: 'shop', moneyFormat, moneyWithCurrencyFormat }, SCRIPT);

// The platform keeps a shop's money formats as HTML and prints them as is into the theme's prices:
// `&euro;{{amount_with_comma_separator}}` shows "€12,50" on the page.
describe('money formats written as the platform keeps them (HTML)', () => {
  it('reads character references and drops tags: the text the prices show', () => {
    const { settings, problems } = parse(
      '&euro;{{amount_with_comma_separator}}',
      '<span class=money>&euro;{{amount_with_comma_separator}} EUR</span>',
    );
    expect(problems).toEqual([]);
    expect(settings.moneyFormat).toBe('€{{amount_with_comma_separator}}');
    expect(settings.moneyWithCurrencyFormat).toBe('€{{amount_with_comma_separator}} EUR');
    expect(parse('{{amount}}&nbsp;kr').settings.moneyFormat).toBe('{{amount}}\u00a0kr');
    expect(parse('&#163;{{amount}}').settings.moneyFormat).toBe('£{{amount}}');
  });

  it('converts the prices of a shop whose format has a character reference', () => {
    const { settings } = parse('&euro;{{amount_with_comma_separator}}', '&euro;{{amount_with_comma_separator}} EUR');
    const seen: number[] = [];
    const parsers = moneyParsers(settings.moneyFormat, settings.moneyWithCurrencyFormat);
    expect(convertText('Ab €1.234,50', parsers, (cents) => (seen.push(cents), 'X'))).toBe('Ab X');
    expect(seen).toEqual([123450]);
  });

  it('prints prices in the shop format as text, without markup', () => {
    const { settings } = parse('<span class=money>&pound;{{amount}}</span>');
    expect(shopMoney(1250, settings.moneyFormat)).toBe('£12.50');
    expect(formatMoney(1250, settings.moneyFormat)).toBe('£12.50');
  });

  it('trims white space at the ends, which the converter read as part of a price', () => {
    const { settings } = parse('<span class=money>\n  {{amount}} kr\n</span>', ' {{amount}} kr SEK ');
    expect([settings.moneyFormat, settings.moneyWithCurrencyFormat]).toEqual(['{{amount}} kr', '{{amount}} kr SEK']);
    const parsers = moneyParsers(settings.moneyFormat, settings.moneyWithCurrencyFormat);
    expect(convertText('Från 10.00 kr per st', parsers, () => 'X')).toBe('Från X per st');
  });

  it('keeps plain formats as they are, and refuses what is not a string', () => {
    expect(parse('${{amount}}').settings.moneyFormat).toBe('${{amount}}');
    expect(parse('{{ amount }} kr < 5').settings.moneyFormat).toBe('{{ amount }} kr < 5');
    const { settings, problems } = parse(12);
    expect(settings.moneyFormat).toBe('${{amount}}');
    expect(problems).toEqual(['moneyFormat: expected string']);
  });

  it('runs nothing of a hostile format: its text only', () => {
    const before = document.body.innerHTML;
    const { settings } = parse('<img src=x onerror="document.body.dataset.ran=1"><script>document.body.dataset.ran=2</script>${{amount}}');
    expect(settings.moneyFormat).toBe('document.body.dataset.ran=2${{amount}}');
    expect(document.body.dataset.ran).toBeUndefined();
    expect(document.body.innerHTML).toBe(before);
  });
});
