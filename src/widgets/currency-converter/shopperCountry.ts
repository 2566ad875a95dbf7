/**
 * Spec §4 "country-derived currency": the shopper's country, from the page (the platform's own)
 * or else from the provider (`GET {providerBase}get-country-code`), which then publishes it for
 * the page (`ctx.setCountryCode`).
 */
import type { WidgetContext } from '../types';

/** The provider's country (ISO 3166-1 alpha-2, upper case), or null when it has none. */
function parseCountryCode(answer: { countryCode?: unknown } | null | undefined): string | null {
  const code = answer?.countryCode;
  return typeof code === 'string' && /^[A-Z]{2}$/i.test(code) ? code.toUpperCase() : null;
}

/**
 * Calls `onCountry` with the shopper's country once known: at once when the page has it, else when the
 * provider answers (null when it has none). Silent when the provider fails: nothing changes.
 */
export function whenCountryKnown(ctx: WidgetContext, onCountry: (country: string | null) => void): void {
  if (ctx.page.store.countryCode) {
    onCountry(ctx.page.store.countryCode);
    return;
  }
  void ctx
    .request<{ countryCode?: unknown }>(ctx.settings.providerBase + 'get-country-code')
    .then((answer) => {
      const country = parseCountryCode(answer);
      if (country) ctx.setCountryCode(country);
      onCountry(country);
    })
    .catch(() => {});
}
