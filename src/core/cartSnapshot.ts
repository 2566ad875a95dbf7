/**
 * The cart as widgets see it (spec §3 "Cart read response", "stored cart snapshot"; §4 "Cart
 * change detection"), and the pure rules on it: reading the platform's answer, comparing two
 * carts, the stored form, and whether a cart call got what it asked.
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

/** A cart call, as far as its outcome can be checked (spec §7). */
export type CartAsk =
  | { kind: 'add'; items: { id: number; quantity: number }[] }
  | { kind: 'change'; id: number; quantity: number }
  | { kind: 'changeLine'; line: number; quantity: number }
  | { kind: 'update'; updates: Record<number, number> }
  | { kind: 'clear' };

/**
 * Whether the cart read after a call holds what was asked (else the shopper is told that items
 * changed or are out of stock). Adds: each variant grew by its quantity (from `before`, the cart
 * before the call; unknown counts as empty); changes and updates: the variant (or line) has
 * exactly the quantity, 0 meaning gone; clear: nothing left.
 */
export function cartAgrees(ask: CartAsk, before: CartSnapshot | null, after: CartSnapshot): boolean {
  const was = quantities(before);
  const now = quantities(after);
  const has = (id: number, quantity: number) => (now.get(id) ?? 0) === quantity;
  switch (ask.kind) {
    case 'add': {
      const added = new Map<number, number>();
      for (const item of ask.items) added.set(item.id, (added.get(item.id) ?? 0) + item.quantity);
      return [...added].every(([id, quantity]) => (now.get(id) ?? 0) >= (was.get(id) ?? 0) + quantity);
    }
    case 'change':
      return has(ask.id, ask.quantity);
    case 'changeLine':
      return ask.quantity > 0
        ? after.items[ask.line - 1]?.quantity === ask.quantity
        : !before || after.items.length === before.items.length - 1;
    case 'update':
      return Object.keys(ask.updates).every((id) => has(Number(id), ask.updates[Number(id)]));
    case 'clear':
      return after.itemCount === 0 && !after.items.length;
  }
}
