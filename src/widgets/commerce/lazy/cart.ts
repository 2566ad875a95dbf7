/**
 * Lazy part `commerce.cart`: our own cart calls (spec §7: add with items or the product form
 * serialized, change, update, clear; a 422 shown in a browser alert with the platform's message;
 * spec §8's message when the cart disagrees). Loaded on the first call, through the commerce
 * chunk's `cartCall`, which binds it to the page's cart reader: the commerce chunk itself, on
 * every page with a cart module, only watches the cart.
 */
export { callCart } from '../../../core/cartApi';
