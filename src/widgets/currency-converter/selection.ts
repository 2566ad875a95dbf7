/**
 * Spec §4 "Currency selection order": the URL `currency` parameter, the stored choice, the saved
 * cookie, the country's currency, the shop default. Pure: the caller reads the sources.
 */

export interface SelectionSources {
  /** `?currency=` value of the page URL (forces any known currency). */
  param?: string | null;
  /** Choice kept in storage. */
  stored?: string | null;
  /** Choice kept in the currency cookie. */
  cookie?: string | null;
  /** Currency of the shopper's country (used only when the shop offers it). */
  country?: string | null;
  /** The shop's own currency: always the last resort. */
  shop: string;
}

export type SelectionSource = 'param' | 'stored' | 'cookie' | 'country' | 'shop';

/** Upper-cased ISO 4217 shape, or null. */
export const normalizeCode = (value: unknown): string | null => {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
};

/**
 * The shopper's currency and where it came from. `known(code)` says whether we can convert into
 * `code` (a rate and a format exist); `enabled` are the currencies the shop offers: a country's
 * currency is only taken when offered, while an explicit choice (parameter, storage, cookie) may
 * be any known currency.
 */
export function selectCurrency(
  sources: SelectionSources,
  known: (code: string) => boolean,
  enabled: readonly string[],
): { code: string; source: SelectionSource } {
  for (const source of ['param', 'stored', 'cookie'] as const) {
    const code = normalizeCode(sources[source]);
    if (code && known(code)) return { code, source };
  }
  const country = normalizeCode(sources.country);
  if (country && known(country) && enabled.includes(country)) return { code: country, source: 'country' };
  return { code: normalizeCode(sources.shop) || 'USD', source: 'shop' };
}

/** The `currency` parameter of a URL (search part or full URL), or null. */
export function currencyParam(url: string): string | null {
  try {
    return normalizeCode(new URL(url, 'https://x.invalid/').searchParams.get('currency'));
  } catch {
    return null;
  }
}
