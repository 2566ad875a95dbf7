/**
 * The `offer` settings section (src/widgets/offer-card/settings.ts): defaults, normalisation, one
 * problem per bad value with the default in its place, offers dropped without an id or products.
 */
import { describe, expect, test } from 'vitest';
import { OFFER_DEFAULTS, parseOfferSettings } from '../../../../src/widgets/offer-card/settings';

const one = (offer: Record<string, unknown>) => parseOfferSettings({ offers: [offer] });

describe('parseOfferSettings', () => {
  test('no section, or an empty one: no offers, no problems', () => {
    expect(parseOfferSettings(undefined)).toEqual({ value: { offers: [] }, problems: [] });
    expect(parseOfferSettings({})).toEqual({ value: { offers: [] }, problems: [] });
  });

  test('a complete offer, normalised (handles lower case, colours #rrggbb, countries upper case)', () => {
    const { value, problems } = one({
      id: 'summer',
      products: ['Canvas-Tote-Bag', 'wool-beanie', 'wool-beanie'],
      discountCode: 'BUNDLE15',
      bestOffer: { discountAmount: 4.5, discountType: 'fixed' },
      acceptButton: { available: 'Grab it' },
      textColor: 'ABC',
      backgroundColor: '#F4F4F5',
      popupSelectBackgroundColor: '#fff',
      popupSelectTextColor: '111111',
      rule: {
        productIds: [7000000001000, 7000000001000],
        price: { min: 1000, max: null },
        discount: { min: 0, max: 50 },
        inventory: { min: 1 },
        countries: ['nl', 'ES'],
      },
    });
    expect(problems).toEqual([]);
    expect(value.offers).toEqual([
      {
        id: 'summer',
        products: ['canvas-tote-bag', 'wool-beanie'],
        discountCode: 'BUNDLE15',
        bestOffer: { discountAmount: 4.5, discountType: 'fixed' },
        acceptButton: { available: 'Grab it', unavailable: '', preOrder: '' },
        textColor: '#aabbcc',
        backgroundColor: '#f4f4f5',
        popupSelectBackgroundColor: '#ffffff',
        popupSelectTextColor: '#111111',
        rule: {
          productIds: [7000000001000],
          price: { min: 1000, max: null },
          discount: { min: 0, max: 50 },
          inventory: { min: 1, max: null },
          countries: ['NL', 'ES'],
        },
      },
    ]);
  });

  test('a numeric id becomes a string; defaults fill what an offer leaves out', () => {
    const { value, problems } = one({ id: 12, products: ['mug'] });
    expect(problems).toEqual([]);
    expect(value.offers[0]).toEqual({ ...OFFER_DEFAULTS, id: '12', products: ['mug'] });
  });

  test('each bad value: one problem, its default instead', () => {
    const { value, problems } = one({
      id: 'x',
      products: ['ok', 'has space', 42],
      bestOffer: { discountAmount: -1, discountType: 'half' },
      textColor: 'red',
      rule: { productIds: [1.5, -2, 3], price: { min: 'cheap' }, discount: { max: 120 }, countries: ['NLD', 'be'], surprise: true },
      colour: '#000',
    });
    expect(problems).toEqual([
      'offer.offers[0].products[1]: expected product handle',
      'offer.offers[0].products[2]: expected product handle',
      'offer.offers[0].bestOffer.discountAmount: expected number ≥ 0',
      'offer.offers[0].bestOffer.discountType: expected percentage | fixed',
      'offer.offers[0].textColor: expected hex colour',
      'offer.offers[0].rule.productIds[0]: expected product id',
      'offer.offers[0].rule.productIds[1]: expected product id',
      'offer.offers[0].rule.price.min: expected number ≥ 0',
      'offer.offers[0].rule.discount.max: expected number 0–100',
      'offer.offers[0].rule.countries[0]: expected country code',
      'offer.offers[0].rule.surprise: unknown key',
      'offer.offers[0].colour: unknown key',
    ]);
    const offer = value.offers[0]!;
    expect(offer.products).toEqual(['ok']);
    expect(offer.bestOffer).toEqual({ discountAmount: 0, discountType: 'percentage' });
    expect(offer.textColor).toBe(OFFER_DEFAULTS.textColor);
    expect(offer.rule).toMatchObject({
      productIds: [3],
      price: { min: null, max: null },
      discount: { min: null, max: null },
      countries: ['BE'],
    });
  });

  test('a percentage over 100 is held at 100; more than 10 products are cut to 10', () => {
    const products = Array.from({ length: 12 }, (_, index) => `p${index}`);
    const { value, problems } = one({ id: 'x', products, bestOffer: { discountAmount: 150 } });
    expect(problems).toEqual([
      'offer.offers[0].bestOffer.discountAmount: expected number 0–100 for a percentage',
      'offer.offers[0].products: expected at most 10 products',
    ]);
    expect(value.offers[0]!.bestOffer.discountAmount).toBe(100);
    expect(value.offers[0]!.products).toHaveLength(10);
    // A fixed amount has no upper bound.
    expect(one({ id: 'x', products: ['a'], bestOffer: { discountAmount: 150, discountType: 'fixed' } }).problems).toEqual([]);
  });

  test('offers without an id or a product, or no object at all, are dropped with a problem; the others stay', () => {
    const { value, problems } = parseOfferSettings({
      offers: [{ products: ['a'] }, { id: 'b', products: [] }, 'c', null, { id: 'd', products: ['d'] }],
    });
    expect(value.offers.map((offer) => offer.id)).toEqual(['d']);
    expect(problems).toEqual([
      'offer.offers[0]: dropped (it needs an id and at least one product)',
      'offer.offers[1]: dropped (it needs an id and at least one product)',
      'offer.offers[2]: expected object',
      'offer.offers[3]: expected object',
    ]);
    expect(parseOfferSettings({ offers: 'all' }).problems).toEqual(['offer.offers: expected array']);
    expect(parseOfferSettings({ offer: [] }).problems).toEqual(['offer.offer: unknown key']);
  });
});
