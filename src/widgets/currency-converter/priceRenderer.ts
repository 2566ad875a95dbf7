/**
 * How a converted price reads: the page's amount converted from the page currency at our rates
 * (spec §5 rounding) and printed with the target currency's own money format.
 */
import { convert, formatConverted } from '../../core/money';
import { getCurrency, type Rates } from '../../currency/currencies';
import { pageRate, type PagePrices } from './pagePrices';
import type { RenderPrice } from './priceConverter';

/** Formats the page's amounts in `code` at `rates`; null when a rate or the currency entry is missing. */
export function priceRenderer(code: string, prices: PagePrices, rates: Rates): RenderPrice | null {
  const entry = getCurrency(code, rates);
  const fromRate = pageRate(prices, rates);
  if (!entry || !(entry.rate > 0) || !(fromRate > 0)) return null;
  return (cents, withCode) => {
    const { value, decimals } = convert(cents, fromRate, entry.rate, code);
    if (!Number.isFinite(value)) return null;
    const text = formatConverted(value, decimals, entry.format);
    return withCode && !text.includes(code) ? `${text} ${code}` : text;
  };
}
