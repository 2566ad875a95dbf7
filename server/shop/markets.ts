/**
 * The demo shop's markets, as the platform's Markets feature behaves: a shopper whose country
 * (the `localization` cookie the footer form or `/localization` sets) belongs to a market sees
 * every price in that market's currency, converted at the platform's rate, and the page globals
 * say so (`Shopify.currency.active`/`rate`). Everyone else buys in the shop currency, USD.
 * Rates are the snapshot the widgets embed, so the converter's computed rate matches.
 */
import { formatMoney } from '../../src/core/money.ts';
import { getCurrency, RATES } from '../../src/currency/currencies.ts';

/** The currency the shop sells in: catalogue and cart amounts are in it. */
export const SHOP_CURRENCY = 'USD';

/** Country → market currency. */
const MARKET_CURRENCY: Readonly<Record<string, string>> = { ES: 'EUR', NL: 'EUR', GB: 'GBP', CA: 'CAD' };

/** How a market shows prices. */
export interface Market {
  /** ISO 4217 code of the prices on the page. */
  currency: string;
  /** Units of `currency` per unit of the shop currency. */
  rate: number;
  /** The currency's money format (`€{{amount_with_comma_separator}}`). */
  format: string;
}

/** The shop's own currency and money format (the demo shop sells in USD). */
const SHOP_MARKET: Market = { currency: SHOP_CURRENCY, rate: 1, format: '${{amount}}' };

/** The market of `country`; the shop's own (USD, rate 1) when it has none. */
export function marketFor(country: string): Market {
  const code = MARKET_CURRENCY[country];
  const entry = code ? getCurrency(code) : undefined;
  if (!code || !entry || !(RATES[code]! > 0)) return SHOP_MARKET;
  return { currency: code, rate: RATES[code]! / RATES[SHOP_CURRENCY]!, format: entry.format };
}

/** A shop-currency amount in the market's currency (cents), rounded to the cent. */
export const presentment = (cents: number, market: Market): number => Math.round(cents * market.rate);

/** A shop-currency amount as the market shows it (`€20,64`). */
export const marketMoney = (cents: number, market: Market): string => formatMoney(presentment(cents, market), market.format);

/** A country code as the platform writes it (`ES`). */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

/** The shopper's country: the locale's own (`/en-us` is US), else the `localization` cookie, else US. */
export function shopperCountry(localeCountry: string | null, cookie: string | undefined): string {
  return localeCountry ?? (cookie && COUNTRY_CODE.test(cookie) ? cookie : 'US');
}

/** Amount fields of the platform's cart and line-item JSON. */
const CART_AMOUNTS = new Set([
  'price',
  'original_price',
  'discounted_price',
  'line_price',
  'original_line_price',
  'final_price',
  'final_line_price',
  'total_discount',
  'original_total_price',
  'total_price',
  'items_subtotal_price',
  'line_level_total_discount',
  // Discount allocations (`discounts[]`, `line_level_discount_allocations[]` and their application).
  'amount',
  'total_allocated_amount',
]);

/** Keys whose values hold amounts further down (items, and the discounts on each line). */
const NESTED_AMOUNTS = new Set(['items', 'discounts', 'line_level_discount_allocations', 'discount_application']);

/**
 * Cart AJAX JSON (a cart, a line item, or `{items}`) as the platform answers it in a market:
 * every amount in the market currency, `currency` set to it. The shop-currency JSON is unchanged.
 */
export function cartInMarket<T>(value: T, market: Market): T {
  if (market.currency === SHOP_CURRENCY) return value;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (CART_AMOUNTS.has(key) && typeof value === 'number') out[key] = presentment(value, market);
      else if (key === 'currency' && typeof value === 'string') out[key] = market.currency;
      else out[key] = NESTED_AMOUNTS.has(key) ? walk(value) : value;
    }
    return out;
  };
  return walk(value) as T;
}
