/**
 * Lazy entry `commerce`: the page's commerce services, without UI (the loader mounts it at idle,
 * on a detached host).
 *
 * - Wherever a cart module is enabled (cart-reserved 24, offer card 47): the cart watcher, which
 *   keeps the `cart` signal current and fires `vitrine:cart-changed` whoever changes the cart.
 * - On product pages: its lazy part `commerce.product` (product data, selected variant,
 *   add-to-cart button), started again after `Vitrine.refresh()` (instant navigation, a
 *   re-rendered section).
 * - For widgets: `onCart`, every cart read (the `cart` signal's source: `followCart` in
 *   src/state/cart.ts), and `cartCall`, our cart calls (its lazy part `commerce.cart`, loaded on
 *   the first call) through the same cart reader.
 *
 * Mounting twice is harmless: the cart-reserved box mounts it as soon as it loads itself (it needs
 * the cart before the page is idle), the loader mounts it again at idle.
 */
import type { CartCall, CartResult } from '../../core/cartApi';
import type { CartSnapshot } from '../../state/cart';
import { MODULE } from '../../core/constants';
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { pageCartSync } from '../../core/cartSync';
import { watchCartRequests } from '../../core/cartWatcher';
import type { PageContext } from '../../core/pageContext';
import { createStorage } from '../../core/storage';
import type { MountWidget, WidgetContext } from '../types';
import CART_PART from './lazy/cart?part';
import PRODUCT_PART from './lazy/product?part';

type ProductPart = typeof import('./lazy/product');
type CartPart = typeof import('./lazy/cart');

/** The context of the first mount: the page view's (the loader makes one per page view). */
let context: WidgetContext | undefined;

/** The page's one cart reader (created on first use, with the first caller's context). */
const syncOf = (ctx: WidgetContext) =>
  pageCartSync({ win: window, request: ctx.request, root: ctx.page.store.root, report: ctx.report, storage: createStorage() });

export const mount: MountWidget = (_host, ctx) => {
  if (context) return;
  context = ctx;
  const win = window;
  if (ctx.settings.modules.some((id) => id === MODULE.cartReserved || id === MODULE.offerCard)) {
    const sync = syncOf(ctx);
    // Watching first: a cart request that ends while the first read runs is not missed.
    watchCartRequests(win, sync, ctx.report);
    void sync.refresh();
  }
  // The product part of the page as last read: a refresh (instant navigation) stops the one
  // running and starts it again on the new page, if that is a product page; a part that loads
  // after a newer refresh does not start.
  let stopProductPage = () => {};
  let latest: PageContext;
  const startProductPage = (page: PageContext) => {
    stopProductPage();
    latest = page;
    if (page.pageType === 'product')
      ctx
        .load<ProductPart>(PRODUCT_PART)
        .then((part) => {
          if (latest === page) stopProductPage = part.startProductPage(win, ctx, page);
        })
        .catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'commerce.product' }));
  };
  startProductPage(ctx.page);
  ctx.onRefresh(startProductPage);
};

/** Calls `listener` with every cart read (see CartSync.subscribe) once this chunk is mounted. */
export const onCart = (listener: (cart: CartSnapshot) => void): void => {
  if (context) syncOf(context).subscribe(listener);
};

/**
 * Sends one of our cart calls (spec §7; see cartApi.ts) once this chunk is mounted: a widget
 * loads the chunk with `ctx.load('commerce')`, mounts it and calls this. The cart read back
 * goes through the page's cart reader, so the signal, the stored snapshot and
 * `vitrine:cart-changed` follow. Never rejects: a part that fails to load is reported and
 * answered as failed.
 */
export async function cartCall(call: CartCall): Promise<CartResult> {
  // Before a mount there is no context: `ctx.load` throws and the call is answered as failed.
  const ctx = context!;
  try {
    return await (await ctx.load<CartPart>(CART_PART)).callPageCart(ctx, syncOf(ctx), call);
  } catch (error) {
    ctx?.report(ERR_WIDGET_RENDER, error, { widget: 'commerce.cart' });
    return { kind: 'failed', reason: String(error) };
  }
}
