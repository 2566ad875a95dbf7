/**
 * The settings the provider serves must pass the loader's validation without a single problem:
 * otherwise every shop page would print a settings warning.
 */
import { describe, expect, test } from 'vitest';
import { DEMO_SHOP_SETTINGS as SERVED, ORIGIN_PLACEHOLDER } from '../../server/provider/settings';
import { parseSettings } from '../../src/core/settings';

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
  });
});
