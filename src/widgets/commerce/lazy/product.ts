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

/** Starts the product page's services on `page`; the returned function stops them. */
export function startProductPage(win: Window, ctx: WidgetContext, page: PageContext): () => void {
  const stopButtonSearch = watchAtcButton(win, ctx.report);
  let stopVariant = () => {};
  let stopped = false;
  void loadProduct({ win, page, request: ctx.request, report: ctx.report }).then((loaded) => {
    if (stopped) return;
    productData.value = loaded;
    if (!loaded.product) return;
    stopVariant = watchSelectedVariant({
      win,
      product: loaded.product,
      report: ctx.report,
      onSelect: (selected) => (selectedVariant.value = selected),
    });
  });
  return () => {
    stopped = true;
    stopButtonSearch();
    stopVariant();
  };
}
