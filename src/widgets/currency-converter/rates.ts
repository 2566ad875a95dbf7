/**
 * Fresher rates from the provider (`GET {providerBase}rates.json`, the same shape as the
 * embedded `src/currency/rates.json`). Anything unusable gives null: the embedded rates stay.
 */
import type { Rates } from '../../currency/currencies';
import type { WidgetContext } from '../types';

/** The positive finite rates of a provider answer, or null when there are none. */
export function parseRates(json: unknown): Rates | null {
  const raw = json && typeof json === 'object' ? (json as { rates?: unknown }).rates : null;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const usable = Object.entries(raw as Record<string, unknown>).filter(
    ([code, value]) => /^[A-Z]{3}$/.test(code) && typeof value === 'number' && value > 0 && value < Infinity,
  );
  return usable.length ? (Object.fromEntries(usable) as Rates) : null;
}

/** Asks the provider for fresher rates and calls `onRates` with them; on any failure the embedded snapshot stays, silently. */
export function refreshRates(ctx: WidgetContext, onRates: (fresh: Rates) => void): void {
  void ctx
    .request(ctx.settings.providerBase + 'rates.json')
    .then((json) => {
      const fresh = parseRates(json);
      if (fresh) onRates(fresh);
    })
    .catch(() => {});
}
