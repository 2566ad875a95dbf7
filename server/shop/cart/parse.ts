/**
 * Request bodies of the cart endpoints as the platform accepts them: JSON, or form-encoded with
 * bracketed keys (`items[0][id]`, `properties[Engraving]`, `updates[]`, `updates[123]`).
 */
import { isPlainObject } from '../../lib/validation.ts';
import { CartError, MAX_LINE_QUANTITY } from './model.ts';

/** One item of a `/cart/add` request, before validation. */
export interface AddItem {
  id: unknown;
  quantity?: unknown;
  properties?: unknown;
}

/** The first value of a form field that may repeat (`a=1&a=2` arrives as an array). */
export function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** A quantity 0–MAX_LINE_QUANTITY (number or digit string); `fallback` when absent, else 400. */
export function parseQuantity(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const quantity = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d{1,6}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY) {
    throw new CartError(400, 'Required parameter missing or invalid: quantity');
  }
  return quantity;
}

/** Line properties (or cart attributes): string values, empty ones dropped, names ≤ 100 and values ≤ 500 characters. */
export function parseProperties(raw: unknown): Record<string, string> {
  if (!isPlainObject(raw)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== null && value !== undefined && value !== '') out[name.slice(0, 100)] = String(value).slice(0, 500);
  }
  return out;
}

/** Form-encoded items: `items[0][id]=…&items[0][quantity]=…` (empty when there are none). */
function formItems(body: Record<string, unknown>): AddItem[] {
  const items: AddItem[] = [];
  for (const [key, value] of Object.entries(body)) {
    const match = /^items\[(\d{1,3})\]\[(id|quantity)\]$/.exec(key);
    if (!match) continue;
    const item = (items[Number(match[1])] ??= { id: undefined }) as unknown as Record<string, unknown>;
    item[match[2]!] = firstValue(value);
  }
  return items;
}

/** A single item's properties: JSON `properties` merged with form-encoded `properties[name]=…`. */
function singleItemProperties(body: Record<string, unknown>): Record<string, unknown> {
  const properties: Record<string, unknown> = isPlainObject(body.properties) ? { ...body.properties } : {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^properties\[(.{1,100})\]$/.exec(key);
    if (match) properties[match[1]!] = firstValue(value);
  }
  return properties;
}

/** Normalise /cart/add bodies: JSON `{id, quantity}` / `{items:[…]}` or form `id=…&quantity=…&properties[x]=…`. */
export function parseAddBody(body: unknown): { items: AddItem[]; multi: boolean } {
  if (!isPlainObject(body)) throw new CartError(400, 'Required parameter missing or invalid: items');
  if (Array.isArray(body.items)) {
    if (!body.items.length || body.items.length > 100) throw new CartError(400, 'Required parameter missing or invalid: items');
    return { items: body.items.map((item) => (isPlainObject(item) ? (item as unknown as AddItem) : { id: undefined })), multi: true };
  }
  const fromForm = formItems(body);
  if (fromForm.length) return { items: fromForm.filter(Boolean), multi: true };
  const id = firstValue(body.id);
  if (id === undefined || id === null || id === '') throw new CartError(400, 'Required parameter missing or invalid: items');
  return { items: [{ id, quantity: body.quantity, properties: singleItemProperties(body) }], multi: false };
}

/**
 * The `updates` of a /cart/update body: JSON `updates` as given (`{variantId|key: qty}` or
 * `[q1, q2…]`), else form `updates[]=…` (positional), else form `updates[id]=…` (keyed);
 * undefined when there are none.
 */
export function parseUpdates(body: Record<string, unknown>): unknown {
  if (body.updates !== undefined) return body.updates;
  const positional: unknown[] = [];
  const keyed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'updates[]') {
      positional.push(...(Array.isArray(value) ? value : [value]));
    } else {
      const match = /^updates\[(.+)\]$/.exec(key);
      if (match) keyed[match[1]!] = firstValue(value);
    }
  }
  if (positional.length) return positional;
  if (Object.keys(keyed).length) return keyed;
  return undefined;
}
