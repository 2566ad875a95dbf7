/**
 * Lazy entry of the currency converter (module 30), loaded when the main thread is idle: picks
 * the shopper's currency (spec §4 order), converts every price on the page (priceConverter.ts)
 * and renders the selector with its notice. Prices stay as they were whenever something is
 * missing (rates, money format, currency list): reported with the codes of spec §8.
 */
import { CURRENCY_COOKIE_DAYS, PRODUCT_NAME } from '../../core/constants';
import { getCookie, setCookie } from '../../core/cookies';
import {
  ERR_CONVERSION,
  ERR_CURRENCY_LIST_MISSING,
  ERR_CURRENCY_MISMATCH,
  ERR_CURRENCY_RATE_MISSING,
  ERR_MONEY_FORMAT_MISSING,
  ERR_WIDGET_RENDER,
  ERR_WIDGET_TARGET_NOT_FOUND,
} from '../../core/errors';
import { convert, formatConverted } from '../../core/money';
import { createStorage } from '../../core/storage';
import { countryCurrencies, currencyForCountry, preferredCountry } from '../../currency/countries';
import { flagPosition, getCurrency, RATES, type Rates } from '../../currency/currencies';
import { shopperCurrency } from '../../state/currency';
import type { MountWidget, WidgetContext } from '../types';
import { createPriceConverter, moneyParser, shopParsers, type RenderPrice } from './priceConverter';
import { parseRates } from './rates';
import { currencyParam, normalizeCode, selectCurrency } from './selection';
import { parseCurrencySettings, type CurrencySettings } from './settings';

/** Cookie holding the shopper's choice (spec §7: 365 days, SameSite strict). */
const CURRENCY_COOKIE = 'vitrine_currency';
/** Storage key of the shopper's choice. */
const CURRENCY_KEY = 'currency';
/** Relative difference between our rate and the platform's above which a mismatch is reported. */
const MISMATCH_TOLERANCE = 0.05;

export const mount: MountWidget = (host, ctx) => {
  const { value: cs, problems } = parseCurrencySettings(ctx.settings.currency);
  if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);
  const doc = host.ownerDocument;
  const win = doc.defaultView!;
  const storage = createStorage('local');
  const shop = ctx.settings.shopCurrency;
  let table: Rates = { ...RATES };

  // Platform multi-currency: the page shows prices in the active currency at the platform's rate.
  const active = normalizeCode(ctx.page.store.currency.active) || shop;
  const multi = active !== shop;
  const platformRate = ctx.page.store.currency.rate;
  const sourceRate = (): number => (multi ? table[shop] * platformRate : table[shop]);
  if (multi && table[active] > 0 && Math.abs(sourceRate() / table[active] - 1) > MISMATCH_TOLERANCE) {
    ctx.report(ERR_CURRENCY_MISMATCH, new Error('currency mismatch between computed and displayed price'), {
      currency: active,
      computed: sourceRate(),
      displayed: table[active],
    });
  }

  const known = (code: string): boolean => !!getCurrency(code) && table[code] > 0;
  const enabled = cs.enabled.filter(known);
  if (!enabled.length) ctx.report(ERR_CURRENCY_LIST_MISSING, new Error('missing currency list'), { enabled: cs.enabled.join(',') });

  const activeEntry = multi ? getCurrency(active) : undefined;
  const parsers = multi
    ? [moneyParser(`${activeEntry?.format ?? ''} ${active}`, true), moneyParser(activeEntry?.format ?? '')].filter((p) => !!p)
    : shopParsers(ctx.settings.moneyFormat, ctx.settings.moneyWithCurrencyFormat);
  if (!parsers.length) {
    ctx.report(ERR_MONEY_FORMAT_MISSING, new Error('missing money format'), { format: ctx.settings.moneyFormat });
    shopperCurrency.value = active;
    return;
  }

  const converter = createPriceConverter({
    parsers: parsers as NonNullable<(typeof parsers)[number]>[],
    doc,
    onFailure: (text) => ctx.report(ERR_CONVERSION, new Error('price could not be converted'), { text: text.slice(0, 100), currency: shopperCurrency.value }),
    onError: (error) => ctx.report(ERR_CONVERSION, error),
  });

  /** Formats source cents (at `fromRate`) in `code`; null when a rate or the entry is missing. */
  const renderer = (code: string, fromRate: number): RenderPrice | null => {
    const entry = getCurrency(code, table);
    const toRate = table[code];
    if (!entry || !(toRate > 0) || !(fromRate > 0)) return null;
    return (cents, withCode) => {
      const { value, decimals } = convert(cents, fromRate, toRate, code);
      if (!Number.isFinite(value)) return null;
      const text = formatConverted(value, decimals, entry.format);
      return withCode && !text.includes(code) ? `${text} ${code}` : text;
    };
  };

  const apply = (code: string): void => {
    shopperCurrency.value = code;
    if (code === active) {
      converter.setRender(null);
      return;
    }
    const render = renderer(code, sourceRate());
    if (!render) {
      ctx.report(ERR_CURRENCY_RATE_MISSING, new Error('currency rate missing'), { currency: code, from: active });
      converter.setRender(null);
      return;
    }
    converter.setRender(render);
  };

  let chosen = false;
  const save = (code: string): void => {
    storage.set(CURRENCY_KEY, code);
    setCookie(CURRENCY_COOKIE, code, CURRENCY_COOKIE_DAYS);
  };

  // Spec §4: parameter, stored choice, cookie, then (below) the country, then the shop default.
  const param = currencyParam(win.location.href);
  const first = selectCurrency({ param, stored: storage.get(CURRENCY_KEY), cookie: getCookie(CURRENCY_COOKIE, doc), shop: active }, known, enabled);
  if (first.source === 'param') save(first.code);
  apply(first.code);
  converter.observe();

  if (first.source === 'shop') {
    const fromCountry = (cc: string | null | undefined): void => {
      const code = cc ? currencyForCountry(cc) : undefined;
      const pick = selectCurrency({ country: code, shop: active }, known, enabled);
      if (!chosen && pick.code !== shopperCurrency.value) apply(pick.code);
    };
    if (ctx.page.store.countryCode) fromCountry(ctx.page.store.countryCode);
    else {
      void ctx
        .request<{ countryCode?: unknown }>(ctx.settings.providerBase + 'get-country-code')
        .then((json) => {
          const cc = typeof json?.countryCode === 'string' && /^[A-Z]{2}$/i.test(json.countryCode) ? json.countryCode.toUpperCase() : null;
          if (cc) ctx.setCountryCode(cc);
          fromCountry(cc);
        })
        .catch(() => {});
    }
  }

  // Fresher rates from the provider; on any failure the embedded snapshot stays, silently.
  void ctx
    .request(ctx.settings.providerBase + 'rates.json')
    .then((json) => {
      const fresh = parseRates(json);
      if (!fresh) return;
      table = { ...RATES, ...fresh };
      if (shopperCurrency.value && shopperCurrency.value !== active) apply(shopperCurrency.value);
    })
    .catch(() => {});

  const choose = (code: string): void => {
    chosen = true;
    save(code);
    apply(code);
    // The platform shows market currencies here (its active currency is not the shop's): move the
    // shopper's market too, so checkout matches (spec §4, §7; at most once per 3600 s).
    if (multi && code !== active) redirect(code, ctx, win, storage);
  };

  let unmount = (): void => {};
  let gone = false;
  if (enabled.length) {
    const floating = placeHost(host, cs, ctx);
    const codes = [...enabled, ...(enabled.includes(active) ? [] : [active])];
    ctx
      .load<typeof import('./lazy/selector')>('currency-converter.selector')
      .then((ui) => {
        if (gone) return;
        unmount = ui.renderSelector(host, {
          options: codes.map((code) => ({ code, name: getCurrency(code)?.name ?? code, flag: flagPosition(code) })),
          shopCurrency: active,
          onChange: choose,
          language: ctx.language,
          position: floating ? cs.position : null,
          assetBase: ctx.settings.assetBase,
          report: ctx.report,
        });
      })
      .catch((error) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'currency-converter' }));
  }
  return () => {
    gone = true;
    unmount();
    converter.destroy();
  };
};

/**
 * Moves the host to `currency.placement` when the loader left it floating at the end of the body.
 * Returns whether the selector floats.
 */
function placeHost(host: HTMLElement, cs: CurrencySettings, ctx: WidgetContext): boolean {
  const doc = host.ownerDocument;
  if (host.parentElement !== doc.body || !cs.placement) return host.parentElement === doc.body || !host.parentElement;
  const target = doc.querySelector(cs.placement.selector);
  if (!target) {
    ctx.report(ERR_WIDGET_TARGET_NOT_FOUND, new Error('widget injection location not found: currency-converter'), { selectors: cs.placement.selector });
    return true;
  }
  const where = { before: 'beforebegin', after: 'afterend', prepend: 'afterbegin', append: 'beforeend' } as const;
  target.insertAdjacentElement(where[cs.placement.alignment], host);
  return false;
}

/** Spec §7: a country of `code` for the platform's localization form (the page's own options first). */
function countryFor(code: string, doc: Document, current: string | null): string | undefined {
  if (current && currencyForCountry(current) === code) return current;
  const offered = Array.from(doc.querySelectorAll<HTMLOptionElement>('form[action$="/localization"] [name="country_code"] option, form[action$="/localization"] [name="country_code"]'))
    .map((o) => o.value)
    .find((cc) => currencyForCountry(cc) === code);
  if (offered) return offered;
  const preferred = preferredCountry(code);
  if (currencyForCountry(preferred) === code) return preferred;
  return Object.keys(countryCurrencies()).find((cc) => countryCurrencies()[cc] === code);
}

function redirect(code: string, ctx: WidgetContext, win: Window, storage: ReturnType<typeof createStorage>): void {
  const country = countryFor(code, win.document, ctx.page.store.countryCode);
  if (!country) return;
  // Only shops selling in market currencies need it: loaded on the first choice.
  void ctx.load<typeof import('./lazy/localization')>('currency-converter.localization').then((m) =>
    m.localizationRedirect({ currency: code, country, root: ctx.page.store.root, returnTo: win.location.pathname + win.location.search }, storage, win.document),
  );
}
