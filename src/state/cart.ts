import { signal } from '@preact/signals-react';

/** Spec §3 "Cart read response", reduced to what widgets use. */
export interface CartSnapshot {
  token: string;
  /** The platform's `item_count`: the sum of the quantities. */
  itemCount: number;
  items: { productId: number; variantId: number; quantity: number }[];
}

/**
 * The shopper's cart; `null` until first read. Every widget that shows cart data reads this; the
 * commerce chunk's cart watcher (src/core/cartWatcher.ts) is the one writer, so a theme's own cart
 * changes reach it too.
 */
export const cart = signal<CartSnapshot | null>(null);
