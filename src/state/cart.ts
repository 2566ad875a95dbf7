import { signal } from '@preact/signals-react';

/** Spec §3 "Cart read response", reduced to what widgets use. */
export interface CartSnapshot {
  token: string;
  /** The platform's `item_count`: the sum of the quantities. */
  itemCount: number;
  items: { productId: number; variantId: number; quantity: number }[];
}

/**
 * The shopper's cart; `null` until first read. Every widget that shows cart data reads this, once
 * it called `followCart`; the commerce chunk's cart reader is its one source, so a theme's own cart
 * changes reach it too (its watcher, src/core/cartWatcher.ts).
 */
export const cart = signal<CartSnapshot | null>(null);

let following = false;

/**
 * Keeps `cart` current from the commerce chunk's cart reader: `onCart` is the chunk's export of
 * the same name (mounted first). Once per page: later calls do nothing. The reader lives in a
 * chunk without the framework, so this bridge is on the framework's side.
 */
export function followCart(onCart: (listener: (snapshot: CartSnapshot) => void) => void): void {
  if (following) return;
  following = true;
  onCart((snapshot) => (cart.value = snapshot));
}
