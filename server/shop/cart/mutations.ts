/**
 * What the cart endpoints do to a cart: add, change one line, update many. Each works on a copy
 * of the lines and throws CartError before touching `cart` when a request is invalid or asks for
 * more than the stock allows.
 */
import { fieldText } from '../../lib/fieldText.ts';
import { isPlainObject } from '../../lib/validation.ts';
import { getVariant, type CatalogProduct, type Variant } from '../catalog.ts';
import { CartError, lineKey, MAX_LINE_QUANTITY, type CartLine, type CartState } from './model.ts';
import { bracketed, firstValue, lineProperties, numberOf, parseProperties, parseQuantity, parseUpdates, type AddItem } from './parse.ts';

/** Characters of the cart's note. */
const MAX_NOTE = 5000;

/** A variant id (number or digit string) as a number; NaN when it is none. */
const variantIdOf = (id: unknown): number => numberOf(id, /^\d{1,20}$/);

/** The catalogue variant of a variant id (`variantIdOf`), else 422. */
function lookupVariant(id: unknown): { entry: CatalogProduct; variant: Variant } {
  const variantId = variantIdOf(id);
  if (!Number.isSafeInteger(variantId)) throw new CartError(422, 'Cannot find variant');
  const found = getVariant(variantId);
  if (!found) throw new CartError(422, 'Cannot find variant');
  return found;
}

/** Units of `variant` a cart may hold: its stock when tracked and not oversold, else MAX_LINE_QUANTITY. */
function maxQuantity(variant: Variant): number {
  if (variant.inventory_management === 'shopify' && variant.inventory_policy === 'deny') return Math.max(0, variant.inventory_quantity);
  return MAX_LINE_QUANTITY;
}

/** 422 unless the cart may hold `wanted` units of `variant`. */
function checkStock(entry: CatalogProduct, variant: Variant, wanted: number): void {
  const max = maxQuantity(variant);
  const name = variant.title === 'Default Title' ? entry.product.title : `${entry.product.title} - ${variant.title}`;
  if (max <= 0) throw new CartError(422, `The product '${name}' is already sold out.`);
  if (wanted > max) throw new CartError(422, `You can only add ${max} ${name} to the cart.`);
}

/** Units of a variant over all lines (but the one at `exceptIndex`). */
function unitsOfVariant(lines: CartLine[], variantId: number, exceptIndex = -1): number {
  return lines.reduce((sum, line, index) => (index !== exceptIndex && line.variant_id === variantId ? sum + line.quantity : sum), 0);
}

/**
 * The line a reference names: a line key (`id:hash`) or a variant id, read as `lookupVariant`
 * reads it (` 0123` is 123: compared as text, it missed the line, and the update added to it); -1
 * when none.
 */
function findLine(lines: CartLine[], ref: string): number {
  if (ref.includes(':')) return lines.findIndex((line) => line.key === ref);
  const variantId = variantIdOf(ref);
  return lines.findIndex((line) => line.variant_id === variantId);
}

/** Set a line's quantity, checking the stock when it grows. */
function setLineQuantity(lines: CartLine[], index: number, quantity: number): void {
  const line = lines[index]!;
  if (quantity > line.quantity) {
    const { entry, variant } = lookupVariant(line.variant_id);
    checkStock(entry, variant, unitsOfVariant(lines, line.variant_id, index) + quantity);
  }
  line.quantity = quantity;
}

/** Add items (atomically): returns the affected lines. */
export function addItems(cart: CartState, items: AddItem[]): CartLine[] {
  const lines = cart.lines.map((line) => ({ ...line }));
  const touched: CartLine[] = [];
  for (const item of items) {
    const { entry, variant } = lookupVariant(item.id);
    const quantity = Math.max(1, parseQuantity(item.quantity, 1));
    const properties = lineProperties(item.properties);
    const key = lineKey(variant.id, properties);
    const existing = lines.find((line) => line.key === key);
    checkStock(entry, variant, unitsOfVariant(lines, variant.id) + quantity);
    if (existing) {
      existing.quantity += quantity;
      touched.push(existing);
    } else {
      const line = { variant_id: variant.id, quantity, properties, key };
      lines.push(line);
      touched.push(line);
    }
  }
  cart.lines = lines;
  return touched;
}

/** The line a /cart/change body names: `line` (1-based) or else `id` (key or variant id); -1 when none. */
function changedLine(lines: CartLine[], body: Record<string, unknown>): number {
  const lineParam = firstValue(body.line);
  const idParam = firstValue(body.id);
  if (lineParam !== undefined && lineParam !== '') {
    // A number, or digits (form-encoded): `true`, `0x1` or `1e0` are not line 1.
    const lineNumber = numberOf(lineParam, /^\d{1,4}$/);
    return Number.isInteger(lineNumber) && lineNumber >= 1 && lineNumber <= lines.length ? lineNumber - 1 : -1;
  }
  if (idParam !== undefined && idParam !== '') return findLine(lines, String(idParam));
  return -1;
}

/** /cart/change: `{id (key or variant id) | line (1-based), quantity, properties?}`. */
export function changeCart(cart: CartState, body: unknown): void {
  if (!isPlainObject(body)) throw new CartError(400, 'no valid id or line parameter');
  const lines = cart.lines.map((line) => ({ ...line }));
  const index = changedLine(lines, body);
  if (index < 0) throw new CartError(400, 'no valid id or line parameter');
  const changed = lines[index]!;
  const quantity = parseQuantity(firstValue(body.quantity), changed.quantity);
  const properties = bracketed(body, 'properties');
  if (properties) {
    changed.properties = lineProperties(properties);
    changed.key = lineKey(changed.variant_id, changed.properties);
  }
  setLineQuantity(lines, index, quantity);
  cart.lines = lines.filter((line) => line.quantity > 0);
}

/** Apply `{variantId|key: qty}` updates: known lines change, unknown variant ids with qty > 0 are added. */
function applyKeyedUpdates(cart: CartState, lines: CartLine[], updates: Record<string, unknown>): void {
  for (const [ref, rawQuantity] of Object.entries(updates)) {
    const quantity = parseQuantity(rawQuantity, 0);
    const index = findLine(lines, ref);
    if (index >= 0) {
      setLineQuantity(lines, index, quantity);
    } else if (quantity > 0 && !ref.includes(':')) {
      const withLines: CartState = { ...cart, lines };
      addItems(withLines, [{ id: ref, quantity }]);
      lines.splice(0, lines.length, ...withLines.lines);
    }
  }
}

/** /cart/update: `{updates:{variantId|key: qty}}`, `{updates:[q1,q2…]}`, form `updates[]` / `updates[id]`, note, attributes. */
export function updateCart(cart: CartState, body: unknown): void {
  if (!isPlainObject(body)) throw new CartError(400, 'Required parameter missing or invalid: updates');
  const updates = parseUpdates(body);
  const lines = cart.lines.map((line) => ({ ...line }));
  if (Array.isArray(updates)) {
    updates.forEach((rawQuantity, index) => {
      if (index < lines.length) setLineQuantity(lines, index, parseQuantity(rawQuantity, lines[index]!.quantity));
    });
  } else if (isPlainObject(updates)) {
    applyKeyedUpdates(cart, lines, updates);
  } else if (updates !== undefined) {
    throw new CartError(400, 'Required parameter missing or invalid: updates');
  }
  const attributes = parseProperties(bracketed(body, 'attributes'), 'attributes');
  const note = body.note === undefined ? undefined : fieldText(firstValue(body.note));
  if (note === null || (note && note.length > MAX_NOTE)) throw new CartError(400, 'Required parameter missing or invalid: note');
  if (note !== undefined) cart.note = note;
  // An empty value removes the attribute, as on the platform.
  const merged = { ...cart.attributes, ...attributes };
  for (const name of Object.keys(attributes)) if (!attributes[name]) delete merged[name];
  cart.attributes = merged;
  cart.lines = lines.filter((line) => line.quantity > 0);
}
