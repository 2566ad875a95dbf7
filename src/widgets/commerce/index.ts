/**
 * Lazy entry `commerce`: the page's commerce services, without UI (the loader mounts it at idle,
 * on a detached host).
 *
 * - Wherever a cart module is enabled (cart-reserved 24, offer card 47): the cart watcher, which
 *   keeps the `cart` signal current and fires `vitrine:cart-changed` whoever changes the cart.
 * - On product pages: its lazy part `commerce.product` (product data, selected variant,
 *   add-to-cart button), started again after `Vitrine.refresh()` (instant navigation, a
 *   re-rendered section).
 *
 * - With `#vtlHighlight=` or `#vtlHighlightOfferId=` in the URL (spec §2): its lazy part
 *   `commerce.highlight`, which scrolls to the element and marks it. Here, not in the loader: the
 *   commerce chunk loads on product pages and wherever a cart module is on (the default modules
 *   include one), and the loader has no bytes to spare.
 *
 * Mounting twice is harmless: the cart-reserved box mounts it as soon as it loads itself (it needs
 * the cart before the page is idle), the loader mounts it again at idle.
 */
import { MODULE } from '../../core/constants';
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { pageCartSync } from '../../core/cartSync';
import { watchCartRequests } from '../../core/cartWatcher';
import type { PageContext } from '../../core/pageContext';
import { createStorage } from '../../core/storage';
import type { MountWidget } from '../types';
import HIGHLIGHT_PART from './lazy/highlight?part';
import PRODUCT_PART from './lazy/product?part';

type ProductPart = typeof import('./lazy/product');
type HighlightPart = typeof import('./lazy/highlight');

let started = false;

export const mount: MountWidget = (_host, ctx) => {
  if (started) return;
  started = true;
  const win = window;
  if (ctx.settings.modules.some((id) => id === MODULE.cartReserved || id === MODULE.offerCard)) {
    const sync = pageCartSync({
      win,
      request: ctx.request,
      root: ctx.page.store.root,
      report: ctx.report,
      storage: createStorage('local'),
    });
    // Watching first: a cart request that ends while the first read runs is not missed.
    watchCartRequests(win, sync, ctx.report);
    void sync.refresh();
  }
  let stopProductPage = () => {};
  const startProductPage = (page: PageContext) => {
    stopProductPage();
    stopProductPage = () => {};
    if (page.pageType !== 'product') return;
    let stopped = false;
    stopProductPage = () => void (stopped = true);
    ctx
      .load<ProductPart>(PRODUCT_PART)
      .then((part) => {
        if (!stopped) stopProductPage = part.startProductPage(win, ctx, page);
      })
      .catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'commerce.product' }));
  };
  startProductPage(ctx.page);
  ctx.onRefresh(startProductPage);
  if (/vtlHighlight/.test(win.location.hash)) {
    ctx
      .load<HighlightPart>(HIGHLIGHT_PART)
      .then((part) => part.highlight(win, ctx.report))
      .catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'commerce.highlight' }));
  }
};
