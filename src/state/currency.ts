import { signal } from '@preact/signals-react';

/**
 * The shopper's currency, shared by every widget that shows prices (spec §2 "price formatting in
 * the shopper's currency"; the offer card and reviews read it too). Kept free of the currency data
 * table (~4 kB): the converter chunk fills these signals; other widgets only read them.
 */

/** ISO 4217 code the shopper sees prices in; `null` until the converter has decided. */
export const shopperCurrency = signal<string | null>(null);

/** Rates per USD in use (embedded snapshot, then the provider's fresher ones); `null` until loaded. */
export const rates = signal<Record<string, number> | null>(null);

/**
 * Formats an amount in shop cents (minor units of the shop currency) in the shopper's currency,
 * or `null` while prices are shown in the shop currency. Set by the converter:
 * `(priceFormatter.value ?? fallback)(cents)`.
 */
export const priceFormatter = signal<((cents: number) => string) | null>(null);
