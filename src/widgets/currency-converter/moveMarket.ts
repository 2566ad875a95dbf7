/**
 * Spec §4, §7: where the platform shows market currencies, choosing a currency also moves the
 * shopper's market, so checkout matches. The form post itself (`localizationRedirect`, at most once
 * an hour) is the lazy part `currency-converter.localization`, loaded on the first such choice: only
 * shops selling in market currencies need it.
 */
import { ERR_WIDGET_RENDER } from '../../core/errors';
import type { SafeStorage } from '../../core/storage';
import { countryCurrencies, currencyForCountry, preferredCountry } from '../../currency/countries';
import type { WidgetContext } from '../types';
import type * as LocalizationPart from './lazy/localization';
import LOCALIZATION_PART from './lazy/localization?part';

/** The country field of the platform's localization forms: a select's options, or one input. */
const COUNTRY_FIELDS = 'form[action$="/localization"] [name="country_code"] option, form[action$="/localization"] [name="country_code"]';

/** Spec §7: a country of `code` for the platform's localization form (the page's own options first). */
function countryFor(code: string, doc: Document, current: string | null): string | undefined {
  if (current && currencyForCountry(current) === code) return current;
  const offered = Array.from(doc.querySelectorAll<HTMLOptionElement>(COUNTRY_FIELDS))
    .map((option) => option.value)
    .find((country) => currencyForCountry(country) === code);
  if (offered) return offered;
  const preferred = preferredCountry(code);
  if (currencyForCountry(preferred) === code) return preferred;
  const currencies = countryCurrencies();
  return Object.keys(currencies).find((country) => currencies[country] === code);
}

/** Moves the shopper to a market whose currency is `code`, when a country has it. */
export function moveMarket(code: string, ctx: WidgetContext, doc: Document, storage: SafeStorage): void {
  const country = countryFor(code, doc, ctx.page.store.countryCode);
  if (!country) return;
  const win = doc.defaultView!;
  ctx
    .load<typeof LocalizationPart>(LOCALIZATION_PART)
    .then((part) => {
      part.localizationRedirect(
        { currency: code, country, root: ctx.page.store.root, returnTo: win.location.pathname + win.location.search },
        storage,
        doc,
      );
    })
    // A failed download (flaky network) or a throw in the part: reported, never unhandled.
    .catch((error) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'currency-converter', part: 'localization' }));
}
