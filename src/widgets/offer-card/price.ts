/**
 * The offer's price math, in integer minor units of the shop currency (100 per unit, spec §9), and
 * what the accept button says: pure functions, unit-tested (test/unit/widgets/offer-card).
 */
import type { Variant } from '../../core/productData';
import type { Offer } from './settings';

/**
 * The price of `price` (minor units) with the offer's discount: a percentage off, the amount taken
 * off rounded to the minor unit (15 % of 2,399 = 359.85 → 360 off), or a fixed amount off, given in
 * major units (4.5 → 450 off). Never below 0; a percentage is held to 0–100 and a negative or
 * non-finite amount takes nothing off.
 */
export function discountedPrice(price: number, bestOffer: Offer['bestOffer']): number {
  const amount = Number.isFinite(bestOffer.discountAmount) && bestOffer.discountAmount > 0 ? bestOffer.discountAmount : 0;
  const off = bestOffer.discountType === 'percentage' ? Math.round((price * Math.min(100, amount)) / 100) : Math.round(amount * 100);
  return Math.max(0, price - off);
}

/** The share of `price` the offer takes off, in whole percent (for the "-15 %" badge); 0 when nothing. */
export function savedPercent(price: number, bestOffer: Offer['bestOffer']): number {
  if (!(price > 0)) return 0;
  return Math.round((100 * (price - discountedPrice(price, bestOffer))) / price);
}

/** What the accept button offers for a variant (spec §2: available, unavailable, preOrder). */
export type Availability = 'available' | 'unavailable' | 'preOrder';

/** Sold out → unavailable; in stock or sold on at zero (spec §5 pre-orderable) → preOrder or available. */
export function availabilityOf(variant: Pick<Variant, 'available' | 'preorder'>): Availability {
  return !variant.available ? 'unavailable' : variant.preorder ? 'preOrder' : 'available';
}

/** The button's label: the offer's own text for that availability, else the built-in one. */
export function acceptLabel(availability: Availability, own: Offer['acceptButton'], builtIn: Record<Availability, string>): string {
  return own[availability].trim() || builtIn[availability];
}
