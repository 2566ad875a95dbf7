/**
 * The settings the provider serves must pass the loader's validation without a single problem:
 * otherwise every shop page would print a settings warning.
 */
import { describe, expect, test } from 'vitest';
import { DEMO_SHOP_SETTINGS as SERVED, ORIGIN_PLACEHOLDER } from '../../server/provider/settings';
import { parseSettings } from '../../src/core/settings';
import { parseCurrencySettings } from '../../src/widgets/currency-converter/settings';
import { parseOfferSettings } from '../../src/widgets/offer-card/settings';
import { parseReviewsSettings } from '../../src/core/reviewsSettings';
import { parseHooksSettings } from '../../src/widgets/hooks/settings';

describe('provider settings vs loader validation', () => {
  test('the demo shop settings parse with no problems', () => {
    const served = JSON.parse(
      JSON.stringify({ ...SERVED, lastUpdated: 1795399010 })
        .split(ORIGIN_PLACEHOLDER)
        .join('https://provider.example'),
    );
    const { settings, problems } = parseSettings(served, 'https://provider.example/demo/vitrine.js');
    expect(problems).toEqual([]);
    expect(settings.shopDomain).toBe('vitrine-demo.myshopify.com');
    expect(settings.assetBase).toBe('https://provider.example/vitrine/');
    expect(settings.moneyFormat).toBe('${{amount}}');
    expect(settings.lastUpdated).toBe(1795399010);
    // The widget sections, as each widget validates its own when its chunk loads.
    expect(parseReviewsSettings(settings.reviews).problems).toEqual([]);
    expect(parseCurrencySettings(settings.currency).problems).toEqual([]);
    expect(parseHooksSettings(settings.hooks).problems).toEqual([]);
    const offer = parseOfferSettings(settings.offer);
    expect(offer.problems).toEqual([]);
    expect(settings.modules).toContain(47);
    expect(offer.value.offers.map((candidate) => [candidate.id, candidate.products.length, candidate.discountCode])).toEqual([
      ['demo-bundle', 4, 'BUNDLE15'],
    ]);
    expect(offer.value.offers[0]!.rule).toMatchObject({ inventory: { min: 1, max: null }, price: { min: null, max: null }, countries: [] });
  });
});
