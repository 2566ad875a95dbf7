/** The cart and line-item JSON of the platform's AJAX API (amounts in the shop currency, cents). */
import { getVariant } from '../catalog.ts';
import { SHOP_CURRENCY } from '../markets.ts';
import type { CartLine, CartState } from './model.ts';

/** Shopify-style line item JSON (null when the variant left the catalogue). `root` is the locale root ('/' or '/es/'). */
export function lineItemJson(line: CartLine, root: string) {
  const found = getVariant(line.variant_id);
  if (!found) return null;
  const { entry, variant } = found;
  const product = entry.product;
  const image = variant.featured_image?.src ?? product.featured_image;
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
    discounted_price: variant.price,
    line_price: linePrice,
    original_line_price: linePrice,
    final_price: variant.price,
    final_line_price: linePrice,
    total_discount: 0,
    discounts: [],
    sku: variant.sku,
    grams: variant.weight,
    vendor: product.vendor,
    taxable: variant.taxable,
    product_id: product.id,
    product_has_only_default_variant: product.variants.length === 1 && isDefault,
    gift_card: product.gift_card,
    url: `${root}products/${product.handle}?variant=${variant.id}`,
    featured_image: { aspect_ratio: 1, alt: product.title, height: 600, url: image, width: 600 },
    image,
    handle: product.handle,
    requires_shipping: variant.requires_shipping,
    product_type: product.type,
    product_title: product.title,
    product_description: product.description.replace(/<[^>]+>/g, ''),
    variant_title: isDefault ? null : variant.title,
    variant_options: variant.options,
    options_with_values: product.options.map((name, index) => ({ name, value: variant.options[index] ?? '' })),
    line_level_discount_allocations: [],
    line_level_total_discount: 0,
  };
}

type LineItemJson = NonNullable<ReturnType<typeof lineItemJson>>;

/** Shopify-style cart JSON (`/cart.js`). */
export function cartJson(cart: CartState, root: string) {
  const items = cart.lines.map((line) => lineItemJson(line, root)).filter((item): item is LineItemJson => item !== null);
  const total = items.reduce((sum, item) => sum + item.line_price, 0);
  return {
    token: cart.token,
    note: cart.note,
    attributes: cart.attributes,
    original_total_price: total,
    total_price: total,
    total_discount: 0,
    total_weight: items.reduce((sum, item) => sum + item.grams * item.quantity, 0),
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    requires_shipping: items.some((item) => item.requires_shipping),
    currency: SHOP_CURRENCY,
    items_subtotal_price: total,
    cart_level_discount_applications: [],
  };
}
