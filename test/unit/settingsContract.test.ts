/**
 * The settings the provider serves must pass the loader's validation without a single problem:
 * otherwise every shop page would print a settings warning.
 */
import { describe, expect, test } from 'vitest';
import { DEMO_SHOP_SETTINGS as SERVED, ORIGIN_PLACEHOLDER, resolveSettings } from '../../server/provider/settings';
import { PLACEMENT_WIDGETS } from '../../src/core/placementWidgets';
import { parseSettings } from '../../src/core/parseSettings';
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

  test('placedWidgets as the provider serves it: the ids of PLACEMENT_WIDGETS, and only those, pass', () => {
    const shop = { id: 'demo', domain: 'vitrine-demo.myshopify.com', settings_json: '{"placedWidgets":[21]}', last_updated: 1795399010 };
    const ids = Object.keys(PLACEMENT_WIDGETS).map(Number);
    const served = resolveSettings(shop as Parameters<typeof resolveSettings>[0], 'https://provider.example', {}, ids);
    expect(served.placedWidgets).toEqual([4, 5, 6]);
    const { settings, problems } = parseSettings(served, 'https://provider.example/demo/vitrine.js');
    expect(problems).toEqual([]);
    expect(settings.placedWidgets).toEqual(ids);
    // None placed: the key is left out (a stored one never goes through), the client's default [] holds.
    expect(resolveSettings(shop as Parameters<typeof resolveSettings>[0], 'https://provider.example')).not.toHaveProperty('placedWidgets');
    expect(parseSettings({ shopId: 'demo', placedWidgets: [3, 7] }, 'https://provider.example/demo/vitrine.js').problems).toHaveLength(2);
  });
});
