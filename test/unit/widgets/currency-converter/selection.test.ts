import { describe, expect, it } from 'vitest';
import { currencyParam, selectCurrency } from '../../../../src/widgets/currency-converter/selection';

const known = (code: string) => ['USD', 'EUR', 'JPY', 'KWD', 'GBP', 'CAD'].includes(code);
const enabled = ['USD', 'EUR', 'GBP', 'CAD'];

describe('currency selection order (spec §4)', () => {
  it('URL parameter first, then stored, cookie, country, shop', () => {
    const all = { param: 'jpy', stored: 'GBP', cookie: 'CAD', country: 'EUR', shop: 'USD' };
    expect(selectCurrency(all, known, enabled)).toEqual({ code: 'JPY', source: 'param' });
    expect(selectCurrency({ ...all, param: null }, known, enabled)).toEqual({ code: 'GBP', source: 'stored' });
    expect(selectCurrency({ ...all, param: null, stored: null }, known, enabled)).toEqual({ code: 'CAD', source: 'cookie' });
    expect(selectCurrency({ ...all, param: null, stored: null, cookie: null }, known, enabled)).toEqual({ code: 'EUR', source: 'country' });
    expect(selectCurrency({ shop: 'USD' }, known, enabled)).toEqual({ code: 'USD', source: 'shop' });
  });

  it('skips unknown or malformed values', () => {
    expect(selectCurrency({ param: 'XXX', stored: 'euro', cookie: '<b>', shop: 'USD' }, known, enabled).source).toBe('shop');
    expect(selectCurrency({ param: 'ZZZ', stored: 'eur', shop: 'USD' }, known, enabled)).toEqual({ code: 'EUR', source: 'stored' });
  });

  it("takes the country's currency only when the shop offers it; an explicit choice may be any known one", () => {
    expect(selectCurrency({ country: 'JPY', shop: 'USD' }, known, enabled).code).toBe('USD');
    expect(selectCurrency({ cookie: 'JPY', shop: 'USD' }, known, enabled).code).toBe('JPY');
  });

  it('reads the currency parameter', () => {
    expect(currencyParam('https://shop.test/collections/all?currency=kwd&x=1')).toBe('KWD');
    expect(currencyParam('/?currency=EURO')).toBeNull();
    expect(currencyParam('/')).toBeNull();
  });
});
