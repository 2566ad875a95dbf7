/**
 * `readSettings`: what the loader decides with, read at once without the full validation. For
 * valid settings it agrees with `parseSettings` on every field the loader reads; for hostile
 * input it never throws and every value keeps its type.
 */
import { describe, expect, test } from 'vitest';
import { parseSettings } from '../../../src/core/parseSettings';
import { readSettings } from '../../../src/loader/readSettings';

const SCRIPT = 'https://cdn.vitrine.dev/v1/shop/vitrine.js?v=3';
const LOADER_FIELDS = [
  'shopId',
  'shopDomain',
  'providerBase',
  'assetBase',
  'language',
  'supportEmail',
  'debug',
  'modules',
  'placements',
  'cartReserved',
  'reviews',
  'shopCurrency',
  'lastUpdated',
  'placedWidgets',
] as const;

const pick = (settings: Record<string, unknown>) => Object.fromEntries(LOADER_FIELDS.map((key) => [key, settings[key]]));

describe('readSettings', () => {
  test('valid settings: the same values as the full validation', () => {
    const raw = {
      shopId: ' demo ',
      shopDomain: 'vitrine-demo.myshopify.com',
      providerBase: '/custom/api',
      assetBase: 'https://assets.example.com/x',
      language: 'nl-BE',
      supportEmail: 'help@shop.example',
      debug: true,
      modules: [21, 47],
      placements: { '21': [{ selector: '.product', alignment: 'after', id: 'p' }] },
      cartReserved: { placement: { selector: 'main h1', alignment: 'after', id: 'cart' } },
      reviews: { showStarSnippet: false },
      shopCurrency: 'EUR',
      lastUpdated: 1795399010,
      placedWidgets: [4, 6],
    };
    const full = parseSettings(raw, SCRIPT);
    expect(full.problems).toEqual([]);
    expect(pick(readSettings(raw, SCRIPT) as never)).toEqual(pick(full.settings as never));
    // Nothing at all: the defaults, with the URLs from the script's.
    expect(pick(readSettings(undefined, SCRIPT) as never)).toEqual(pick(parseSettings(undefined, SCRIPT).settings as never));
  });

  test('hostile input: never throws, every value keeps its type', () => {
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
        getOwnPropertyDescriptor() {
          throw new Error('no');
        },
      },
    );
    const inherited = Object.create({ shopId: 'inherited', debug: true });
    const garbled = {
      shopId: { toString: () => 'x' },
      shopDomain: 'not a host',
      providerBase: 'javascript:alert(1)',
      assetBase: 42,
      language: '<script>',
      modules: '21',
      placements: [1, 2],
      cartReserved: 'x',
      reviews: null,
      shopCurrency: 'euro',
      lastUpdated: -1,
      placedWidgets: [4, '6', 5.5],
      get debug() {
        throw new Error('getter');
      },
    };
    for (const raw of [throwing, inherited, garbled, null, 'text', 7, [1]]) {
      const settings = readSettings(raw, SCRIPT);
      expect(typeof settings.shopId).toBe('string');
      expect(settings.debug).toBe(false);
      expect(settings.providerBase).toBe('https://cdn.vitrine.dev/api/');
      expect(settings.assetBase).toBe('https://cdn.vitrine.dev/v1/shop/');
      expect(settings.language).toBe('auto');
      expect(settings.shopDomain).toBeNull();
      expect(Array.isArray(settings.modules)).toBe(true);
      expect(settings.placements).toEqual({});
      expect(settings.cartReserved).toEqual({ placement: null });
      expect(settings.shopCurrency).toBe('USD');
      expect(settings.lastUpdated).toBe(0);
      expect(settings.placedWidgets.every(Number.isInteger)).toBe(true);
    }
    expect(readSettings(inherited, SCRIPT).shopId).toBe('');
    expect(readSettings(garbled, SCRIPT).placedWidgets).toEqual([4]);
  });

  // A script optimiser may load the script from a `blob:` or `data:` URL; the page's own URL
  // stands in when the script has none (`about:srcdoc` in a frame). Such a URL cannot resolve a
  // relative one, and reading the settings threw before anything started.
  test('a script URL that cannot be a base: absolute settings URLs still work, else a placeholder', () => {
    const absolute = { shopId: 'shop', providerBase: 'https://provider.example/api/', assetBase: 'https://provider.example/vitrine/' };
    for (const url of ['blob:https://shop.example/0f5c2a1e-6f0b-4c1e-9a55-0b1d2c3e4f5a', 'data:text/javascript,0', 'about:srcdoc', 'a:']) {
      for (const read of [(raw: unknown) => readSettings(raw, url), (raw: unknown) => parseSettings(raw, url).settings]) {
        expect(read(absolute)).toMatchObject({
          providerBase: 'https://provider.example/api/',
          assetBase: 'https://provider.example/vitrine/',
        });
        expect(read({ shopId: 'shop' })).toMatchObject({
          providerBase: 'https://invalid.invalid/api/',
          assetBase: 'https://invalid.invalid/',
        });
      }
      expect(parseSettings(absolute, url).problems).toEqual([]);
    }
  });
});
