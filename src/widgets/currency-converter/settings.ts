/**
 * The `currency` settings section, validated when the converter chunk loads (not by the loader).
 */
import { PRODUCT_NAME } from '../../core/constants';
import { DEFAULT_CURRENCIES } from '../../currency/currencies';
import { check, list, nullable, oneOf, placement, validateSection, type Placement, type Rule } from '../../core/settings';

export interface CurrencySettings {
  /** ISO 4217 codes offered in the selector, upper case (spec §9: six enabled by default). */
  enabled: string[];
  /** Corner of the floating selector. */
  position: 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right';
  /** Puts the selector in the page (e.g. the header) instead of floating. */
  placement: Placement | null;
}

const CURRENCY_DEFAULTS: CurrencySettings = {
  enabled: [...DEFAULT_CURRENCIES],
  position: 'bottom-left',
  placement: null,
};

/** An ISO 4217 code in any case, kept upper case. */
const currencyCode = check(
  (code) => /^[a-z]{3}$/i.test(code),
  'ISO 4217 code',
  (code: string) => code.toUpperCase(),
);

const RULES: Record<string, Rule> = {
  'currency.enabled': list(currencyCode, true),
  'currency.position': oneOf('bottom-left', 'bottom-right', 'top-left', 'top-right'),
  'currency.placement': nullable(placement),
};

/** Validates `settings.currency`; problems read `currency.position: expected …`. */
export const parseCurrencySettings = (raw: unknown) => validateSection(raw, CURRENCY_DEFAULTS, 'currency', RULES);

/** The section as the converter uses it; what the shop got wrong goes to the console (those values take their defaults). */
export function readCurrencySettings(raw: unknown): CurrencySettings {
  const { value, problems } = parseCurrencySettings(raw);
  if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);
  return value;
}
