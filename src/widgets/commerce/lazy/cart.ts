/**
 * Lazy part `commerce.cart`: our own cart calls (spec §7: add with items or the product form
 * serialized, change, update, clear; a 422 shown in a browser alert with the platform's message;
 * spec §8's message when the cart disagrees). Loaded on the first call, through the commerce
 * chunk's `cartCall`, which hands it the page's cart reader: the commerce chunk itself, on every
 * page with a cart module, only watches the cart.
 */
import { callCart, type CartCall, type CartResult } from '../../../core/cartApi';
import type { CartSync } from '../../../core/cartSync';
import type { WidgetContext } from '../../types';

/** Sends `call` for the page of `ctx` through its cart reader `sync` (see callCart). Never rejects. */
export const callPageCart = (ctx: WidgetContext, sync: CartSync, call: CartCall): Promise<CartResult> =>
  callCart({ win: window, root: ctx.page.store.root, request: ctx.request, report: ctx.report, sync }, call);
