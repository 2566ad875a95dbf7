/** The demo shop's cart as the platform keeps it: lines keyed by variant and properties. */
import { createHash } from 'node:crypto';

/** Most units of one variant a cart may hold when the stock is not tracked. */
export const MAX_LINE_QUANTITY = 9999;

/** One cart line (stored as JSON in `carts.items_json`: the field names are the stored format). */
export interface CartLine {
  variant_id: number;
  quantity: number;
  properties: Record<string, string>;
  /** `{variantId}:{md5 of the properties}`, as the platform keys lines. */
  key: string;
}

/** A visitor's cart. */
export interface CartState {
  token: string;
  note: string | null;
  attributes: Record<string, string>;
  lines: CartLine[];
}

/** A cart with nothing in it. */
export function emptyCart(token: string): CartState {
  return { token, note: null, attributes: {}, lines: [] };
}

/** Shopify-style cart error (status 422 or 400), sent as `{status, message, description}`. */
export class CartError extends Error {
  constructor(
    public readonly status: 400 | 422,
    public readonly description: string,
  ) {
    super(description);
  }

  /** The JSON body the platform answers with. */
  body() {
    return this.status === 422
      ? { status: 422, message: 'Cart Error', description: this.description }
      : { status: 'bad_request', message: 'Parameter Missing or Invalid', description: this.description };
  }
}

/** The key of the line holding `variantId` with these properties. */
export function lineKey(variantId: number, properties: Record<string, string>): string {
  const digest = createHash('md5')
    .update(`${variantId}:${JSON.stringify(properties)}`)
    .digest('hex');
  return `${variantId}:${digest}`;
}
