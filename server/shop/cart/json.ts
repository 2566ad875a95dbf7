/** The cart and line-item JSON of the platform's AJAX API (amounts in the shop currency, cents). */
import { getVariant } from '../catalog.ts';
import { lineDiscount, type DiscountCode } from '../discounts.ts';
import { SHOP_CURRENCY } from '../markets.ts';
import type { CartLine, CartState } from './model.ts';

/** The discount code the shopper applied (`/discount/{code}`), if the shop knows it. */
type AppliedDiscount = (DiscountCode & { code: string }) | null;

/**
 * Shopify-style line item JSON (null when the variant left the catalogue). `root` is the locale
 * root ('/' or '/es/'); `discount` the applied code, shown on the lines it applies to.
 */
export function lineItemJson(line: CartLine, root: string, discount: AppliedDiscount = null) {
  const found = getVariant(line.variant_id);
  if (!found) return null;
  const { entry, variant } = found;
  const product = entry.product;
  // The variant's image, else the product's first; a product without images has none (null fields, as the platform's).
  const picture = variant.featured_image ?? product.media[0] ?? null;
  const image = picture?.src ?? null;
  const isDefault = variant.title === 'Default Title';
  const linePrice = variant.price * line.quantity;
  return {
    id: variant.id,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: variant.id,
    key: line.key,
    title: isDefault ? product.title : `${product.title} - ${variant.title}`,
    price: variant.price,
    original_price: variant.price,
    original_line_price: linePrice,
    ...lineDiscount({ product_id: product.id, quantity: line.quantity, price: variant.price, original_line_price: linePrice }, discount),
    sku: variant.sku,
    grams: variant.weight,
    vendor: product.vendor,
    taxable: variant.taxable,
    product_id: product.id,
    product_has_only_default_variant: product.variants.length === 1 && isDefault,
    gift_card: product.gift_card,
    url: `${root}products/${product.handle}?variant=${variant.id}`,
    featured_image: {
      aspect_ratio: picture && picture.width / picture.height,
      alt: product.title,
      height: picture?.height ?? null,
      url: image,
      width: picture?.width ?? null,
    },
    image,
    handle: product.handle,
    requires_shipping: variant.requires_shipping,
    product_type: product.type,
    product_title: product.title,
    product_description: product.description.replace(/<[^>]+>/g, ''),
    variant_title: isDefault ? null : variant.title,
    variant_options: variant.options,
    options_with_values: product.options.map((name, index) => ({ name, value: variant.options[index] ?? '' })),
  };
}

type LineItemJson = NonNullable<ReturnType<typeof lineItemJson>>;

/** Shopify-style cart JSON (`/cart.js`), with the applied discount code on its lines. */
export function cartJson(cart: CartState, root: string, discount: AppliedDiscount = null) {
  const items = cart.lines.map((line) => lineItemJson(line, root, discount)).filter((item): item is LineItemJson => item !== null);
  const original = items.reduce((sum, item) => sum + item.original_line_price, 0);
  const total = items.reduce((sum, item) => sum + item.final_line_price, 0);
  return {
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    original_total_price: original,
    total_price: total,
    total_discount: original - total,
    total_weight: items.reduce((sum, item) => sum + item.grams * item.quantity, 0),
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    requires_shipping: items.some((item) => item.requires_shipping),
    currency: SHOP_CURRENCY,
    items_subtotal_price: total,
    cart_level_discount_applications: [],
  };
}
