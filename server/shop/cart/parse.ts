/**
 * Request bodies of the cart endpoints as the platform accepts them: JSON, or form-encoded with
 * bracketed keys (`items[0][id]`, `properties[Engraving]`, `updates[]`, `updates[123]`).
 */
import { fieldText } from '../../lib/fieldText.ts';
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

/**
 * A number as the platform reads one: a JSON number as it is, a string when, trimmed, it matches
 * `digits`; else NaN (`true`, `0x1` and `1e0` are no numbers here, though `Number()` reads them).
 */
export function numberOf(raw: unknown, digits: RegExp): number {
  return typeof raw === 'number' ? raw : typeof raw === 'string' && digits.test(raw.trim()) ? Number(raw) : NaN;
}

/** A quantity 0–MAX_LINE_QUANTITY (number or digit string); `fallback` when absent, else 400. */
export function parseQuantity(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const quantity = numberOf(raw, /^-?\d{1,6}$/);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY) {
    throw new CartError(400, 'Required parameter missing or invalid: quantity');
  }
  return quantity;
}

/** Characters of a line property's or cart attribute's name, and of its value. */
const MAX_NAME = 100;
const MAX_VALUE = 500;

/**
 * Line properties (or cart attributes) as `name → text`: a JSON number or boolean as its text,
 * empty values (`''`, null) as `''` for the caller (a line drops them, an attribute is removed).
 * 400 for a value that is no text (an object, an array), a name over 100 or a value over 500
 * characters: they were cut, or stored as "[object Object]", in silence.
 */
export function parseProperties(raw: unknown, field: 'properties' | 'attributes' = 'properties'): Record<string, string> {
  if (!isPlainObject(raw)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const text = value === null || value === undefined ? '' : fieldText(value);
    if (text === null || name.length > MAX_NAME || text.length > MAX_VALUE) {
      throw new CartError(400, `Required parameter missing or invalid: ${field}`);
    }
    out[name] = text;
  }
  return out;
}

/** Line properties without the empty ones (the platform leaves them off the line). */
export function lineProperties(raw: unknown): Record<string, string> {
  const properties = parseProperties(raw);
  for (const name of Object.keys(properties)) if (!properties[name]) delete properties[name];
  return properties;
}

/**
 * The body's JSON object `field` merged with its form-encoded `field[name]=…` keys (a repeated
 * key: its first value); undefined when the body has neither. 400 for `field[__proto__]`, as for
 * a JSON body with that key (the JSON parser refuses it): assigned, it would be dropped in silence.
 */
export function bracketed(body: Record<string, unknown>, field: 'properties' | 'attributes'): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined = isPlainObject(body[field]) ? { ...body[field] } : undefined;
  const prefix = `${field}[`;
  for (const [key, value] of Object.entries(body)) {
    if (!key.startsWith(prefix) || !key.endsWith(']')) continue;
    const name = key.slice(prefix.length, -1);
    if (name === '__proto__') throw new CartError(400, `Required parameter missing or invalid: ${field}`);
    (out ??= {})[name] = firstValue(value);
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
  return { items: [{ id, quantity: body.quantity, properties: bracketed(body, 'properties') }], multi: false };
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
