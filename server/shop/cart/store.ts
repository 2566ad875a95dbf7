/** Where carts live (the `carts` table) and how a visitor's cart is found (the `cart` cookie). */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CartRows } from '../../storage/carts.ts';
import { emptyCart, type CartState } from './model.ts';

/** The cookie holding the visitor's cart token. */
export const CART_COOKIE = 'cart';
const CART_TOKEN_RE = /^[A-Za-z0-9_-]{8,80}$/;
const CART_COOKIE_MAX_AGE_SECONDS = 14 * 86400;

function newCartToken(): string {
  return `c1-${randomBytes(16).toString('hex')}`;
}

/** Carts by token, as the cart model sees them (the rows live in the provider's storage). */
export class CartStore {
  constructor(private readonly rows: CartRows) {}

  /** The cart with this token; an empty one when none is stored. */
  async load(token: string): Promise<CartState> {
    const row = await this.rows.load(token);
    if (!row) return emptyCart(token);
    return { token, note: row.note, attributes: JSON.parse(row.attributesJson), lines: JSON.parse(row.itemsJson) };
  }

  /** The cart a page shows: the stored one, or an empty one (with token '') when the visitor has none yet. */
  peek(token: string | undefined): Promise<CartState> {
    return token ? this.load(token) : Promise.resolve(emptyCart(''));
  }

  /** Insert or replace the cart. */
  save(cart: CartState): Promise<void> {
    return this.rows.save(cart.token, {
      note: cart.note,
      attributesJson: JSON.stringify(cart.attributes),
      itemsJson: JSON.stringify(cart.lines),
    });
  }

  /** Units in the cart (0 without a token). */
  async itemCount(token: string | undefined): Promise<number> {
    if (!token) return 0;
    return (await this.load(token)).lines.reduce((sum, line) => sum + line.quantity, 0);
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
