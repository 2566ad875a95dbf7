import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCIES, FLAG_SIZE } from '../../../src/currency/currencies';
import { formatMoney, MONEY_TEMPLATES } from '../../../src/core/money';
import { countryCurrencies, currencyForCountry, preferredCountry } from '../../../src/currency/countries';
import { FLAG_COLUMNS, flagPosition, getCurrency, listCurrencies, RATES, ratesDate } from '../../../src/currency/currencies';
import rates from '../../../src/currency/rates.json';

/** All 249 ISO 3166-1 alpha-2 codes (independent of the module under test). */
const ISO_3166 = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT
MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

const all = listCurrencies();
const codes = new Set(all.map((currency) => currency.code));

describe('currency table', () => {
  it('has ≥150 currencies with unique 3-upper-case-letter codes, sorted', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(codes.size).toBe(all.length);
    for (const currency of all) expect(currency.code).toMatch(/^[A-Z]{3}$/);
    expect(all.map((currency) => currency.code)).toEqual([...codes].sort());
  });

  it('every entry has name, symbol, a positive rate and a format with a known template', () => {
    for (const currency of all) {
      expect(currency.name.length, currency.code).toBeGreaterThan(2);
      expect(currency.symbol.length, currency.code).toBeGreaterThan(0);
      expect(currency.rate, currency.code).toBeGreaterThan(0);
      const name = currency.format.match(/\{\{\s*(\w+)\s*\}\}/)?.[1];
      expect(MONEY_TEMPLATES, `${currency.code} ${currency.format}`).toContain(name);
      expect(formatMoney(113465, currency.format), currency.code).toMatch(/1.?13[45]/);
    }
  });

  it('enables only the six default currencies (spec §9)', () => {
    expect(
      all
        .filter((currency) => currency.enabledByDefault)
        .map((currency) => currency.code)
        .sort(),
    ).toEqual([...DEFAULT_CURRENCIES].sort());
  });

  it('zero-decimal currencies use a no-decimals template', () => {
    for (const code of ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'XAF', 'XOF']) expect(getCurrency(code)!.format, code).toContain('no_decimals');
  });

  it('getCurrency is case-insensitive, undefined for unknown, and takes fresher rates', () => {
    expect(getCurrency('eur')).toMatchObject({
      code: 'EUR',
      symbol: '€',
      format: '€{{amount_with_comma_separator}}',
      enabledByDefault: true,
    });
    expect(getCurrency('USD')).toMatchObject({ rate: 1, format: '${{amount}}', enabledByDefault: true });
    expect(getCurrency('XXX')).toBeUndefined();
    expect(getCurrency('ANG')).toBeUndefined(); // withdrawn 2025
    expect(getCurrency('EUR', { EUR: 0.9 })!.rate).toBe(0.9);
    expect(getCurrency('GBP', {})!.rate).toBeNaN();
  });

  it('rates.json covers exactly the table, per USD, with a date', () => {
    expect(Object.keys(RATES).sort()).toEqual([...codes]);
    expect(RATES.USD).toBe(1);
    expect(rates.base).toBe('USD');
    expect(ratesDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  });
});

describe('flag sprite', () => {
  const svg = readFileSync(new URL('../../../src/currency/flags.svg', import.meta.url), 'utf8');
  const [, spriteWidth, spriteHeight] = svg.match(/width="(\d+)" height="(\d+)"/)!.map(Number);

  it('positions are the table index and lie inside the sprite', () => {
    all.forEach((currency, index) => {
      expect(currency.spritePosition).toBe(index);
      const { x, y } = flagPosition(currency.code)!;
      expect(x % FLAG_SIZE.width).toBe(0);
      expect(y % FLAG_SIZE.height).toBe(0);
      expect(x + FLAG_SIZE.width).toBeLessThanOrEqual(spriteWidth);
      expect(y + FLAG_SIZE.height).toBeLessThanOrEqual(spriteHeight);
    });
    expect(spriteWidth).toBe(FLAG_COLUMNS * FLAG_SIZE.width);
    expect(flagPosition('XXX')).toBeUndefined();
  });

  it('has a cell for every currency at its position (drawn flag or its code)', () => {
    for (const currency of all) {
      const { x, y } = flagPosition(currency.code)!;
      const drawn = svg.includes(`<g transform="translate(${x} ${y})">`);
      const text = svg.includes(`<text x="${x + 15}" y="${y + 13}">${currency.code}</text>`);
      expect(drawn !== text, currency.code).toBe(true);
    }
    for (const code of DEFAULT_CURRENCIES) {
      const { x, y } = flagPosition(code)!;
      expect(svg, code).toContain(`<g transform="translate(${x} ${y})">`);
    }
  });
});

describe('countries', () => {
  it('every ISO 3166 country maps to a known currency', () => {
    for (const country of ISO_3166) expect(codes.has(currencyForCountry(country)!), country).toBe(true);
    for (const code of Object.values(countryCurrencies())) expect(codes.has(code), code).toBe(true);
    expect(Object.keys(countryCurrencies()).sort()).toEqual([...ISO_3166, 'XK'].sort());
  });

  it('maps common countries as expected', () => {
    expect(currencyForCountry('fi')).toBe('EUR');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('EC')).toBe('USD');
    expect(currencyForCountry('LI')).toBe('CHF');
    expect(currencyForCountry('SN')).toBe('XOF');
    expect(currencyForCountry('GB')).toBe('GBP');
    expect(currencyForCountry('ZZ')).toBeUndefined();
  });

  it('gives each currency a preferred flag country', () => {
    expect(preferredCountry('EUR')).toBe('EU');
    expect(preferredCountry('USD')).toBe('US');
    expect(preferredCountry('xof')).toBe('SN');
    for (const currency of all) {
      const country = preferredCountry(currency.code);
      expect(country).toMatch(/^[A-Z]{2}$/);
      if (country !== 'EU') expect(ISO_3166, currency.code).toContain(country);
    }
  });
});
