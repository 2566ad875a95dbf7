/**
 * The `offer` settings section (spec §3 "Offer", "Module eligibility rule"), validated when the
 * offer card's chunk loads, not by the loader: one console warning lists every problem, and a bad
 * value takes its default (an offer without an id or products is dropped). docs/settings.md
 * describes every key.
 */
import { check, color, list, nullable, oneOf, validateSection, type Rule } from '../../core/settings';

/** A bound of the eligibility rule: `null` = none. */
export interface Bounds {
  min: number | null;
  max: number | null;
}

/** Spec §3 "Module eligibility rule": which pages and visitors the offer is for. */
export interface EligibilityRule {
  /** The product page's product (on the cart page: a product in the cart) is one of these; empty = any. */
  productIds: number[];
  /** The selected variant's price, in the shop currency's minor units (2400 = $24.00). */
  price: Bounds;
  /** The selected variant's own discount, in percent (compare-at price against price, spec §5). */
  discount: Bounds;
  /** The selected variant's stock (the provider's inventory). */
  inventory: Bounds;
  /** The visitor's country (ISO 3166-1 alpha-2, upper case); empty = anywhere. */
  countries: string[];
}

/** Spec §3 "Offer": what is offered, at which discount, and how the card looks. */
export interface Offer {
  /** Names the offer: the card's host carries it (`data-vitrine-offer-id`, `#vtlHighlightOfferId=`). */
  id: string;
  /** Handles of the offered products, in the order the selector lists them (at most 10). */
  products: string[];
  /** The platform discount code applied on accept (`/discount/{code}`); '' = none. */
  discountCode: string;
  /** The discount the card shows: a percentage (0–100) or a fixed amount in the shop currency's major units. */
  bestOffer: { discountAmount: number; discountType: 'percentage' | 'fixed' };
  /** The accept button's texts by availability; '' = the built-in text in the shopper's language. */
  acceptButton: { available: string; unavailable: string; preOrder: string };
  textColor: string;
  backgroundColor: string;
  popupSelectBackgroundColor: string;
  popupSelectTextColor: string;
  rule: EligibilityRule;
}

export interface OfferSettings {
  /** Tried in order: the first offer the page and visitor are eligible for shows. */
  offers: Offer[];
}

/** Offered products per offer (the selector stays a short list, and each costs a product request). */
const MAX_OFFERED_PRODUCTS = 10;

const NO_BOUNDS: Bounds = { min: null, max: null };

export const OFFER_DEFAULTS: Offer = {
  id: '',
  products: [],
  discountCode: '',
  bestOffer: { discountAmount: 0, discountType: 'percentage' },
  acceptButton: { available: '', unavailable: '', preOrder: '' },
  textColor: '#1a1a1a',
  backgroundColor: '#f4f4f5',
  popupSelectBackgroundColor: '#ffffff',
  popupSelectTextColor: '#1a1a1a',
  rule: { productIds: [], price: { ...NO_BOUNDS }, discount: { ...NO_BOUNDS }, inventory: { ...NO_BOUNDS }, countries: [] },
};

const OFFER_SECTION_DEFAULTS: OfferSettings = { offers: [] };

const number = (max = Infinity) =>
  check((value) => typeof value === 'number' && value >= 0 && value <= max, max < Infinity ? `number 0–${max}` : 'number ≥ 0');
const handle = check(
  (value) => typeof value === 'string' && /^[^\s/?#]{1,255}$/.test(value),
  'product handle',
  (value: string) => value.toLowerCase(),
);
const productId = check((value) => Number.isSafeInteger(value) && value > 0, 'product id');
const country = check(
  (value) => typeof value === 'string' && /^[a-z]{2}$/i.test(value),
  'country code',
  (value: string) => value.toUpperCase(),
);

/** Rules of one offer, by full path (`offer.offers[0].rule.price.min`). */
function offerRules(path: string): Record<string, Rule> {
  const rules: Record<string, Rule> = {
    [`${path}.products`]: list(handle, true),
    [`${path}.bestOffer.discountType`]: oneOf('percentage', 'fixed'),
    [`${path}.bestOffer.discountAmount`]: number(),
    [`${path}.rule.productIds`]: list(productId, true),
    [`${path}.rule.countries`]: list(country, true),
  };
  for (const key of ['textColor', 'backgroundColor', 'popupSelectBackgroundColor', 'popupSelectTextColor']) rules[`${path}.${key}`] = color;
  for (const bound of ['price', 'inventory']) for (const end of ['min', 'max']) rules[`${path}.rule.${bound}.${end}`] = nullable(number());
  for (const end of ['min', 'max']) rules[`${path}.rule.discount.${end}`] = nullable(number(100));
  return rules;
}

/** One offer: validated like a section of its own; dropped (undefined) without an id or a product. */
const offer: Rule = (value, _fallback, path, problems) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${path}: expected object`);
    return undefined;
  }
  const parsed = validateSection(value, OFFER_DEFAULTS, path, offerRules(path));
  problems.push(...parsed.problems);
  const result = parsed.value;
  if (result.bestOffer.discountType === 'percentage' && result.bestOffer.discountAmount > 100) {
    problems.push(`${path}.bestOffer.discountAmount: expected number 0–100 for a percentage`);
    result.bestOffer.discountAmount = 100;
  }
  if (result.products.length > MAX_OFFERED_PRODUCTS) {
    problems.push(`${path}.products: expected at most ${MAX_OFFERED_PRODUCTS} products`);
    result.products = result.products.slice(0, MAX_OFFERED_PRODUCTS);
  }
  if (!result.id || !result.products.length) {
    problems.push(`${path}: dropped (it needs an id and at least one product)`);
    return undefined;
  }
  return result;
};

/** Validates `settings.offer`; problems read `offer.offers[0].bestOffer.discountType: expected percentage | fixed`. */
export const parseOfferSettings = (raw: unknown) => validateSection(raw, OFFER_SECTION_DEFAULTS, 'offer', { 'offer.offers': list(offer) });
