import type { Settings } from '../core/settings';
import { baseUrl, CURRENCY_CODE, DEFAULT_MODULES, EMAIL, HOST_NAME, LANGUAGE_CODE, scriptBase, SUPPORT_EMAIL } from '../core/parseSettings';

/**
 * The settings the loader decides with, read at once from the raw settings (spec §1): each value
 * has the type the full validation promises, else its default, and reading never throws (getters,
 * proxies, inherited keys). Problems are not collected here: the full validation
 * (`src/core/parseSettings.ts`, in the second stage) runs before the first widget mounts, says
 * them in the console and replaces these; keeping it out of the loader keeps its walk and its
 * bytes off every page's first paint. Only the loader's own fields are read (the others, which
 * only widgets read, are absent until then: no widget mounts before).
 */
export function readSettings(raw: unknown, scriptUrl: string): Settings {
  const base = scriptBase(scriptUrl);
  /** Own `key` of `raw`, through `map`; undefined when absent or when reading it throws. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw input, checked by each caller below
  const value = (key: keyof Settings, map = (found: any): any => found): any => {
    try {
      return Object.prototype.hasOwnProperty.call(raw, key) ? map((raw as Record<string, unknown>)[key]) : undefined;
    } catch {
      /* unreadable: the default */
    }
  };
  const text = (key: keyof Settings, pattern: RegExp) =>
    value(key, (found) => (typeof found === 'string' && pattern.test(found) ? found : null));
  const object = (key: keyof Settings) =>
    value(key, (found) => (found && typeof found === 'object' && !Array.isArray(found) ? found : null));
  /** Whole numbers only, copied: the plan calls `includes` on them. */
  const numbers = (key: keyof Settings) => value(key, (found) => Array.isArray(found) && found.filter(Number.isInteger));
  const lastUpdated = value('lastUpdated');
  return {
    shopId: value('shopId', (found) => (typeof found === 'string' || typeof found === 'number' ? String(found).trim() : '')) || '',
    shopDomain: text('shopDomain', HOST_NAME) || null,
    providerBase: baseUrl(value('providerBase'), base) || new URL('/api/', base).href,
    assetBase: baseUrl(value('assetBase'), base) || base,
    language: text('language', LANGUAGE_CODE) || 'auto',
    supportEmail: text('supportEmail', EMAIL) || SUPPORT_EMAIL,
    debug: value('debug') === true,
    modules: numbers('modules') || DEFAULT_MODULES,
    placements: object('placements') || {},
    cartReserved: object('cartReserved') || { placement: null },
    reviews: object('reviews') || {},
    hooks: object('hooks') || {},
    shopCurrency: text('shopCurrency', CURRENCY_CODE) || 'USD',
    placedWidgets: numbers('placedWidgets') || [],
    lastUpdated: Number.isInteger(lastUpdated) && lastUpdated >= 0 ? lastUpdated : 0,
  } as Settings;
}
