// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../../../src/core/storage';
import { localizationRedirect, redirectAllowed } from '../../../../src/widgets/currency-converter/localizationRedirect';
import { parseRates } from '../../../../src/widgets/currency-converter/rates';
import { parseCurrencySettings } from '../../../../src/widgets/currency-converter/settings';

describe('localization redirect (spec §4, §7)', () => {
  it('posts /localization with the platform fields, then not again within 3600 s', () => {
    localStorage.clear();
    const storage = createStorage();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const now = 1_800_000_000_000;
    expect(localizationRedirect({ currency: 'EUR', country: 'ES', root: '/es/', returnTo: '/es/products/x' }, storage, document, now)).toBe(
      true,
    );
    const form = document.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/es/localization');
    expect(form.method).toBe('post');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      form_type: 'localization',
      utf8: '✓',
      _method: 'put',
      return_to: '/es/products/x',
      country_code: 'ES',
    });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(storage.get('redirectCurrency')).toBe('EUR');
    expect(storage.get('redirectTime')).toBe(String(now));
    expect(localizationRedirect({ currency: 'GBP', country: 'GB', root: '', returnTo: '/' }, storage, document, now + 3_599_000)).toBe(
      false,
    );
    expect(redirectAllowed(storage, now + 3_600_000)).toBe(true);
  });
});

describe('provider rates', () => {
  it('keeps only positive finite rates of ISO codes; anything else is null', () => {
    expect(parseRates({ date: '2026-07-01', rates: { EUR: 0.9, JPY: -1, xx: 2, GBP: 'a' } })).toEqual({ EUR: 0.9 });
    for (const bad of [null, 'garbled', { rates: [] }, { rates: { EUR: 0 } }, {}]) expect(parseRates(bad)).toBeNull();
  });
});

describe('currency settings section', () => {
  it('validates and reports problems', () => {
    const { value, problems } = parseCurrencySettings({ enabled: ['eur', 'jpy'], position: 'middle' });
    expect(value.enabled).toEqual(['EUR', 'JPY']);
    expect(value.position).toBe('bottom-left');
    expect(problems.length).toBe(1);
  });
});
