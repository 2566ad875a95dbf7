import { signal } from '@preact/signals-react';

/**
 * The shopper's currency, shared by every widget that shows prices (spec §2 "price formatting in
 * the shopper's currency"; the offer card and reviews will read it too). Kept free of the currency
 * data table (~4 kB): the converter chunk sets it; the selector (and later other widgets) read it.
 * A signal that nothing reads does not belong here: add one with its first reader.
 */

/** ISO 4217 code the shopper sees prices in; `null` until the converter has decided. */
export const shopperCurrency = signal<string | null>(null);
