/**
 * The demo shop's discount codes, applied the platform's way: `/discount/{code}` stores the code
 * (the `discount_code` cookie), and every cart answer (the cart JSON, the cart page, checkout)
 * shows it on the lines it applies to, in the shape of the platform's AJAX cart:
 * `line_level_discount_allocations` (with the `discount_application` they come from),
 * `total_discount`, `discounted_price`, `final_price`, `final_line_price` and `line_price` on each
 * line, `total_discount`, `items_subtotal_price` and `total_price` on the cart, and
 * `original_*` prices as they were. Amounts in the shop currency's minor units, like the rest of
 * the cart (markets.ts converts the whole answer).
 */
import { getProduct } from './catalog.ts';

/** A discount code: a percentage off, or a fixed amount off each unit, of the entitled products. */
export interface DiscountCode {
  title: string;
  valueType: 'percentage' | 'fixed_amount';
  /** Percent (0–100), or minor units off each unit. */
  value: number;
  /** Handles of the products it applies to. */
  products: readonly string[];
}

/**
 * The codes the demo shop knows (upper case). `BUNDLE15` is the demo offer's (server/provider/
 * settings.ts: 15 % off the offered products); `SAVE5` takes $5 off each unit of two products.
 */
const DISCOUNT_CODES: Readonly<Record<string, DiscountCode>> = {
  BUNDLE15: {
    title: 'BUNDLE15',
    valueType: 'percentage',
    value: 15,
    products: ['canvas-tote-bag', 'wool-beanie', 'rain-jacket', 'trail-sneakers'],
  },
  SAVE5: { title: 'SAVE5', valueType: 'fixed_amount', value: 500, products: ['ceramic-mug', 'scented-candle'] },
};

/** Name of the cookie `/discount/{code}` sets. */
export const DISCOUNT_COOKIE = 'discount_code';

/** The known code a cookie value names (codes are case-insensitive, as on the platform); null otherwise. */
export function discountFor(cookie: string | undefined): (DiscountCode & { code: string }) | null {
  const code = (cookie ?? '').trim().toUpperCase();
  const discount = Object.prototype.hasOwnProperty.call(DISCOUNT_CODES, code) ? DISCOUNT_CODES[code] : undefined;
  return discount ? { ...discount, code } : null;
}

/** The product ids a code applies to. */
function entitledProductIds(discount: DiscountCode): Set<number> {
  return new Set(discount.products.map((handle) => getProduct(handle)?.product.id).filter((id): id is number => id !== undefined));
}

/** The platform's `discount_application` of a code. */
function application(discount: DiscountCode & { code: string }, allocated: number) {
  return {
    type: 'discount_code',
    key: discount.code,
    title: discount.title,
    description: discount.title,
    value: discount.valueType === 'percentage' ? discount.value.toFixed(1) : (discount.value / 100).toFixed(2),
    created_at: '2024-01-15T12:00:00.000Z',
    value_type: discount.valueType,
    allocation_method: discount.valueType === 'percentage' ? 'across' : 'each',
    target_selection: 'entitled',
    target_type: 'line_item',
    total_allocated_amount: allocated,
  };
}

/** The amounts of a cart line the discount code changes. */
export interface DiscountableLine {
  product_id: number;
  quantity: number;
  price: number;
  original_line_price: number;
}

/** What a line's JSON gets from the code: the discount fields, as the platform writes them. */
export function lineDiscount(line: DiscountableLine, discount: (DiscountCode & { code: string }) | null) {
  const amount =
    !discount || !entitledProductIds(discount).has(line.product_id)
      ? 0
      : discount.valueType === 'percentage'
        ? Math.round((line.original_line_price * Math.min(100, Math.max(0, discount.value))) / 100)
        : Math.min(line.price, discount.value) * line.quantity;
  const finalLinePrice = line.original_line_price - amount;
  const finalPrice = line.quantity ? Math.round(finalLinePrice / line.quantity) : line.price;
  return {
    discounted_price: finalPrice,
    line_price: finalLinePrice,
    final_price: finalPrice,
    final_line_price: finalLinePrice,
    total_discount: amount,
    discounts: amount ? [{ amount, title: discount!.title }] : [],
    line_level_discount_allocations: amount ? [{ amount, discount_application: application(discount!, amount) }] : [],
    line_level_total_discount: amount,
  };
}

/**
 * Where `/discount/{code}` sends the shopper: the `redirect` path, except that a redirect link
 * carrying a `discount[` parameter (a link built to re-apply discounts through the cart) goes to
 * checkout instead (spec §2: "Discount URLs that contain discount[ in the path to a redirect link
 * are rerouted to checkout"), so the code is not applied twice in a loop.
 */
export function discountRedirect(redirect: string, root: string): string {
  let decoded = redirect;
  try {
    decoded = decodeURIComponent(redirect);
  } catch {
    /* keep it as it is */
  }
  return decoded.includes('discount[') ? `${root}checkout` : redirect;
}
