import { signal } from '@preact/signals-react';

/**
 * The shopper's currency, shared by every widget that shows prices (spec §2 "price formatting in
 * the shopper's currency"; the offer card and reviews will read it too). Kept free of the currency
 * data table (~4 kB): the converter chunk sets it; the selector (and later other widgets) read it.
 * A signal that nothing reads does not belong here: add one with its first reader.
 */

/** ISO 4217 code the shopper sees prices in; `null` until the converter has decided. */
export const shopperCurrency = signal<string | null>(null);

/**
 * Formats an amount in the shop currency's minor units (100 per unit) as the shopper sees prices:
 * converted into `shopperCurrency` at the converter's rates, in that currency's money format
 * (`€20,64`). Set by the converter with the currency, so a widget that reads it (the offer card)
 * follows every switch at once; `null` until the converter has decided (widgets then show the
 * shop's own money format).
 */
export const shopperMoney = signal<((cents: number) => string) | null>(null);
