/**
 * Spec §3 "Module eligibility rule": whether an offer is for this page and visitor, as a pure
 * decision on what the card knows (the page's product and selected variant, its inventory, the
 * cart, the visitor's country). The rule's parts, in the order they are checked (the first that
 * fails is the answer):
 *
 * 1. `product`: the rule's product ids hold the product page's product; on the cart page, a
 *    product in the cart. An empty list means any product (and any cart).
 * 2. `price`, `discount`, `inventory`: the product page's selected variant's price (minor units),
 *    own discount (percent, compare-at against price, spec §5) and stock are within the bounds
 *    (both ends included). The cart page has no selected variant: there these bounds do not apply.
 *    A bound on something unknown (inventory the provider did not give) fails: the card shows only
 *    what the rule allows.
 * 3. `country`: the visitor's country is one of the rule's; empty means anywhere. An unknown
 *    country fails a rule that names countries.
 */
import type { Bounds, EligibilityRule } from './settings';

/** What the rule is checked against. */
export interface EligibilitySubject {
  /** The product page's product and selected variant; null on the cart page. */
  product: {
    id: number;
    /** Minor units. */
    price: number;
    /** Percent, 0 when not on sale. */
    discountPercent: number;
    /** null when unknown. */
    inventory: number | null;
  } | null;
  /** Product ids in the cart (the cart page). */
  cartProductIds: number[];
  /** ISO 3166-1 alpha-2, upper case; null when unknown. */
  country: string | null;
}

/** Which part of the rule an ineligible offer failed. */
type IneligibleReason = 'product' | 'price' | 'discount' | 'inventory' | 'country';

/** The decision; an ineligible offer says why (`message`, for debugging and tests). */
export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason; message: string };

const within = (value: number, bounds: Bounds): boolean =>
  (bounds.min === null || value >= bounds.min) && (bounds.max === null || value <= bounds.max);
const hasBounds = (bounds: Bounds): boolean => bounds.min !== null || bounds.max !== null;
const describe = (bounds: Bounds): string => `${bounds.min ?? '…'}–${bounds.max ?? '…'}`;

/** Whether the offer with `rule` shows for `subject` (see the module comment). */
export function checkEligibility(rule: EligibilityRule, subject: EligibilitySubject): Eligibility {
  const no = (reason: IneligibleReason, message: string): Eligibility => ({ eligible: false, reason, message });
  const { product } = subject;
  if (rule.productIds.length) {
    const ids = product ? [product.id] : subject.cartProductIds;
    if (!ids.some((id) => rule.productIds.includes(id))) {
      return no('product', product ? `product ${product.id} is not offered on` : 'no product in the cart is offered on');
    }
  }
  if (product) {
    if (hasBounds(rule.price) && !within(product.price, rule.price)) {
      return no('price', `price ${product.price} outside ${describe(rule.price)}`);
    }
    if (hasBounds(rule.discount) && !within(product.discountPercent, rule.discount)) {
      return no('discount', `discount ${product.discountPercent} % outside ${describe(rule.discount)}`);
    }
    if (hasBounds(rule.inventory)) {
      if (product.inventory === null) return no('inventory', 'inventory unknown');
      if (!within(product.inventory, rule.inventory))
        return no('inventory', `inventory ${product.inventory} outside ${describe(rule.inventory)}`);
    }
  }
  if (rule.countries.length) {
    if (!subject.country) return no('country', 'country unknown');
    if (!rule.countries.includes(subject.country)) return no('country', `country ${subject.country} not in ${rule.countries.join(', ')}`);
  }
  return { eligible: true };
}

/**
 * Whether the rule can ever let the offer show on this page, before anything is loaded: its
 * product ids alone (they do not change with the selected variant). The card loads nothing for
 * offers that fail it.
 */
export const productMatches = (rule: EligibilityRule, productId: number | null, cartProductIds: number[]): boolean =>
  !rule.productIds.length || (productId !== null ? [productId] : cartProductIds).some((id) => rule.productIds.includes(id));

/** Whether the rule needs the inventory of the page's variants, or the visitor's country. */
export const needsInventory = (rule: EligibilityRule): boolean => hasBounds(rule.inventory);
export const needsCountry = (rule: EligibilityRule): boolean => rule.countries.length > 0;
