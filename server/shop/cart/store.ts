/** Where carts live (the `carts` table) and how a visitor's cart is found (the `cart` cookie). */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../db/index.ts';
import { emptyCart, type CartState } from './model.ts';

/** The cookie holding the visitor's cart token. */
export const CART_COOKIE = 'cart';
const CART_TOKEN_RE = /^[A-Za-z0-9_-]{8,80}$/;
const CART_COOKIE_MAX_AGE_SECONDS = 14 * 86400;

function newCartToken(): string {
  return `c1-${randomBytes(16).toString('hex')}`;
}

/** Carts by token, in the `carts` table. */
export class CartStore {
  constructor(private readonly db: DB) {}

  /** The cart with this token; an empty one when none is stored. */
  load(token: string): CartState {
    const row = this.db.prepare('SELECT note, attributes_json, items_json FROM carts WHERE token = ?').get(token) as
      { note: string | null; attributes_json: string; items_json: string } | undefined;
    if (!row) return emptyCart(token);
    return { token, note: row.note, attributes: JSON.parse(row.attributes_json), lines: JSON.parse(row.items_json) };
  }

  /** The cart a page shows: the stored one, or an empty one (with token '') when the visitor has none yet. */
  peek(token: string | undefined): CartState {
    return token ? this.load(token) : emptyCart('');
  }

  /** Insert or replace the cart. */
  save(cart: CartState): void {
    this.db
      .prepare(
        `INSERT INTO carts (token, note, attributes_json, items_json, updated_at) VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
         ON CONFLICT(token) DO UPDATE SET note = excluded.note, attributes_json = excluded.attributes_json, items_json = excluded.items_json, updated_at = excluded.updated_at`,
      )
      .run(cart.token, cart.note, JSON.stringify(cart.attributes), JSON.stringify(cart.lines));
  }

  /** Units in the cart (0 without a token). */
  itemCount(token: string | undefined): number {
    if (!token) return 0;
    return this.load(token).lines.reduce((sum, line) => sum + line.quantity, 0);
  }
}

/** The visitor's cart token from the cookie; creates (and sets) one when missing or malformed. */
export function cartToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CART_COOKIE];
  if (existing && CART_TOKEN_RE.test(existing)) return existing;
  const token = newCartToken();
  reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', maxAge: CART_COOKIE_MAX_AGE_SECONDS, httpOnly: false });
  return token;
}
