/**
 * What the offer card fetches: the offered products (the platform's product JSON, as the page's own
 * product is read: `src/core/productSource.ts`), the inventory of variants (the provider's
 * `bundle/product/inventory`, spec §7) and the visitor's country (the page's, else the provider's
 * `get-country-code`). Every call goes through the page view's request wrapper (its budget, its
 * reports); none of them rejects. And the text rules for what products bring to the DOM.
 */
import { ERR_PRODUCT_DATA } from '../../core/errors';
import { isPreorderable, type Product } from '../../core/productData';
import { fetchProductJson, productJsonUrls } from '../../core/productSource';
import type { WidgetContext } from '../types';

/** A variant's stock as the provider answers it. */
interface Stock {
  quantity: number;
  management: string | null;
  policy: 'deny' | 'continue' | null;
}

/** Variant id → its stock. */
export type Inventory = Map<number, Stock>;

/**
 * The offered product `handle` (its product JSON from the shop's locale root, then the main host),
 * or null when it cannot be had: each failure is reported as product data (spec §8).
 */
export async function fetchOfferedProduct(ctx: WidgetContext, handle: string): Promise<Product | null> {
  const store = ctx.page.store;
  const urls = productJsonUrls({ url: `${location.origin}/`, productHandle: handle, store });
  for (const url of urls) {
    const fetched = await fetchProductJson(ctx.request, url).catch((error: unknown) => String(error));
    if (typeof fetched !== 'string') return fetched;
    ctx.report(ERR_PRODUCT_DATA, new Error(`Product data: ${fetched}`), { source: url, widget: 'offer-card' });
  }
  return null;
}

/** The provider's inventory of `variantIds` (at most 250 a request); what it does not give is left out. */
export async function fetchInventory(ctx: WidgetContext, variantIds: number[]): Promise<Inventory> {
  const inventory: Inventory = new Map();
  for (let start = 0; start < variantIds.length; start += 250) {
    const ids = variantIds.slice(start, start + 250);
    const url = `${ctx.settings.providerBase}bundle/product/inventory?shopId=${encodeURIComponent(ctx.settings.shopId)}&variants=${ids.join(',')}`;
    const answer = await ctx.request<{ variants?: Record<string, unknown> }>(url).catch(() => null);
    const variants = answer?.variants;
    if (!variants || typeof variants !== 'object') continue;
    for (const id of ids) {
      const raw = variants[id] as { inventory_quantity?: unknown; inventory_management?: unknown; inventory_policy?: unknown } | undefined;
      if (!raw || typeof raw.inventory_quantity !== 'number' || !Number.isFinite(raw.inventory_quantity)) continue;
      const policy = raw.inventory_policy;
      inventory.set(id, {
        quantity: raw.inventory_quantity,
        management: typeof raw.inventory_management === 'string' && raw.inventory_management ? raw.inventory_management : null,
        policy: policy === 'deny' || policy === 'continue' ? policy : null,
      });
    }
  }
  return inventory;
}

/**
 * The visitor's country (ISO 3166-1 alpha-2): the platform's on the page, else the provider's,
 * which the card then publishes for the page (`Vitrine.countryCode`); null when neither has one.
 */
export async function fetchCountry(ctx: WidgetContext): Promise<string | null> {
  const own = ctx.page.store.countryCode;
  if (own && /^[a-z]{2}$/i.test(own)) return own.toUpperCase();
  const answer = await ctx.request<{ countryCode?: unknown }>(`${ctx.settings.providerBase}get-country-code`).catch(() => null);
  const code = answer?.countryCode;
  if (typeof code !== 'string' || !/^[a-z]{2}$/i.test(code)) return null;
  ctx.setCountryCode(code.toUpperCase());
  return code.toUpperCase();
}

/**
 * The product with the provider's stock on its variants: their inventory and pre-order flag (spec
 * §5: managed, at zero or less, a policy other than deny) follow it; the rest is the product JSON's.
 */
export function withInventory(product: Product, inventory: Inventory): Product {
  return {
    ...product,
    variants: product.variants.map((variant) => {
      const stock = inventory.get(variant.id);
      if (!stock) return variant;
      return {
        ...variant,
        inventoryQuantity: stock.quantity,
        inventoryManagement: stock.management,
        inventoryPolicy: stock.policy,
        preorder: isPreorderable(stock.management, stock.quantity, stock.policy),
      };
    }),
  };
}

/** Title length the card shows; longer titles are cut at a word (spec §9 truncation). */
const TITLE_CHARS = 80;

/**
 * Product text as plain text: tags and control characters dropped, entities the JSON may carry
 * decoded, white space collapsed, cut at a word boundary with an ellipsis past `max` characters
 * (spec §9). The card renders text nodes only; this keeps what they say clean.
 */
export function plainText(value: string, max = TITLE_CHARS): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
  const text = value
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_entity, name: string) => entities[name]!)
    // eslint-disable-next-line no-control-regex -- control characters (white space aside) are what is removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : text.slice(0, max)).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** An image or link URL from product data: http(s) or relative only (never `javascript:` or `data:`); '' otherwise. */
export function safeUrl(value: string): string {
  const url = value.trim();
  if (/^(https?:)?\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))) return url;
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || !url ? '' : url;
}
