import { signal } from '@preact/signals-react';
import type { Requester } from '../core/request';

/** Spec §3 "Cart read response", reduced to what widgets use. */
export interface CartSnapshot {
  token: string;
  itemCount: number;
  items: { productId: number; variantId: number; quantity: number }[];
}

interface CartJson {
  token?: string;
  item_count?: number;
  items?: { product_id?: number; variant_id?: number; id?: number; quantity?: number }[];
}

/** The shopper's cart; `null` until first read. Every widget that shows cart data reads this. */
export const cart = signal<CartSnapshot | null>(null);

/** Turns the platform's `/cart.js` answer into a snapshot; anything malformed counts as empty. */
function toCartSnapshot(json: CartJson | null | undefined): CartSnapshot {
  const items = Array.isArray(json?.items) ? json!.items : [];
  return {
    token: typeof json?.token === 'string' ? json.token : '',
    itemCount: typeof json?.item_count === 'number' ? json.item_count : 0,
    items: items.map((item) => ({
      productId: Number(item.product_id) || 0,
      variantId: Number(item.variant_id ?? item.id) || 0,
      quantity: Number(item.quantity) || 0,
    })),
  };
}

/**
 * Reads the cart from the platform (`{root}cart.js`, locale-prefixed per spec §7) into `cart`.
 * A dropped request (budget spent) leaves the signal as it was.
 */
export async function refreshCart(request: Requester, root: string): Promise<CartSnapshot | null> {
  const json = await request<CartJson>(`${root.replace(/\/?$/, '/')}cart.js`);
  if (json === null) return cart.value;
  cart.value = toCartSnapshot(json);
  return cart.value;
}
