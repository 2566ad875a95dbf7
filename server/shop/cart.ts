import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/index.ts';
import type { AppContext } from '../lib/context.ts';
import { isPlainObject } from '../lib/validation.ts';
import { getVariant, type CatalogProduct, type Variant } from './catalog.ts';
import { LOCALES } from './locale.ts';
import { cartInMarket, marketFor, SHOP_CURRENCY, shopperCountry } from './markets.ts';

export const CART_COOKIE = 'cart';
const CART_TOKEN_RE = /^[A-Za-z0-9_-]{8,80}$/;
const MAX_LINE_QTY = 9999;

export interface CartLine {
  variant_id: number;
  quantity: number;
  properties: Record<string, string>;
  key: string;
}

export interface CartState {
  token: string;
  note: string | null;
  attributes: Record<string, string>;
  lines: CartLine[];
}

/** Shopify-style cart error (status 422 or 400), sent as `{status, message, description}`. */
export class CartError extends Error {
  constructor(
    public readonly status: 400 | 422,
    public readonly description: string,
  ) {
    super(description);
  }
  body() {
    return this.status === 422
      ? { status: 422, message: 'Cart Error', description: this.description }
      : { status: 'bad_request', message: 'Parameter Missing or Invalid', description: this.description };
  }
}

export function lineKey(variantId: number, properties: Record<string, string>): string {
  const h = createHash('md5').update(`${variantId}:${JSON.stringify(properties)}`).digest('hex');
  return `${variantId}:${h}`;
}

export function newCartToken(): string {
  return `c1-${randomBytes(16).toString('hex')}`;
}

export class CartStore {
  constructor(private readonly db: DB) {}

  load(token: string): CartState {
    const row = this.db.prepare('SELECT note, attributes_json, items_json FROM carts WHERE token = ?').get(token) as
      | { note: string | null; attributes_json: string; items_json: string }
      | undefined;
    if (!row) return { token, note: null, attributes: {}, lines: [] };
    return { token, note: row.note, attributes: JSON.parse(row.attributes_json), lines: JSON.parse(row.items_json) };
  }

  save(cart: CartState): void {
    this.db
      .prepare(
        `INSERT INTO carts (token, note, attributes_json, items_json, updated_at) VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
         ON CONFLICT(token) DO UPDATE SET note = excluded.note, attributes_json = excluded.attributes_json, items_json = excluded.items_json, updated_at = excluded.updated_at`,
      )
      .run(cart.token, cart.note, JSON.stringify(cart.attributes), JSON.stringify(cart.lines));
  }

  itemCount(token: string | undefined): number {
    if (!token) return 0;
    return this.load(token).lines.reduce((n, l) => n + l.quantity, 0);
  }
}

/** The visitor's cart token from the cookie; creates (and sets) one when missing. */
export function cartToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CART_COOKIE];
  if (existing && CART_TOKEN_RE.test(existing)) return existing;
  const token = newCartToken();
  reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', maxAge: 14 * 86400, httpOnly: false });
  return token;
}

function maxQuantity(v: Variant): number {
  if (v.inventory_management === 'shopify' && v.inventory_policy === 'deny') return Math.max(0, v.inventory_quantity);
  return MAX_LINE_QTY;
}

function checkStock(entry: CatalogProduct, v: Variant, wanted: number): void {
  const max = maxQuantity(v);
  const name = v.title === 'Default Title' ? entry.product.title : `${entry.product.title} - ${v.title}`;
  if (max <= 0) throw new CartError(422, `The product '${name}' is already sold out.`);
  if (wanted > max) throw new CartError(422, `You can only add ${max} ${name} to the cart.`);
}

function lookupVariant(id: unknown): { entry: CatalogProduct; variant: Variant } {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,20}$/.test(id.trim()) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n)) throw new CartError(422, 'Cannot find variant');
  const found = getVariant(n);
  if (!found) throw new CartError(422, 'Cannot find variant');
  return found;
}

function parseQty(q: unknown, fallback: number): number {
  if (q === undefined || q === null || q === '') return fallback;
  const n = typeof q === 'number' ? q : typeof q === 'string' && /^-?\d{1,6}$/.test(q.trim()) ? Number(q) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_LINE_QTY) throw new CartError(400, 'Required parameter missing or invalid: quantity');
  return n;
}

function parseProperties(p: unknown): Record<string, string> {
  if (!isPlainObject(p)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== null && v !== undefined && v !== '') out[k.slice(0, 100)] = String(v).slice(0, 500);
  return out;
}

export interface AddItem {
  id: unknown;
  quantity?: unknown;
  properties?: unknown;
}

/** Normalise /cart/add bodies: JSON `{id, quantity}` / `{items:[…]}` or form `id=…&quantity=…&properties[x]=…`. */
export function parseAddBody(body: unknown): { items: AddItem[]; multi: boolean } {
  if (!isPlainObject(body)) throw new CartError(400, 'Required parameter missing or invalid: items');
  if (Array.isArray(body.items)) {
    if (!body.items.length || body.items.length > 100) throw new CartError(400, 'Required parameter missing or invalid: items');
    return { items: body.items.map((i) => (isPlainObject(i) ? (i as unknown as AddItem) : { id: undefined })), multi: true };
  }
  // form-style items[0][id]
  const formItems: AddItem[] = [];
  for (const [k, v] of Object.entries(body)) {
    const m = /^items\[(\d{1,3})\]\[(id|quantity)\]$/.exec(k);
    if (m) ((formItems[Number(m[1])] ??= { id: undefined }) as unknown as Record<string, unknown>)[m[2]!] = Array.isArray(v) ? v[0] : v;
  }
  if (formItems.length) return { items: formItems.filter(Boolean), multi: true };
  const props: Record<string, unknown> = isPlainObject(body.properties) ? { ...body.properties } : {};
  for (const [k, v] of Object.entries(body)) {
    const m = /^properties\[(.{1,100})\]$/.exec(k);
    if (m) props[m[1]!] = Array.isArray(v) ? v[0] : v;
  }
  const id = Array.isArray(body.id) ? body.id[0] : body.id;
  if (id === undefined || id === null || id === '') throw new CartError(400, 'Required parameter missing or invalid: items');
  return { items: [{ id, quantity: body.quantity, properties: props }], multi: false };
}

/** Add items (atomically): returns the affected lines. */
export function addItems(cart: CartState, items: AddItem[]): CartLine[] {
  const lines = cart.lines.map((l) => ({ ...l }));
  const touched: CartLine[] = [];
  for (const item of items) {
    const { entry, variant } = lookupVariant(item.id);
    const qty = Math.max(1, parseQty(item.quantity, 1));
    const properties = parseProperties(item.properties);
    const key = lineKey(variant.id, properties);
    const existing = lines.find((l) => l.key === key);
    const inCart = lines.filter((l) => l.variant_id === variant.id).reduce((n, l) => n + l.quantity, 0);
    checkStock(entry, variant, inCart + qty);
    if (existing) {
      existing.quantity += qty;
      touched.push(existing);
    } else {
      const line = { variant_id: variant.id, quantity: qty, properties, key };
      lines.push(line);
      touched.push(line);
    }
  }
  cart.lines = lines;
  return touched;
}

function setLineQuantity(lines: CartLine[], index: number, qty: number): void {
  const line = lines[index]!;
  if (qty > line.quantity) {
    const { entry, variant } = lookupVariant(line.variant_id);
    const others = lines.filter((l, i) => i !== index && l.variant_id === line.variant_id).reduce((n, l) => n + l.quantity, 0);
    checkStock(entry, variant, others + qty);
  }
  line.quantity = qty;
}

/** /cart/change: `{id (key or variant id) | line (1-based), quantity, properties?}`. */
export function changeCart(cart: CartState, body: unknown): void {
  if (!isPlainObject(body)) throw new CartError(400, 'no valid id or line parameter');
  const lines = cart.lines.map((l) => ({ ...l }));
  let index = -1;
  const lineParam = Array.isArray(body.line) ? body.line[0] : body.line;
  const idParam = Array.isArray(body.id) ? body.id[0] : body.id;
  if (lineParam !== undefined && lineParam !== '') {
    const n = Number(lineParam);
    if (Number.isInteger(n) && n >= 1 && n <= lines.length) index = n - 1;
  } else if (idParam !== undefined && idParam !== '') {
    const s = String(idParam);
    index = s.includes(':') ? lines.findIndex((l) => l.key === s) : lines.findIndex((l) => String(l.variant_id) === s);
  }
  if (index < 0) throw new CartError(400, 'no valid id or line parameter');
  const qty = parseQty(Array.isArray(body.quantity) ? body.quantity[0] : body.quantity, lines[index]!.quantity);
  if (body.properties !== undefined) {
    const props = parseProperties(body.properties);
    lines[index]!.properties = props;
    lines[index]!.key = lineKey(lines[index]!.variant_id, props);
  }
  setLineQuantity(lines, index, qty);
  cart.lines = lines.filter((l) => l.quantity > 0);
}

/** /cart/update: `{updates:{variantId|key: qty}}`, `{updates:[q1,q2…]}`, form `updates[]` / `updates[id]`, note, attributes. */
export function updateCart(cart: CartState, body: unknown): void {
  if (!isPlainObject(body)) throw new CartError(400, 'Required parameter missing or invalid: updates');
  let updates: unknown = body.updates;
  // form encoding: updates[]=1&updates[]=2 or updates[123]=2
  const positional: unknown[] = [];
  const keyed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'updates[]') positional.push(...(Array.isArray(v) ? v : [v]));
    else {
      const m = /^updates\[(.+)\]$/.exec(k);
      if (m) keyed[m[1]!] = Array.isArray(v) ? v[0] : v;
    }
  }
  if (updates === undefined && positional.length) updates = positional;
  if (updates === undefined && Object.keys(keyed).length) updates = keyed;
  const lines = cart.lines.map((l) => ({ ...l }));
  if (Array.isArray(updates)) {
    updates.forEach((q, i) => {
      if (i < lines.length) setLineQuantity(lines, i, parseQty(q, lines[i]!.quantity));
    });
  } else if (isPlainObject(updates)) {
    for (const [id, q] of Object.entries(updates)) {
      const qty = parseQty(q, 0);
      const index = id.includes(':') ? lines.findIndex((l) => l.key === id) : lines.findIndex((l) => String(l.variant_id) === id);
      if (index >= 0) setLineQuantity(lines, index, qty);
      else if (qty > 0 && !id.includes(':')) {
        const tmp: CartState = { ...cart, lines };
        addItems(tmp, [{ id, quantity: qty }]);
        lines.splice(0, lines.length, ...tmp.lines);
      }
    }
  } else if (updates !== undefined) {
    throw new CartError(400, 'Required parameter missing or invalid: updates');
  }
  if (typeof body.note === 'string') cart.note = body.note.slice(0, 5000);
  if (isPlainObject(body.attributes)) cart.attributes = { ...cart.attributes, ...(parseProperties(body.attributes) as Record<string, string>) };
  cart.lines = lines.filter((l) => l.quantity > 0);
}

/** Shopify-style line item JSON. `root` is the locale root ('/' or '/es/'). */
export function lineItemJson(line: CartLine, root = '/') {
  const found = getVariant(line.variant_id);
  if (!found) return null;
  const { entry, variant } = found;
  const p = entry.product;
  const image = variant.featured_image?.src ?? p.featured_image;
  const isDefault = variant.title === 'Default Title';
  const url = `${root}products/${p.handle}?variant=${variant.id}`;
  return {
    id: variant.id,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: variant.id,
    key: line.key,
    title: isDefault ? p.title : `${p.title} - ${variant.title}`,
    price: variant.price,
    original_price: variant.price,
    discounted_price: variant.price,
    line_price: variant.price * line.quantity,
    original_line_price: variant.price * line.quantity,
    final_price: variant.price,
    final_line_price: variant.price * line.quantity,
    total_discount: 0,
    discounts: [],
    sku: variant.sku,
    grams: variant.weight,
    vendor: p.vendor,
    taxable: variant.taxable,
    product_id: p.id,
    product_has_only_default_variant: p.variants.length === 1 && isDefault,
    gift_card: p.gift_card,
    url,
    featured_image: { aspect_ratio: 1, alt: p.title, height: 600, url: image, width: 600 },
    image,
    handle: p.handle,
    requires_shipping: variant.requires_shipping,
    product_type: p.type,
    product_title: p.title,
    product_description: p.description.replace(/<[^>]+>/g, ''),
    variant_title: isDefault ? null : variant.title,
    variant_options: variant.options,
    options_with_values: p.options.map((name, i) => ({ name, value: variant.options[i] ?? '' })),
    line_level_discount_allocations: [],
    line_level_total_discount: 0,
  };
}

export type LineItemJson = NonNullable<ReturnType<typeof lineItemJson>>;

export function cartJson(cart: CartState, root = '/') {
  const items = cart.lines.map((l) => lineItemJson(l, root)).filter((x): x is LineItemJson => x !== null);
  const total = items.reduce((n, i) => n + i.line_price, 0);
  return {
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    total_weight: items.reduce((n, i) => n + i.grams * i.quantity, 0),
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    items,
    requires_shipping: items.some((i) => i.requires_shipping),
    currency: SHOP_CURRENCY,
    items_subtotal_price: total,
    cart_level_discount_applications: [],
  };
}

/**
 * Shopify AJAX cart endpoints, registered inside a locale-prefixed scope.
 * `.js` variants answer JSON; the plain form variants redirect to the cart page.
 */
export function registerCartRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const store = new CartStore(ctx.db);
  const root = `${prefix}/`;
  const json = (reply: FastifyReply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-store');
  const localeCountry = LOCALES.find((l) => l.prefix === prefix)?.country ?? null;
  /** Amounts as the shopper's market shows them (the platform answers in the cart's currency). */
  const inMarket = <T>(request: FastifyRequest, body: T): T => cartInMarket(body, marketFor(shopperCountry(localeCountry, request.cookies['localization'])));

  const withCart = (mutate: (cart: CartState, body: unknown) => unknown, after: 'cart' | 'result') => {
    return (isJs: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const cart = store.load(cartToken(request, reply));
      let result: unknown;
      try {
        result = mutate(cart, request.body ?? {});
      } catch (err) {
        if (err instanceof CartError) {
          if (!isJs) return reply.redirect(`${root}cart?error=${encodeURIComponent(err.description)}`, 303);
          return json(reply).code(err.status).send(err.body());
        }
        throw err;
      }
      store.save(cart);
      if (!isJs) {
        const b = request.body as Record<string, unknown> | undefined;
        if (b && b.checkout !== undefined) return reply.redirect(`${root}checkout`, 303);
        return reply.redirect(`${root}cart`, 302);
      }
      return json(reply).send(inMarket(request, after === 'cart' ? cartJson(cart, root) : result));
    };
  };

  const add = withCart((cart, body) => {
    const { items, multi } = parseAddBody(body);
    const touched = addItems(cart, items).map((l) => lineItemJson(l, root));
    return multi ? { items: touched } : touched[0];
  }, 'result');
  const change = withCart((cart, body) => changeCart(cart, body), 'cart');
  const update = withCart((cart, body) => updateCart(cart, body), 'cart');
  const clear = withCart((cart) => {
    cart.lines = [];
  }, 'cart');

  const getCart = async (request: FastifyRequest, reply: FastifyReply) => {
    const cart = store.load(cartToken(request, reply));
    return json(reply).send(inMarket(request, cartJson(cart, root)));
  };
  app.get('/cart.js', getCart);
  app.get('/cart.json', getCart);

  for (const [path, handler] of [
    ['/cart/add', add],
    ['/cart/change', change],
    ['/cart/update', update],
    ['/cart/clear', clear],
  ] as const) {
    app.post(`${path}.js`, handler(true));
    app.post(path, handler(false));
  }
  app.post('/cart', update(false));
  // Shopify supports GET /cart/change?line=1&quantity=0 (remove links) and GET /cart/clear.
  app.get('/cart/change', async (request, reply) => {
    request.body = request.query;
    return change(false)(request, reply);
  });
  app.get('/cart/clear', clear(false));
}
