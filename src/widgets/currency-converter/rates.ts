/**
 * Fresher rates from the provider (`GET {providerBase}rates.json`, the same shape as the
 * embedded `src/currency/rates.json`). Anything unusable gives null: the embedded rates stay.
 */
import type { Rates } from '../../currency/currencies';

/** The positive finite rates of a provider answer, or null when there are none. */
export function parseRates(json: unknown): Rates | null {
  const raw = json && typeof json === 'object' ? (json as { rates?: unknown }).rates : null;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const rates: Rates = {};
  let count = 0;
  for (const [code, value] of Object.entries(raw as Record<string, unknown>)) {
    if (/^[A-Z]{3}$/.test(code) && typeof value === 'number' && value > 0 && value < Infinity) {
      rates[code] = value;
      count++;
    }
  }
  return count ? rates : null;
}
