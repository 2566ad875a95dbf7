/**
 * The cart as widgets see it (spec §3 "Cart read response", "stored cart snapshot"; §4 "Cart
 * change detection"), and the pure rules on it: reading the platform's answer, comparing two
 * carts and the stored form. (Whether a cart call got what it asked is in cartApi.ts: the cart
 * calls are a lazy part of their own, and a module that both it and the commerce chunk import
 * would become one more shared chunk.)
 */
import type { CartSnapshot } from '../state/cart';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

type RawItem = Record<string, unknown> | null | undefined;

/** Snapshot items from raw items; `variant` and `product` name their id fields. Items without a variant id are dropped. */
const itemsOf = (list: RawItem[], variant: (item: RawItem) => unknown, product: (item: RawItem) => unknown): CartSnapshot['items'] =>
  list
    .map((item) => ({ productId: count(product(item)), variantId: count(variant(item)), quantity: count(item?.quantity) }))
    .filter((item) => item.variantId);

const total = (items: CartSnapshot['items']): number => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * The platform's `/cart.js` answer as a snapshot; null when it is no cart (spec §8 "missing cart
 * data": no `items` list).
 */
export function toCartSnapshot(json: unknown): CartSnapshot | null {
  const raw = json as { token?: unknown; item_count?: unknown; items?: unknown } | null;
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.items)) return null;
  const items = itemsOf(
    raw.items as RawItem[],
    (item) => item?.variant_id ?? item?.id,
    (item) => item?.product_id,
  );
  return {
    token: typeof raw.token === 'string' ? raw.token : '',
    itemCount: typeof raw.item_count === 'number' ? count(raw.item_count) : total(items),
    items,
  };
}

/**
 * A snapshot from its stored form (spec §3 "stored cart snapshot": the items, each a quantity,
 * product id and variant id; no token); null when nothing usable is stored.
 */
export function fromStored(stored: unknown): CartSnapshot | null {
  if (!Array.isArray(stored)) return null;
  const items = itemsOf(
    stored as RawItem[],
    (item) => item?.variantId,
    (item) => item?.productId,
  );
  return { token: '', itemCount: total(items), items };
}

/** Quantity per variant id. */
const quantities = (snapshot: CartSnapshot | null): Map<number, number> => {
  const byVariant = new Map<number, number>();
  for (const item of snapshot?.items ?? []) byVariant.set(item.variantId, (byVariant.get(item.variantId) ?? 0) + item.quantity);
  return byVariant;
};

/**
 * Spec §4 "Cart change detection": the number of lines, the quantity per variant or the total
 * item count differ. An unknown cart (`null`) counts as empty.
 */
export function cartChanged(before: CartSnapshot | null, after: CartSnapshot | null): boolean {
  if ((before?.items.length ?? 0) !== (after?.items.length ?? 0) || (before?.itemCount ?? 0) !== (after?.itemCount ?? 0)) return true;
  const was = quantities(before);
  const now = quantities(after);
  return was.size !== now.size || [...now].some(([variantId, quantity]) => was.get(variantId) !== quantity);
}
