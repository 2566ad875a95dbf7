import type { ProductState } from '../../core/productSource';
import { productData, selectedVariant } from '../../state/product';

let following = false;

/**
 * Keeps the `productData` and `selectedVariant` signals current from the commerce chunk's product
 * part: `onProduct` is the part's export of the same name. Once per page: later calls do nothing.
 * The part runs without the framework (a product page whose card is not in view yet does not
 * fetch it), so this bridge is on the framework's side, as `followCart` is for the cart. Here, not
 * in src/state: the offer card is its only user, and the framework chunk, which every framework
 * widget loads, does not carry it.
 */
export function followProduct(onProduct: (listener: (state: ProductState) => void) => void): void {
  if (following) return;
  following = true;
  // The variant first: between the two, a follower sees no variant rather than one of another product.
  onProduct(({ data, variant }) => {
    selectedVariant.value = variant;
    productData.value = data;
  });
}
