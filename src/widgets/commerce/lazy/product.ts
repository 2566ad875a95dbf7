/**
 * Lazy part `commerce.product`: the product page's services, loaded by the commerce chunk on
 * product pages only (other pages need the cart watcher alone): the product data (`productData`
 * signal), the selected variant (`selectedVariant` signal, `vitrine:variant-changed`) and the
 * add-to-cart button search (`vitrine:atc-button`).
 */
import { watchAtcButton } from '../../../core/atcButton';
import type { PageContext } from '../../../core/pageContext';
import { loadProduct } from '../../../core/productSource';
import { watchSelectedVariant } from '../../../core/variantWatcher';
import { productData, selectedVariant } from '../../../state/product';
import type { WidgetContext } from '../../types';

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
        productData.value = loaded;
        if (loaded.product)
          later(
            () =>
              (stopVariant = watchSelectedVariant({
                win,
                product: loaded.product,
                report: ctx.report,
                onSelect: (selected) => (selectedVariant.value = selected),
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
