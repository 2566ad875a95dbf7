/**
 * Lazy part `commerce.product`: the product page's services, loaded by the commerce chunk on
 * product pages only (other pages need the cart watcher alone): the product data and the selected
 * variant (`onProduct`; `vitrine:variant-changed`) and the add-to-cart button search
 * (`vitrine:atc-button`). No signal here: signals are the framework's, and a product page whose
 * widgets that show the product (the offer card) are not in view yet must not fetch it. A widget
 * loads this part itself and bridges it to its signals (the offer card's `followProduct`).
 */
import { watchAtcButton } from '../../../core/atcButton';
import { ERR_WIDGET_RENDER } from '../../../core/errors';
import { safe } from '../../../core/lib/safeCall';
import type { PageContext } from '../../../core/pageContext';
import { loadProduct, type ProductState } from '../../../core/productSource';
import { watchSelectedVariant } from '../../../core/variantWatcher';
import type { WidgetContext } from '../../types';

/** The product page's state as last published, and its followers (`onProduct`). */
let product: ProductState = { data: { status: 0, product: null }, variant: null };
const followers: ((state: ProductState) => void)[] = [];
const publish = (state: ProductState) => {
  product = state;
  followers.forEach((follower) => follower(state));
};

/**
 * Calls `follower` with the product page's state now and at every change (the product read, each
 * variant the shopper selects); one that throws is reported, the others still hear.
 */
export function onProduct(follower: (state: ProductState) => void): void {
  const guarded = safe(follower, ERR_WIDGET_RENDER);
  followers.push(guarded);
  guarded(product);
}

/**
 * Starts the product page's services on `page`; the returned function stops them. Each step runs
 * in a task of its own (the button search's first look, reading the product, the first variant
 * evaluation): on a slow phone the three at once would make one long task.
 */
export function startProductPage(win: Window, ctx: WidgetContext, page: PageContext): () => void {
  let stopped = false;
  let stopButtonSearch = () => {};
  let stopVariant = () => {};
  const later = (step: () => void) => setTimeout(() => stopped || step());
  later(() => (stopButtonSearch = watchAtcButton(win, ctx.report)));
  later(
    () =>
      void loadProduct({ win, page, request: ctx.request, report: ctx.report }).then((loaded) => {
        if (stopped) return;
        publish({ data: loaded, variant: null });
        if (loaded.product)
          later(
            () =>
              (stopVariant = watchSelectedVariant({
                win,
                product: loaded.product,
                report: ctx.report,
                onSelect: (variant) => publish({ data: loaded, variant }),
              })),
          );
      }),
  );
  return () => {
    stopped = true;
    stopButtonSearch();
    stopVariant();
  };
}
