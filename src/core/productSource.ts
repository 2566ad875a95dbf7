/**
 * Loads the product page's product in the source order of spec §4 "Product data status": the
 * page's own data (status 7), else the product JSON (status 1) from the shop's locale root, then
 * from the shop's main host; status 0 when nothing works. Every rejection of spec §5 is reported
 * (`ERR_PRODUCT_DATA`) with what was wrong, and the next source is tried.
 *
 * Page data that is only the platform's analytics metadata (no availability, compare-at prices or
 * images: `Product.complete` false) is completed from the product JSON first; it is used when the
 * JSON fails, so the selected variant still works.
 */
import { ERR_PRODUCT_DATA } from './errors';
import type { Report } from './lib/guardWith';
import type { PageContext } from './pageContext';
import { readPageProduct } from './pageProduct';
import { normalizeProduct, type PriceSource, type Product } from './productData';
import { isRequestError, type Requester } from './request';
import type { SelectedVariant } from './selectedVariant';

const errorText = (error: unknown): string => String((error as Error | null)?.message ?? error);

/** Spec §4 "Product data status". */
export const PRODUCT_STATUS = { none: 0, json: 1, page: 7 } as const;

/** Where the product came from; `product` is null only with status 0. */
export type ProductLoad = { status: 1 | 7; product: Product } | { status: 0; product: null };

/**
 * The product page's state as the commerce chunk publishes it (`onProduct`): the product and the
 * variant the shopper has selected (spec §4 "Selected variant"), `null` until the product is known.
 */
export interface ProductState {
  data: ProductLoad;
  variant: SelectedVariant | null;
}

/**
 * The product JSON URLs to try, in order (spec §7): `{root}/products/{handle}.json` (the store's
 * locale root, `Shopify.routes.root` first), then
 * the same on the shop's main host (`https://{shopDomain}`) when that is another host. A product
 * preview (`/products_preview?preview_key=…`) asks `products_preview.json` with the same key.
 */
export function productJsonUrls(page: Pick<PageContext, 'url' | 'productHandle' | 'store'>): string[] {
  let url: URL;
  try {
    url = new URL(page.url);
  } catch {
    return [];
  }
  const previewKey = url.pathname.includes('products_preview') && url.searchParams.get('preview_key');
  const path = previewKey
    ? `${page.store.root}/products_preview.json?preview_key=${encodeURIComponent(previewKey)}`
    : page.productHandle
      ? `${page.store.root}/products/${encodeURIComponent(page.productHandle)}.json`
      : '';
  if (!path) return [];
  const urls = [url.origin + path];
  const mainHost = page.store.shopDomain;
  if (mainHost && mainHost.toLowerCase() !== url.hostname.toLowerCase()) urls.push(`https://${mainHost}${path}`);
  return urls;
}

/** The platform's REST-style answer writes prices as decimal strings ("24.00"): the older XHR source of spec §5. */
const priceSourceOf = (json: unknown): PriceSource => {
  const product = (json as { product?: { variants?: { price?: unknown }[] } } | null)?.product;
  const price = Array.isArray(product?.variants) ? product.variants[0]?.price : undefined;
  return typeof price === 'string' && price.includes('.') ? 'xhr' : 'json';
};

/** One product JSON request: the product, or why not (reported by the caller). The offer card fetches its offered products with it. */
export async function fetchProductJson(request: Requester, url: string): Promise<Product | string> {
  let json: unknown;
  try {
    json = await request(url, { cache: 'no-store' });
  } catch (error) {
    // A 2xx answer that is no JSON; anything else: no product at that URL (HTTP status, network, timeout).
    const status = isRequestError(error) ? error.status : 0;
    return status >= 200 && status < 300 ? 'invalid json' : `no product available (${errorText(error)})`;
  }
  const result = normalizeProduct(json, priceSourceOf(json));
  if (result.ok) return result.product;
  // `null`: an empty answer, or the page view's request budget is spent.
  return json == null || result.reason === 'no product' ? 'missing or empty product json' : result.reason;
}

/** What `loadProduct` needs: the page's window and context, the request wrapper and the error hook. */
export interface ProductSourceContext {
  win: Window;
  page: PageContext;
  request: Requester;
  report: Report;
}

/** Loads the page's product (see the module comment). Never rejects. */
export async function loadProduct({ win, page, request, report }: ProductSourceContext): Promise<ProductLoad> {
  const reject = (reason: string, source: string) => report(ERR_PRODUCT_DATA, new Error(`Product data: ${reason}`), { source });
  const onPage = readPageProduct(win, page.productHandle);
  if (onPage.kind === 'rejected') reject(onPage.reason, 'page');
  if (onPage.kind === 'found' && onPage.product.complete) return { status: PRODUCT_STATUS.page, product: onPage.product };
  const urls = productJsonUrls(page);
  if (onPage.kind === 'none' && !urls.length) reject('none on the page, no handle', 'page');
  for (const url of urls) {
    const fetched = await fetchProductJson(request, url);
    if (typeof fetched !== 'string') return { status: PRODUCT_STATUS.json, product: fetched };
    reject(fetched, url);
  }
  if (onPage.kind === 'found') return { status: PRODUCT_STATUS.page, product: onPage.product };
  return { status: PRODUCT_STATUS.none, product: null };
}
