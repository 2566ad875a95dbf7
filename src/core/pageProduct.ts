/**
 * The product data a product page already holds (spec §4 "Product data status" 7: page data,
 * preloaded). Themes put it in different places; read here, best first:
 *
 * 1. the theme's product JSON, `{{ product | json }}` in a `<script type="application/json">`
 *    (Debut, Simple and most sectioned themes: `#ProductJson-…`, `[data-product-json]`);
 * 2. the theme's variants JSON, `{{ product.variants | json }}` (Sense and Dawn up to 12 in the
 *    variant picker, Impulse and other Archetype themes in a hidden `<textarea data-variant-json>`),
 *    completed with the product fields of the analytics metadata;
 * 3. the platform's analytics metadata (`ShopifyAnalytics.meta.product`, the same object as
 *    `window.meta.product`): ids, prices and variant titles only, so the product is marked
 *    incomplete (`Product.complete`) and the loader prefers the product JSON to it.
 *
 * Dawn 13+ and Horizon print only the *selected* variant's JSON: they get (3), then the JSON.
 */
import { read } from './lib/read';
import { normalizeProduct, type Product, type ProductRejection } from './productData';

/** Where themes print product or variants JSON (joined into one query, read in document order). */
const PAGE_JSON =
  '[id^="ProductJson"], [data-product-json], [data-variant-json], variant-radios script, variant-selects script:not([data-selected-variant])';

/** What the page holds. */
export type PageProduct =
  /** `product.complete` false: from the analytics metadata only. */
  | { kind: 'found'; product: Product }
  /** Product data is there but unusable (spec §5: without variants). */
  | { kind: 'rejected'; reason: ProductRejection }
  | { kind: 'none' };

const parse = (element: Element): unknown => {
  try {
    return JSON.parse(element.textContent || '');
  } catch {
    return null;
  }
};

/** "Classic Cotton Tee - S / White" less " - S / White": the analytics metadata has no product title. */
const titleFromName = (variant: unknown): string => {
  const name = read(variant, 'name');
  const publicTitle = read(variant, 'public_title');
  if (typeof name !== 'string') return '';
  return typeof publicTitle === 'string' && name.endsWith(` - ${publicTitle}`) ? name.slice(0, -publicTitle.length - 3) : name;
};

/**
 * Reads the page's product (see the module comment). `handle` (the page's, when known) skips
 * product JSON of other products on the page (quick views, recommendations). Never throws.
 */
export function readPageProduct(win: Window, handle: string | null): PageProduct {
  const analytics = read(read(read(win, 'ShopifyAnalytics'), 'meta'), 'product') ?? read(read(win, 'meta'), 'product');
  const analyticsVariants = read(analytics, 'variants');
  // Product fields of the analytics metadata, for sources that hold only variants.
  const fields = {
    id: read(analytics, 'id'),
    handle: read(analytics, 'handle') ?? handle,
    vendor: read(analytics, 'vendor'),
    type: read(analytics, 'type'),
    title: Array.isArray(analyticsVariants) ? titleFromName(analyticsVariants[0]) : '',
  };
  let rejected: ProductRejection | null = null;
  let elements: Element[] = [];
  try {
    elements = [...win.document.querySelectorAll(PAGE_JSON)];
  } catch {
    /* a document we cannot query: no page JSON */
  }
  for (const element of elements) {
    const json = parse(element);
    const otherProduct = handle && typeof read(json, 'handle') === 'string' && read(json, 'handle') !== handle;
    if (!json || typeof json !== 'object' || otherProduct) continue;
    const result = normalizeProduct(Array.isArray(json) ? { ...fields, variants: json } : json);
    if (result.ok) return { kind: 'found', product: result.product };
    rejected = result.reason;
  }
  if (analytics) {
    const result = normalizeProduct({ ...fields, variants: analyticsVariants }, 'json', false);
    if (result.ok) return { kind: 'found', product: result.product };
    rejected = result.reason;
  }
  return rejected ? { kind: 'rejected', reason: rejected } : { kind: 'none' };
}
