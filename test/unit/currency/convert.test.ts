import { describe, expect, it } from 'vitest';
import { convert, convertCents, currencyDecimals, formatConverted, formatMoney } from '../../../src/core/money';
import { getCurrency } from '../../../src/currency/currencies';

describe('currencyDecimals (spec §5)', () => {
  it('0 for JPY and the other zero-decimal ISO currencies, 3 for KWD JOD BHD OMR, else 2', () => {
    for (const code of 'JPY KRW VND CLP ISK UGX PYG XAF XOF KMF RWF BIF DJF GNF VUV XPF'.split(' ')) expect(currencyDecimals(code)).toBe(0);
    for (const code of ['KWD', 'JOD', 'BHD', 'OMR', 'kwd']) expect(currencyDecimals(code)).toBe(3);
    for (const code of ['USD', 'EUR', 'GBP', 'CHF', 'XYZ', '', 'PYGX']) expect(currencyDecimals(code)).toBe(2);
  });
});

describe('convert (spec §5 rounding, rates per USD)', () => {
  it('EUR to 2 decimals: amount / fromRate * toRate', () => {
    // 1134.65 USD * 0.92 = 1043.878 → 1043.88
    expect(convert(113465, 1, 0.92, 'EUR')).toEqual({ value: 1043.88, decimals: 2, minor: 104388 });
    expect(convertCents(113465, 1, 0.92, 'EUR')).toBe(104388);
  });

  it('JPY to whole units', () => {
    // 1134.65 USD * 148.5 = 168495.525 → 168496
    expect(convert(113465, 1, 148.5, 'JPY')).toEqual({ value: 168496, decimals: 0, minor: 168496 });
    expect(convertCents(113465, 1, 148.5, 'JPY')).toBe(16849600);
    expect(convert(50, 1, 1, 'JPY').value).toBe(1); // half rounds away from zero
    expect(convert(-50, 1, 1, 'JPY').value).toBe(-1);
  });

  it('KWD to 3 decimals, kept as 1/1000 minor units', () => {
    // 1134.65 USD * 0.3058 = 346.97597 → 346.976
    expect(convert(113465, 1, 0.3058, 'KWD')).toEqual({ value: 346.976, decimals: 3, minor: 346976 });
    expect(convertCents(113465, 1, 0.3058, 'KWD')).toBe(34697.6);
    expect(formatConverted(346.976, 3, '{{amount}} KD')).toBe('346.976 KD');
    expect(formatConverted(1234.5, 3, '{{amount_with_comma_separator}} KD')).toBe('1.234,500 KD');
  });

  it('converts between two non-USD currencies through the per-USD rates', () => {
    // 100 EUR at 0.86/USD → 116.279… USD → * 0.74 = 86.0465 GBP
    expect(convert(10000, 0.86, 0.74, 'GBP').value).toBe(86.05);
  });

  it('rounds exact halves away from zero despite float noise', () => {
    expect(convert(100.5, 1, 1, 'EUR').value).toBe(1.01); // 1.005
    expect(convert(-100.5, 1, 1, 'EUR').value).toBe(-1.01);
    expect(convert(100, 1, 1.0005, 'KWD').value).toBe(1.001); // 1.0005 → 1.001
  });

  it('round-trips back to the shop currency exactly when rates are equal', () => {
    const amounts = [0, 1, 5, 49, 50, 99, 100, 101, 999, 1050, 99999, 113465, 123456789, -113465];
    for (const rate of [1, 0.86, 0.3058, 148.5, 3.6725, 16350]) {
      for (const cents of amounts) {
        const there = convertCents(cents, rate, rate, 'EUR');
        expect(convertCents(there, rate, rate, 'USD')).toBe(cents);
      }
    }
    // shop in EUR, shopper back on EUR via the table rate
    const eur = getCurrency('EUR')!.rate;
    expect(convertCents(113465, eur, eur, 'EUR')).toBe(113465);
  });

  it('gives NaN (printed empty) for invalid rates or amounts', () => {
    for (const [cents, fromRate, toRate] of [
      [100, 0, 1],
      [100, 1, -2],
      [100, NaN, 1],
      [NaN, 1, 1],
    ]) {
      const result = convert(cents, fromRate, toRate, 'EUR');
      expect(result.value).toBeNaN();
      expect(formatConverted(result.value, result.decimals, '€{{amount_with_comma_separator}}')).toBe('€');
    }
  });
});

describe('formatConverted', () => {
  it('prints the currency decimals with the template separators', () => {
    expect(formatConverted(1043.88, 2, '€{{amount_with_comma_separator}}')).toBe('€1.043,88');
    expect(formatConverted(168496, 0, '¥{{amount_no_decimals}}')).toBe('¥168,496');
    expect(formatConverted(168496, 0, '¥{{amount}}')).toBe('¥168,496'); // JPY never shows .00
    expect(formatConverted(346.976, 3, '{{amount_no_decimals}} KD')).toBe('347 KD'); // template says none
    expect(formatConverted(1234567.891, 3, '{{amount_with_apostrophe_separator}}')).toBe("1'234'567.891");
  });

  it('agrees with formatMoney for 2-decimal currencies', () => {
    for (const cents of [0, 1, 99, 113465, 123456789, -5000])
      expect(formatConverted(cents / 100, 2, '${{amount}}')).toBe(formatMoney(cents, '${{amount}}'));
  });
});
