import { DEMO_SHOP_DOMAIN, DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { getProduct } from '../shop/catalog.ts';
import type { Shop } from '../storage/schema.ts';

/** `{origin}` in string settings is replaced with the request's origin when served. */
export const ORIGIN_PLACEHOLDER = '{origin}';

/** A demo product's id (the offer's eligibility rule names products by id, as the platform does). */
const productId = (handle: string): number => getProduct(handle)!.product.id;

/**
 * The demo shop's offer (module 47, docs/settings.md#offer): on the apparel product pages
 * (the tee, the linen shirt, the hoodie) while the selected variant is in stock, and on the cart
 * page when one of them is in the cart, four products at 15 % off with the shop's `BUNDLE15` code
 * (server/shop/discounts.ts). The rain jacket has a sold-out size, the sneakers are a pre-order.
 */
const DEMO_OFFER = {
  id: 'demo-bundle',
  products: ['canvas-tote-bag', 'wool-beanie', 'rain-jacket', 'trail-sneakers'],
  discountCode: 'BUNDLE15',
  bestOffer: { discountAmount: 15, discountType: 'percentage' },
  textColor: '#1f2a44',
  backgroundColor: '#eef2f8',
  popupSelectBackgroundColor: '#ffffff',
  popupSelectTextColor: '#1f2a44',
  rule: {
    productIds: [productId('classic-cotton-tee'), productId('linen-button-shirt'), productId('everyday-hoodie')],
    inventory: { min: 1, max: null },
  },
};

/** The demo shop's published settings (stored in shops.settings_json at seed time). */
export const DEMO_SHOP_SETTINGS = {
  shopId: DEMO_SHOP_ID,
  shopDomain: DEMO_SHOP_DOMAIN,
  language: 'auto',
  supportEmail: 'support@vitrine-demo.example',
  /** 21 product reviews, 24 cart reserved, 30 currency converter, 12 content protection, 47 offer card. */
  modules: [21, 24, 30, 12, 47],
  assetBase: `${ORIGIN_PLACEHOLDER}/vitrine/`,
  providerBase: `${ORIGIN_PLACEHOLDER}/api/`,
  shopCurrency: 'USD',
  moneyFormat: '${{amount}}',
  moneyWithCurrencyFormat: '${{amount}} USD',
  offer: { offers: [DEMO_OFFER] },
  // Everything else (reviews, colors, currency selector…) keeps the client's defaults
  // (src/core/settings.ts, docs/settings.md) until the owner changes it.
};

/** Display name shown with the demo shop's replies to reviews (stored setting `ownerName`). */
const DEMO_OWNER_NAME = 'Vitrine Demo team';

/**
 * Stored settings the provider uses itself and never publishes in `vitrine.js`
 * (the client's settings validation rejects unknown keys): the owner's display name, and how
 * submitted reviews are moderated (submissionPolicy.ts).
 */
const SERVER_ONLY_SETTINGS: readonly string[] = ['ownerName', 'moderation'];

/** What the seed stores for the demo shop: the published settings plus server-only ones. */
export const DEMO_STORED_SETTINGS = {
  ...DEMO_SHOP_SETTINGS,
  ownerName: DEMO_OWNER_NAME,
  // The default, stored so the demo shows where it goes: 4 and 5 stars at once, 1–3 wait for the owner.
  moderation: { autoPublishMinStars: 4 },
};

/** A shop's stored settings object ({} when missing or not an object). */
export function storedSettingsOf(shop: Pick<Shop, 'settings_json'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(shop.settings_json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  return {};
}

/** Replace ORIGIN_PLACEHOLDER in every string of a settings value (deeply). */
function fillOrigin(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.split(ORIGIN_PLACEHOLDER).join(origin);
  if (Array.isArray(value)) return value.map((item) => fillOrigin(item, origin));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, fillOrigin(item, origin)]));
  }
  return value;
}

/**
 * The settings as served to the storefront: stored settings, with `assetBase` /
 * `providerBase` as absolute URLs of the request origin (unless stored absolute),
 * `lastUpdated` from shop_state, `placedWidgets` (the widgets the owner placed: the loader asks
 * for their placements, and only then; left out when there are none, the client's default `[]`),
 * then `overrides` (shallow) on top.
 */
export function resolveSettings(
  shop: Shop,
  origin: string,
  overrides: Record<string, unknown> = {},
  placedWidgets: readonly number[] = [],
): Record<string, unknown> {
  const filled = fillOrigin(storedSettingsOf(shop), origin) as Record<string, unknown>;
  for (const key of SERVER_ONLY_SETTINGS) delete filled[key];
  // Only the store knows where the owner placed widgets; a stored value would go stale.
  delete filled.placedWidgets;
  return {
    ...filled,
    shopId: shop.id,
    shopDomain: shop.domain,
    assetBase: typeof filled.assetBase === 'string' && filled.assetBase ? filled.assetBase : `${origin}/vitrine/`,
    providerBase: typeof filled.providerBase === 'string' && filled.providerBase ? filled.providerBase : `${origin}/api/`,
    lastUpdated: shop.last_updated,
    ...(placedWidgets.length ? { placedWidgets: [...placedWidgets] } : {}),
    ...overrides,
  };
}
