/**
 * Lazy entry of the currency converter (module 30), loaded when the main thread is idle: picks
 * the shopper's currency (spec §4 order), converts every price on the page (priceConverter.ts)
 * and renders the selector with its notice. Prices stay as they were whenever something is
 * missing (rates, money format, currency list): reported with the codes of spec §8.
 *
 * `mount` wires the parts together: what the page's prices are in (pagePrices.ts), how a
 * converted price reads (priceRenderer.ts), the shopper's saved choice and country
 * (shopperChoice.ts, shopperCountry.ts), fresher rates (rates.ts), the selector (loadSelector.ts)
 * and the market move on a choice (moveMarket.ts).
 */
import { announceInteraction } from '../../core/lib/announceInteraction';
import { announceRendered } from '../../core/lib/announceRendered';
import { safe } from '../../core/lib/safeCall';
import { ERR_CONVERSION, ERR_CURRENCY_LIST_MISSING, ERR_CURRENCY_RATE_MISSING, ERR_MONEY_FORMAT_MISSING } from '../../core/errors';
import { createStorage } from '../../core/storage';
import { currencyForCountry } from '../../currency/countries';
import { convert, formatConverted, formatMoney } from '../../core/money';
import { getCurrency, RATES, type Rates } from '../../currency/currencies';
import { shopperCurrency, shopperMoney } from '../../state/currency';
import type { MountWidget } from '../types';
import { loadSelector } from './loadSelector';
import { moveMarket } from './moveMarket';
import { checkPlatformRate, pageParsers, readPagePrices } from './pagePrices';
import { createPriceConverter } from './priceConverter';
import { priceRenderer } from './priceRenderer';
import { refreshRates } from './rates';
import { selectCurrency } from './selection';
import { readCurrencySettings } from './settings';
import { explicitChoice, saveChoice } from './shopperChoice';
import { whenCountryKnown } from './shopperCountry';

export const mount: MountWidget = (host, ctx) => {
  const settings = readCurrencySettings(ctx.settings.currency);
  const doc = host.ownerDocument;
  const storage = createStorage();
  const prices = readPagePrices(ctx);
  const { pageCurrency } = prices;
  // The embedded snapshot until the provider's fresher rates arrive.
  let rates: Rates = { ...RATES };
  /** We can convert into `code`: the currency table has it and a rate exists. */
  const known = (code: string): boolean => !!getCurrency(code) && rates[code] > 0;

  checkPlatformRate(prices, rates, ctx.report);
  const enabled = settings.enabled.filter(known);
  if (!enabled.length) ctx.report(ERR_CURRENCY_LIST_MISSING, new Error('missing currency list'), { enabled: settings.enabled.join(',') });
  const parsers = pageParsers(prices, ctx.settings);
  if (!parsers.length) {
    ctx.report(ERR_MONEY_FORMAT_MISSING, new Error('missing money format'), { format: ctx.settings.moneyFormat });
    shopperCurrency.value = pageCurrency;
    return;
  }

  const converter = createPriceConverter({
    parsers,
    doc,
    onFailure: (text) =>
      ctx.report(ERR_CONVERSION, new Error('price could not be converted'), { text: text.slice(0, 100), currency: shopperCurrency.value }),
    onError: (error) => ctx.report(ERR_CONVERSION, error),
  });
  /**
   * Shop-currency amounts in `code` for widgets that show prices (`shopperMoney`): the shop's own
   * money format in its currency, else converted at our rates in `code`'s format; null without a rate.
   */
  const shopMoney = (code: string): ((cents: number) => string) | null => {
    const shop = ctx.settings.shopCurrency;
    if (code === shop) return (cents) => formatMoney(cents, ctx.settings.moneyFormat);
    const entry = getCurrency(code, rates);
    if (!entry || !(entry.rate > 0) || !(rates[shop] > 0)) return null;
    return (cents) => {
      const { value, decimals } = convert(cents, rates[shop], entry.rate, code);
      return formatConverted(value, decimals, entry.format);
    };
  };
  /** Makes `code` the shopper's currency and shows every price in it (the theme's own text in the page currency). */
  const show = (code: string): void => {
    shopperMoney.value = shopMoney(code);
    shopperCurrency.value = code;
    const render = code === pageCurrency ? null : priceRenderer(code, prices, rates);
    if (!render && code !== pageCurrency) {
      ctx.report(ERR_CURRENCY_RATE_MISSING, new Error('currency rate missing'), { currency: code, from: pageCurrency });
    }
    converter.setRender(render);
  };

  // Spec §4: an explicit choice, else the page's currency, which the shopper's country may still change.
  const select = () => selectCurrency({ ...explicitChoice(doc, storage), shop: pageCurrency }, known, enabled);
  const initial = select();
  if (initial.source === 'param') saveChoice(storage, initial.code);
  show(initial.code);
  converter.observe();
  announceRendered(host, 'currency-converter');
  let chosen = false;
  if (initial.source === 'shop') {
    whenCountryKnown(ctx, (country) => {
      const byCountry = selectCurrency({ country: country ? currencyForCountry(country) : undefined, shop: pageCurrency }, known, enabled);
      if (!chosen && byCountry.code !== shopperCurrency.value) show(byCountry.code);
    });
  }

  refreshRates(ctx, (fresh) => {
    rates = { ...RATES, ...fresh };
    if (shopperCurrency.value && shopperCurrency.value !== pageCurrency) show(shopperCurrency.value);
  });

  const choose = (code: string): void => {
    announceInteraction('currency-changed', { currency: code });
    chosen = true;
    saveChoice(storage, code);
    show(code);
    if (prices.inMarketCurrency && code !== pageCurrency) moveMarket(code, ctx, doc, storage);
  };
  // With no currency to offer (reported above) there is no selector.
  const unmountSelector = enabled.length ? loadSelector(host, ctx, settings, enabled, pageCurrency, choose) : () => {};
  // Back from the back-forward cache: the page was frozen while the shopper may have chosen
  // another currency on the pages seen since; that choice shows here too.
  const onShow = safe((event: PageTransitionEvent): void => {
    const again = event.persisted && select();
    if (again && again.source !== 'shop' && again.code !== shopperCurrency.value) {
      chosen = true;
      show(again.code);
    }
  }, ERR_CONVERSION);
  addEventListener('pageshow', onShow);
  return () => {
    removeEventListener('pageshow', onShow);
    unmountSelector();
    converter.destroy();
  };
};
