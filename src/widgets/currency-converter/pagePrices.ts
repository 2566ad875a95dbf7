/**
 * The prices the theme shows on this page. Usually they are in the shop currency; with the
 * platform's multi-currency (its Markets) they are in the shopper's market currency, converted
 * by the platform at its own rate, and the converter starts from those (spec §4, §7).
 */
import { ERR_CURRENCY_MISMATCH } from '../../core/errors';
import type { Settings } from '../../core/settings';
import { getCurrency, type Rates } from '../../currency/currencies';
import type { WidgetContext } from '../types';
import { moneyParsers, type MoneyParser } from './priceConverter';
import { normalizeCode } from './selection';

/** Relative difference between our rate and the platform's above which a mismatch is reported. */
const MISMATCH_TOLERANCE = 0.05;

/** What the page's prices are in. */
export interface PagePrices {
  /** The shop's own currency (settings). */
  shopCurrency: string;
  /** The currency of the prices on the page: the platform's active currency, else the shop's. */
  pageCurrency: string;
  /** The platform shows a market currency (not the shop's), converted at `platformRate`. */
  inMarketCurrency: boolean;
  /** Units of the page currency per unit of the shop currency, as the platform states it. */
  platformRate: number;
}

/** Reads the page's currency from the platform's page globals (`ctx.page.store.currency`). */
export function readPagePrices(ctx: WidgetContext): PagePrices {
  const shopCurrency = ctx.settings.shopCurrency;
  const pageCurrency = normalizeCode(ctx.page.store.currency.active) || shopCurrency;
  return { shopCurrency, pageCurrency, inMarketCurrency: pageCurrency !== shopCurrency, platformRate: ctx.page.store.currency.rate };
}

/** Rate per USD of the amounts on the page: the shop currency's, times the platform's rate in a market currency. */
export function pageRate(prices: PagePrices, rates: Rates): number {
  return prices.inMarketCurrency ? rates[prices.shopCurrency] * prices.platformRate : rates[prices.shopCurrency];
}

/**
 * Spec §8: reports a currency mismatch when the platform's rate to the market currency is more
 * than 5% away from ours (then the shopper would see a price that differs from checkout).
 */
export function checkPlatformRate(prices: PagePrices, rates: Rates, report: WidgetContext['report']): void {
  const computed = pageRate(prices, rates);
  const displayed = rates[prices.pageCurrency];
  if (prices.inMarketCurrency && displayed > 0 && Math.abs(computed / displayed - 1) > MISMATCH_TOLERANCE) {
    const error = new Error('currency mismatch between computed and displayed price');
    report(ERR_CURRENCY_MISMATCH, error, { currency: prices.pageCurrency, computed, displayed });
  }
}

/**
 * Parsers for the amounts on the page: the shop's money formats, or in a market currency that
 * currency's own format (the platform may print its code after it). Empty when no format has an
 * amount placeholder.
 */
export function pageParsers(prices: PagePrices, settings: Settings): MoneyParser[] {
  if (!prices.inMarketCurrency) return moneyParsers(settings.moneyFormat, settings.moneyWithCurrencyFormat);
  const format = getCurrency(prices.pageCurrency)?.format ?? '';
  return moneyParsers(format, `${format} ${prices.pageCurrency}`);
}
