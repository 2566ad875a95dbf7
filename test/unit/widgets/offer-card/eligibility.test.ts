/**
 * Spec §3 "Module eligibility rule" as a pure decision (src/widgets/offer-card/eligibility.ts): each
 * part of the rule alone, its bounds' ends, unknown values, the cart page, the order of the checks.
 */
import { describe, expect, test } from 'vitest';
import {
  checkEligibility,
  needsCountry,
  needsInventory,
  productMatches,
  type EligibilitySubject,
} from '../../../../src/widgets/offer-card/eligibility';
import { OFFER_DEFAULTS, type EligibilityRule } from '../../../../src/widgets/offer-card/settings';

const rule = (patch: Partial<EligibilityRule> = {}): EligibilityRule => ({ ...structuredClone(OFFER_DEFAULTS.rule), ...patch });
const onProduct = (patch: Partial<NonNullable<EligibilitySubject['product']>> = {}, country: string | null = 'NL'): EligibilitySubject => ({
  product: { id: 7, price: 2400, discountPercent: 0, inventory: 5, ...patch },
  cartProductIds: [],
  country,
});
const onCart = (cartProductIds: number[], country: string | null = 'NL'): EligibilitySubject => ({
  product: null,
  cartProductIds,
  country,
});
const reason = (result: ReturnType<typeof checkEligibility>) => (result.eligible ? 'eligible' : result.reason);

describe('checkEligibility (spec §3 module eligibility rule)', () => {
  test('an empty rule lets every page and visitor through', () => {
    expect(checkEligibility(rule(), onProduct())).toEqual({ eligible: true });
    expect(checkEligibility(rule(), onCart([]))).toEqual({ eligible: true });
    expect(checkEligibility(rule(), onProduct({ inventory: null }, null))).toEqual({ eligible: true });
  });

  test("product ids: the product page's product, or any product in the cart", () => {
    const ids = rule({ productIds: [7, 9] });
    expect(reason(checkEligibility(ids, onProduct()))).toBe('eligible');
    expect(checkEligibility(ids, onProduct({ id: 8 }))).toEqual({
      eligible: false,
      reason: 'product',
      message: 'product 8 is not offered on',
    });
    expect(reason(checkEligibility(ids, onCart([3, 9])))).toBe('eligible');
    expect(reason(checkEligibility(ids, onCart([3])))).toBe('product');
    expect(reason(checkEligibility(ids, onCart([])))).toBe('product');
  });

  test('price bounds, both ends included, in minor units of the selected variant', () => {
    const bounded = rule({ price: { min: 2000, max: 3000 } });
    expect(reason(checkEligibility(bounded, onProduct({ price: 2000 })))).toBe('eligible');
    expect(reason(checkEligibility(bounded, onProduct({ price: 3000 })))).toBe('eligible');
    expect(reason(checkEligibility(bounded, onProduct({ price: 1999 })))).toBe('price');
    expect(reason(checkEligibility(bounded, onProduct({ price: 3001 })))).toBe('price');
    expect(reason(checkEligibility(rule({ price: { min: 2500, max: null } }), onProduct({ price: 2400 })))).toBe('price');
    expect(reason(checkEligibility(rule({ price: { min: null, max: 2400 } }), onProduct({ price: 2400 })))).toBe('eligible');
    const message = checkEligibility(rule({ price: { min: null, max: 100 } }), onProduct());
    expect(message).toEqual({ eligible: false, reason: 'price', message: 'price 2400 outside …–100' });
  });

  test("discount bounds read the variant's own sale percent (spec §5)", () => {
    const onSale = rule({ discount: { min: 10, max: 50 } });
    expect(reason(checkEligibility(onSale, onProduct({ discountPercent: 0 })))).toBe('discount');
    expect(reason(checkEligibility(onSale, onProduct({ discountPercent: 10 })))).toBe('eligible');
    expect(reason(checkEligibility(onSale, onProduct({ discountPercent: 51 })))).toBe('discount');
    expect(reason(checkEligibility(rule({ discount: { min: null, max: 0 } }), onProduct({ discountPercent: 0 })))).toBe('eligible');
  });

  test('inventory bounds: the selected variant in stock; unknown stock fails a bound', () => {
    const inStock = rule({ inventory: { min: 1, max: null } });
    expect(reason(checkEligibility(inStock, onProduct({ inventory: 1 })))).toBe('eligible');
    expect(checkEligibility(inStock, onProduct({ inventory: 0 }))).toEqual({
      eligible: false,
      reason: 'inventory',
      message: 'inventory 0 outside 1–…',
    });
    expect(reason(checkEligibility(inStock, onProduct({ inventory: -3 })))).toBe('inventory');
    expect(checkEligibility(inStock, onProduct({ inventory: null }))).toEqual({
      eligible: false,
      reason: 'inventory',
      message: 'inventory unknown',
    });
    expect(reason(checkEligibility(rule({ inventory: { min: null, max: 10 } }), onProduct({ inventory: 11 })))).toBe('inventory');
  });

  test('country: the visitor in one of the countries; unknown fails a rule that names some', () => {
    const europe = rule({ countries: ['NL', 'ES'] });
    expect(reason(checkEligibility(europe, onProduct({}, 'ES')))).toBe('eligible');
    expect(checkEligibility(europe, onProduct({}, 'US'))).toEqual({
      eligible: false,
      reason: 'country',
      message: 'country US not in NL, ES',
    });
    expect(checkEligibility(europe, onProduct({}, null))).toEqual({ eligible: false, reason: 'country', message: 'country unknown' });
    expect(reason(checkEligibility(europe, onCart([1], 'NL')))).toBe('eligible');
  });

  test('the cart page has no selected variant: price, discount and inventory bounds do not apply there', () => {
    const all = rule({ price: { min: 1, max: 2 }, discount: { min: 90, max: null }, inventory: { min: 100, max: null } });
    expect(reason(checkEligibility(all, onCart([1])))).toBe('eligible');
    expect(reason(checkEligibility({ ...all, countries: ['FR'] }, onCart([1])))).toBe('country');
  });

  test('the first failing part is the answer, in the order product, price, discount, inventory, country', () => {
    const everything = rule({
      productIds: [1],
      price: { min: 1, max: 2 },
      discount: { min: 90, max: null },
      inventory: { min: 100, max: null },
      countries: ['FR'],
    });
    const subject = onProduct({ id: 1, price: 2400, discountPercent: 0, inventory: 0 }, 'NL');
    expect(reason(checkEligibility(everything, subject))).toBe('price');
    expect(reason(checkEligibility({ ...everything, price: { min: null, max: null } }, subject))).toBe('discount');
    expect(reason(checkEligibility({ ...everything, price: { min: null, max: null }, discount: { min: null, max: null } }, subject))).toBe(
      'inventory',
    );
    expect(reason(checkEligibility({ ...everything, productIds: [2] }, subject))).toBe('product');
    expect(reason(checkEligibility({ ...rule({ countries: ['FR'] }) }, subject))).toBe('country');
  });
});

describe('what an offer needs before it can be decided', () => {
  test('productMatches: the ids alone, before anything loads', () => {
    expect(productMatches(rule(), null, [])).toBe(true);
    expect(productMatches(rule({ productIds: [5] }), 5, [])).toBe(true);
    expect(productMatches(rule({ productIds: [5] }), 6, [5])).toBe(false);
    expect(productMatches(rule({ productIds: [5] }), null, [4, 5])).toBe(true);
    expect(productMatches(rule({ productIds: [5] }), null, [])).toBe(false);
  });

  test('needsInventory and needsCountry', () => {
    expect(needsInventory(rule())).toBe(false);
    expect(needsInventory(rule({ inventory: { min: 0, max: null } }))).toBe(true);
    expect(needsInventory(rule({ inventory: { min: null, max: 3 } }))).toBe(true);
    expect(needsCountry(rule())).toBe(false);
    expect(needsCountry(rule({ countries: ['NL'] }))).toBe(true);
  });
});
