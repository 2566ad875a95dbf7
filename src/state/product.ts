import { signal } from '@preact/signals-react';
import type { ProductLoad } from '../core/productSource';
import type { SelectedVariant } from '../core/selectedVariant';

/**
 * The product page's product and where it came from (spec §4 "Product data status": 0 none, 1
 * the product JSON, 7 the page's own data). Set from the commerce chunk's product part on product
 * pages (`followProduct` in the offer card), again after `Vitrine.refresh()` moved to another product.
 */
export const productData = signal<ProductLoad>({ status: 0, product: null });

/**
 * The variant the shopper has selected on the product page and the rule that decided it (spec §4
 * "Selected variant"); `null` until the product is known. Updated at once on every change; the
 * window event `vitrine:variant-changed` follows 50 ms later.
 */
export const selectedVariant = signal<SelectedVariant | null>(null);
