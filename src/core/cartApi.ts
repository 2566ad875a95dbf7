/**
 * Our own cart calls (spec §7): add (items, or the product form serialized), change, update and
 * clear, each followed by a re-read of the cart through the page's cart reader (which publishes
 * the change: signal, stored snapshot, `vitrine:cart-changed`). The result is a tagged union a
 * widget acts on; when the cart read back does not hold what was asked, it carries spec §8's
 * 'Some items have changed or are out of stock. Try refreshing the page.' A 422 from the platform
 * (spec §7: "shows a browser alert") is shown with `window.alert` and its message.
 */
import type { CartSnapshot } from '../state/cart';
import { ERR_ATC_FORM } from './errors';
import type { Report } from './lib/guardWith';
import type { CartSync } from './cartSync';
import type { RequestError, Requester } from './request';

/** A cart call, as far as its outcome can be checked (spec §7). */
export type CartAsk =
  | { kind: 'add'; items: { id: number; quantity: number }[] }
  | { kind: 'change'; id: number; quantity: number }
  | { kind: 'changeLine'; line: number; quantity: number }
  | { kind: 'update'; updates: Record<number, number> }
  | { kind: 'clear' };

/** Quantity per variant id (cartSnapshot.ts has the same four lines: see there why not shared). */
const quantities = (snapshot: CartSnapshot | null): Map<number, number> => {
  const byVariant = new Map<number, number>();
  for (const item of snapshot?.items ?? []) byVariant.set(item.variantId, (byVariant.get(item.variantId) ?? 0) + item.quantity);
  return byVariant;
};

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

/** Spec §8: what the shopper reads when the cart disagrees with what was asked. */
export const CART_OUT_OF_SYNC_TEXT = 'Some items have changed or are out of stock. Try refreshing the page.';

/** A cart call (spec §7). `addForm` posts the form as the platform would (its `id`, `quantity`, `properties[…]`…). */
export type CartCall =
  | { kind: 'add'; items: { id: number; quantity: number; properties?: Record<string, string> }[] }
  | { kind: 'addForm'; form: HTMLFormElement | null }
  | { kind: 'change'; id: number; quantity: number }
  | { kind: 'changeLine'; line: number; quantity: number }
  | { kind: 'update'; updates: Record<number, number> }
  | { kind: 'clear' };

/** What a cart call ended with. */
export type CartResult =
  /** The cart read back holds what was asked. */
  | { kind: 'ok'; cart: CartSnapshot }
  /** Done, but the cart read back disagrees (or could not be read): show `message`. */
  | { kind: 'outOfSync'; cart: CartSnapshot | null; message: string }
  /** The platform refused it (422: the alert was shown with `message`). */
  | { kind: 'rejected'; status: number; message: string }
  /** Not sent (no form, nothing to post) or failed on the way (network, timeout, budget). */
  | { kind: 'failed'; reason: string };

/** What a cart call needs: the page's window, locale root, request wrapper, error hook and cart reader. */
export interface CartApiContext {
  win: Window;
  root: string;
  request: Requester;
  report: Report;
  sync: CartSync;
}

/** The platform's error answer: `{ status, message, description }` (a non-JSON body is no `data`). */
const platformMessage = (data: unknown): string => {
  const answer = (data || {}) as { message?: unknown; description?: unknown };
  return String(answer.description || answer.message || '');
};

/** The request of a call: endpoint, body, and what to check the cart for afterwards; a failure when it cannot be sent. */
function prepare(call: CartCall, report: Report): { path: string; body: FormData | object; ask: CartAsk } | { failure: string } {
  switch (call.kind) {
    case 'add':
      return { path: 'add', body: { items: call.items }, ask: { kind: 'add', items: call.items } };
    case 'addForm': {
      if (!call.form) {
        report(ERR_ATC_FORM, new Error('Missing add to cart form.'));
        return { failure: 'Missing add to cart form.' };
      }
      let data: FormData | null = null;
      try {
        data = new FormData(call.form);
      } catch {
        /* not a form element */
      }
      const id = Number(data?.get('id'));
      if (!data || !id) {
        report(ERR_ATC_FORM, new Error('Missing serialized form data.'));
        return { failure: 'Missing serialized form data.' };
      }
      return { path: 'add', body: data, ask: { kind: 'add', items: [{ id, quantity: Number(data.get('quantity')) || 1 }] } };
    }
    case 'change':
      return { path: 'change', body: { id: String(call.id), quantity: call.quantity }, ask: call };
    case 'changeLine':
      return { path: 'change', body: { line: call.line, quantity: call.quantity }, ask: call };
    case 'update':
      return { path: 'update', body: { updates: call.updates }, ask: call };
    case 'clear':
      return { path: 'clear', body: {}, ask: call };
  }
}

/** Sends `call` (see the module comment). Never rejects. */
export async function callCart({ win, root, request, report, sync }: CartApiContext, call: CartCall): Promise<CartResult> {
  const prepared = prepare(call, report);
  if ('failure' in prepared) return { kind: 'failed', reason: prepared.failure };
  const before = sync.current();
  // Absolute, as the request watcher reads it in the resource timing entries (`sync.own`).
  const url = new URL(`${root}/cart/${prepared.path}.js`, win.location.href).href;
  try {
    // A serialized form goes as multipart, as the form itself would post; the rest as JSON.
    const payload = prepared.body instanceof FormData ? { body: prepared.body } : { json: prepared.body };
    const answer = await sync.own(url, () => request(url, { method: 'POST', headers: { Accept: 'application/json' }, ...payload }));
    if (answer === null) return { kind: 'failed', reason: 'request budget spent' };
  } catch (error) {
    // Read as the wrapper's RequestError (the one failure with an HTTP status) without
    // importing its helper: a module the product part imports too would become a shared chunk.
    const failure = error as RequestError | null;
    if (failure?.status === 422) {
      const message = platformMessage(failure.data) || CART_OUT_OF_SYNC_TEXT;
      win.alert(message);
      void sync.refresh();
      return { kind: 'rejected', status: 422, message };
    }
    return { kind: 'failed', reason: String((error as Error | null)?.message ?? error) };
  }
  const after = await sync.refresh();
  return after && cartAgrees(prepared.ask, before, after)
    ? { kind: 'ok', cart: after }
    : { kind: 'outOfSync', cart: after, message: CART_OUT_OF_SYNC_TEXT };
}
