import { describe, expect, it } from 'vitest';
import { MODULE } from '../../../src/core/constants';
import { DEFAULT_SETTINGS, MODULE_IDS, parseSettings } from '../../../src/core/parseSettings';
import { parseCurrencySettings } from '../../../src/widgets/currency-converter/settings';
import { parseReviewsSettings } from '../../../src/core/reviewsSettings';

/** The loader passes widget sections through; each widget validates its own (as here). */
const sections = (settings: { reviews: unknown; currency: unknown }) => {
  const reviews = parseReviewsSettings(settings.reviews);
  const currency = parseCurrencySettings(settings.currency);
  return { reviews: reviews.value, currency: currency.value, problems: [...reviews.problems, ...currency.problems] };
};

const SCRIPT = 'https://cdn.vitrine.dev/v1/shop/vitrine.js?v=3';

describe('parseSettings', () => {
  it('fills defaults and derives URLs from the script URL', () => {
    const { settings, problems } = parseSettings({ shopId: 'abc' }, SCRIPT);
    expect(problems).toEqual([]);
    expect(settings.shopId).toBe('abc');
    expect(settings.providerBase).toBe('https://cdn.vitrine.dev/api/');
    expect(settings.assetBase).toBe('https://cdn.vitrine.dev/v1/shop/');
    expect(settings.modules).toEqual([24, 21, 30, 12]);
    const { reviews, currency } = sections(settings);
    expect(reviews.initialCount).toEqual({ desktop: 20, mobile: 9 });
    expect(reviews.totalCount).toEqual({ desktop: 100, mobile: 50 });
    expect(reviews.starSnippet.template).toBe('{stars} ({totalReviews})');
    expect(currency).toEqual({ enabled: ['USD', 'CAD', 'AUD', 'NZD', 'GBP', 'EUR'], position: 'bottom-left', placement: null });
    expect(settings.colors).toEqual({ starFront: '#fbda03', starBack: '#cecece', bars: '#fbda03', verified: '#00a332' });
    expect(settings.language).toBe('auto');
    expect(settings.supportEmail).toBe('support@vitrine.dev');
  });

  it('does not share default objects between calls', () => {
    const first = parseSettings({ shopId: '1' }, SCRIPT).settings;
    first.modules.push(99);
    const reviews = parseReviewsSettings(undefined).value;
    reviews.initialCount.desktop = 1;
    const second = parseSettings({ shopId: '1' }, SCRIPT).settings;
    expect(second.modules).toEqual([24, 21, 30, 12]);
    expect(DEFAULT_SETTINGS.modules).toEqual([24, 21, 30, 12]);
    expect(parseReviewsSettings(undefined).value.initialCount.desktop).toBe(20);
  });

  it('accepts a full valid config', () => {
    const raw = {
      shopId: 12345,
      shopDomain: 'demo.myshopify.com',
      providerBase: '/custom/api',
      assetBase: 'https://assets.example.com/x',
      language: 'nl-BE',
      supportEmail: 'help@shop.com',
      debug: true,
      modules: [21, 30, 21],
      colors: { starFront: 'f00', starBack: '#ABCDEF', bars: '#123', verified: '00a332' },
      reviews: {
        initialCount: { desktop: 10, mobile: 5 },
        layout: 'list',
        dateFormat: 3,
        starStyle: 'hearts',
        starSnippet: { product: false, template: '{stars}' },
        reviewForm: { allowPhotoUpload: false },
      },
      currency: {
        enabled: ['usd', 'JPY'],
        position: 'top-right',
        placement: { selector: '.header', alignment: 'append', id: 'cur-1' },
      },
      cartReserved: { placement: null },
      placements: { '21': [{ selector: '#main', alignment: 'after', id: 7 }] },
    };
    const { settings, problems } = parseSettings(raw, SCRIPT);
    expect(problems).toEqual([]);
    expect(settings.shopId).toBe('12345');
    expect(settings.providerBase).toBe('https://cdn.vitrine.dev/custom/api/');
    expect(settings.assetBase).toBe('https://assets.example.com/x/');
    expect(settings.modules).toEqual([21, 30]);
    expect(settings.colors).toEqual({ starFront: '#ff0000', starBack: '#abcdef', bars: '#112233', verified: '#00a332' });
    const { reviews, currency, problems: sectionProblems } = sections(settings);
    expect(sectionProblems).toEqual([]);
    expect(reviews.initialCount).toEqual({ desktop: 10, mobile: 5 });
    expect(reviews.layout).toBe('list');
    expect(reviews.starSnippet).toEqual({ product: false, collection: true, template: '{stars}' });
    expect(reviews.reviewForm).toEqual({ enabled: true, allowPhotoUpload: false });
    expect(currency.enabled).toEqual(['USD', 'JPY']);
    expect(currency.placement).toEqual({ selector: '.header', alignment: 'append', id: 'cur-1' });
    expect(settings.placements).toEqual({ '21': [{ selector: '#main', alignment: 'after', id: '7' }] });
  });

  it.each([undefined, null, 0, 42, 'settings', true, [], [1, 2], () => 1, Symbol('x')])('never throws on garbage root %s', (raw) => {
    const { settings, problems } = parseSettings(raw, SCRIPT);
    expect(settings.modules).toEqual([24, 21, 30, 12]);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^settings: expected object/);
    expect(problems).toContain('shopId: required');
  });

  it('reports each malformed value once, with its path, and falls back', () => {
    const { settings, problems } = parseSettings(
      {
        shopId: '',
        shopDomain: 'not a domain',
        providerBase: 'javascript:alert(1)',
        language: 'english please',
        supportEmail: 'nope',
        debug: 'yes',
        modules: [21, 99, '30'],
        colors: { starFront: 'red', bars: '#12345', extra: 1 },
        reviews: {
          initialCount: { desktop: -1, mobile: 2.5 },
          layout: 'grid',
          dateFormat: 7,
          starStyle: 'square',
          showDates: 1,
          reviewForm: 'on',
        },
        currency: { enabled: 'USD', position: 'middle', placement: { selector: '' } },
        cartReserved: { placement: 'header' },
        placements: { abc: [], '24': [{ selector: 'a', alignment: 'inside', id: 'x' }, 'oops'] },
        unknownKey: 1,
      },
      SCRIPT,
    );
    expect(settings).toMatchObject({
      shopId: '',
      shopDomain: null,
      providerBase: 'https://cdn.vitrine.dev/api/',
      language: 'auto',
      supportEmail: 'support@vitrine.dev',
      debug: false,
      modules: [21],
      colors: { starFront: '#fbda03', bars: '#fbda03' },
      cartReserved: { placement: null },
      placements: { '24': [] },
    });
    const { reviews, currency, problems: sectionProblems } = sections(settings);
    expect(reviews).toMatchObject({
      initialCount: { desktop: 20, mobile: 9 },
      layout: 'columns',
      dateFormat: 0,
      starStyle: 'rounded',
      showDates: false,
    });
    expect(currency).toEqual({ enabled: ['USD', 'CAD', 'AUD', 'NZD', 'GBP', 'EUR'], position: 'bottom-left', placement: null });
    expect(reviews.reviewForm).toEqual({ enabled: true, allowPhotoUpload: true });
    const paths = [...problems, ...sectionProblems].map((problem) => problem.split(':')[0]);
    for (const key of [
      'shopId',
      'shopDomain',
      'providerBase',
      'language',
      'supportEmail',
      'debug',
      'modules[1]',
      'modules[2]',
      'colors.starFront',
      'colors.bars',
      'colors.extra',
      'reviews.initialCount.desktop',
      'reviews.initialCount.mobile',
      'reviews.layout',
      'reviews.dateFormat',
      'reviews.starStyle',
      'reviews.showDates',
      'reviews.reviewForm',
      'currency.enabled',
      'currency.position',
      'currency.placement.selector',
      'cartReserved.placement',
      'placements.abc',
      'placements.24[0].alignment',
      'placements.24[1]',
      'unknownKey',
    ]) {
      expect(paths, key).toContain(key);
    }
    expect([...problems, ...sectionProblems].every((problem) => /: (expected|unknown key|required|could not)/.test(problem))).toBe(true);
    expect(problems.find((problem) => problem.startsWith('colors.extra'))).toBe('colors.extra: unknown key');
  });

  it('handles cyclic objects and arrays', () => {
    const raw: Record<string, unknown> = { shopId: 's' };
    raw.self = raw;
    raw.colors = raw;
    const arr: unknown[] = [21];
    arr.push(arr);
    raw.modules = arr;
    const { settings, problems } = parseSettings(raw, SCRIPT);
    expect(settings.modules).toEqual([21]);
    expect(problems).toContain('self: unknown key');
    expect(settings.colors.starFront).toBe('#fbda03');
  });

  it('handles throwing getters, proxies and odd prototypes', () => {
    const raw = Object.create(
      {
        get shopId() {
          throw new Error('proto getter');
        },
      },
      {
        shopId: { enumerable: true, get: () => 'own' },
        debug: {
          enumerable: true,
          get() {
            throw new Error('own getter');
          },
        },
      },
    );
    const withGetters = parseSettings(raw, SCRIPT);
    expect(withGetters.settings.shopId).toBe('own');
    expect(withGetters.settings.debug).toBe(false);
    expect(withGetters.problems).toContain('debug: could not be read');

    const inherited = Object.create({ shopId: 'inherited' });
    expect(parseSettings(inherited, SCRIPT).settings.shopId).toBe('');

    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(() => parseSettings(proxy, SCRIPT)).not.toThrow();
    expect(parseSettings(Object.create(null), SCRIPT).problems).toEqual(['shopId: required']);
  });

  it('works without a script URL or with a garbage one', () => {
    expect(() => parseSettings({ shopId: 'a' }, '')).not.toThrow();
    const { settings } = parseSettings({ shopId: 'a' }, 'not a url at all');
    expect(settings.providerBase).toMatch(/\/api\/$/);
    expect(settings.assetBase).toMatch(/\/$/);
  });
});

describe('widget sections', () => {
  it('pass through as given (the widget validates them); anything but an object is a problem and {}', () => {
    const reviews = { layout: 'list', anything: [1] };
    const { settings, problems } = parseSettings({ shopId: 'a', reviews, hooks: { first: 'x()' }, offer: [], currency: 'EUR' }, SCRIPT);
    expect(settings.reviews).toBe(reviews);
    expect(settings.hooks).toEqual({ first: 'x()' });
    expect([settings.offer, settings.currency]).toEqual([{}, {}]);
    expect(problems).toEqual(['offer: expected object', 'currency: expected object']);
  });
});

describe('parseSettings problem count', () => {
  it('gives exactly one problem per malformed value', () => {
    const { problems, settings } = parseSettings(
      {
        shopId: '',
        modules: [21, 99],
        currency: { placement: { selector: '' } },
        placements: { '24': [{ selector: 'a', alignment: 'inside', id: 'x' }] },
      },
      SCRIPT,
    );
    expect(problems).toEqual([
      'shopId: expected non-empty string',
      'modules[1]: expected module id 24 | 21 | 30 | 12 | 47',
      'placements.24[0].alignment: expected before | after | prepend | append',
    ]);
    expect(sections(settings).problems).toEqual(['currency.placement.selector: expected CSS selector']);
  });
  it('widget sections must be objects; their content is left to the widget', () => {
    expect(parseSettings({ shopId: 'a', reviews: 'on', currency: { anything: 1 } }, SCRIPT).problems).toEqual(['reviews: expected object']);
  });
  it('every module id of MODULE is valid (MODULE_IDS spells them out so the loader ships no object); the offer card is no default', () => {
    expect([...MODULE_IDS].sort()).toEqual(Object.values(MODULE).sort());
    expect(parseSettings({ shopId: 'a', modules: Object.values(MODULE) }, SCRIPT).problems).toEqual([]);
    expect(DEFAULT_SETTINGS.modules).not.toContain(MODULE.offerCard);
  });
  it('reports a placement missing fields once', () => {
    expect(parseSettings({ shopId: 'a', cartReserved: { placement: { selector: '.x' } } }, SCRIPT).problems).toEqual([
      'cartReserved.placement: expected placement {selector, alignment, id}',
    ]);
  });
});
