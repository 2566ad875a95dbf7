/**
 * Page context: locale root, page type, handles, preview/design mode and the
 * store state the platform exposes on `window` (spec §2, §3 "Store state").
 * The path functions are pure; only the `read*`/`isDesignMode` functions touch
 * the given window, and they never throw.
 */
import { editorData } from './lib/editorData';
import { hasOwn, read } from './lib/read';

/** All page types of spec §2, in spec order. */
export const PAGE_TYPES = [
  'empty',
  'home',
  'checkout',
  'product',
  'collection',
  'collections',
  'searchResults',
  'cart',
  'thank_you',
  'order_status',
  'top-reviews',
  'review-order',
  'wishlist',
  'gift_cards',
  'gift_card',
  'password',
  'other',
] as const;
/** A page type of spec §2. */
type PageType = (typeof PAGE_TYPES)[number];

/** Page type, or the not-found page (spec §2: a path containing /404). */
export type DetectedPageType = PageType | 'notFound';

/**
 * Store state of spec §3, read defensively from `Shopify`/`ShopifyAnalytics`. The customer privacy
 * API is not copied here: nothing reads it yet, and consent handling will read
 * `Shopify.customerPrivacy` itself, when it runs (the API arrives late on some pages anyway).
 */
export interface StoreState {
  shopDomain: string | null;
  currency: { active: string | null; rate: number };
  themeRole: string | null;
  designMode: boolean;
  countryCode: string | null;
  locale: string | null;
  /** Locale root without trailing slash: '' or e.g. '/es'. */
  root: string;
}

/** Everything widgets need to know about the current page. */
export interface PageContext {
  pageType: DetectedPageType;
  localeRoot: string;
  productHandle: string | null;
  collectionHandle: string | null;
  designMode: boolean;
  preview: boolean;
  store: StoreState;
  path: string;
  url: string;
}

/** Path part only: drops origin, query and hash. */
const pathOnly = (url: string): string => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');

/** Spec §2: 2 letters, or 5 characters containing a hyphen (read as `xx-yy`, letters only). */
const LOCALE_SEGMENT = /^\/([a-z]{2}(-[a-z]{2})?)(?=\/|$)/i;

/**
 * Locale root of a path: '' or the first segment with its slash, case kept
 * as written because it is used to build URLs ('/es', '/en-us', '/pt-BR').
 */
export function localeRoot(path: string): string {
  const match = LOCALE_SEGMENT.exec(pathOnly(String(path || '')));
  return match ? '/' + match[1] : '';
}

/** Path without query, hash and locale root; '/' when nothing remains. */
export function stripLocale(path: string): string {
  return pathOnly(String(path || '')).replace(LOCALE_SEGMENT, '') || '/';
}

/**
 * Platform metadata page types (`ShopifyAnalytics.meta.page.pageType`) → ours.
 * Regexes instead of a table keep the loader small (PAGE_TYPES stays out of it).
 */
const META_ALIAS: Record<string, DetectedPageType> = {
  index: 'home',
  search: 'searchResults',
  searchresults: 'searchResults',
  'list-collections': 'collections',
  '404': 'notFound',
};
/** Metadata values that are our page type as written (lower-cased). */
const META_SAME =
  /^(empty|home|checkout|product|collections?|cart|thank_you|order_status|top-reviews|review-order|wishlist|gift_cards?|password|other)$/;
/** Content / account pages the widgets treat as 'other'. */
const META_OTHER = /^(page|blog|article|captcha|policy|customers)\b/;

/**
 * Our own app pages (spec §2 "the product's own sub-paths"). Reading: a last
 * segment top-reviews / review-order / wishlist under /pages/, /apps/{proxy}/
 * or /products/{handle}/ — not anywhere, so a collection named "wishlist"
 * stays a collection.
 */
const APP_PAGE = /^\/(?:pages|apps\/[^/]+|products\/[^/]+)\/(top-reviews|review-order|wishlist)\/?$/;

/** `/segment` as a whole path segment (followed by '/', '.', or end). */
const seg = (segment: string): RegExp => new RegExp('/' + segment + '(?:[/.]|$)');
// Pure calls: a chunk that imports this module without `detectPageType` (the star snippets, for
// `productHandle`) drops them instead of building four unused RegExps at load.
const NOT_FOUND = /* @__PURE__ */ seg('404');
const THANK_YOU = /* @__PURE__ */ seg('thank_you');
const ORDERS = /\/orders\//;
const GIFT_CARDS = /\/gift_cards\//;
const CHECKOUT = /* @__PURE__ */ seg('checkouts?');
const CART = /* @__PURE__ */ seg('cart');

/**
 * Page type of spec §2. Metadata first; an unknown or missing value falls back
 * to the path rules, applied to the lower-cased, locale-stripped path:
 * - '' (no path at all) → 'empty' (nothing we can tell; widgets stay idle).
 * - '/' → home.
 * - a `/404` segment → notFound (checked first; a handle like "404-shoes" is
 *   not matched because the rules work on whole segments, see below).
 * - app pages (see APP_PAGE) → top-reviews / review-order / wishlist.
 * - `/products/{h}` and `/collections/{c}/products/{h}` → product;
 *   `/collections` → collections; `/collections/{c}...` → collection. These
 *   anchored rules run before the "containing" ones below so that a handle
 *   like "cart" or "checkout" keeps its page type.
 * - `/thank_you` → thank_you; `/orders/` → order_status.
 * - `/gift_cards/` → gift_cards on the checkout host (host starting with
 *   'checkout.'), else gift_card (the platform's gift card page on the shop).
 * - `/checkout` or `/checkouts` → checkout; starts with `/password` → password.
 * - `/cart` → cart. "Containing /cart" is read as containing a `/cart`
 *   *segment* (`/cart`, `/cart.js`, `/x/cart/change`) so that handles such as
 *   `/collections/cart-accessories` keep their own type; same for the others.
 * - `/search` → searchResults; anything else → other.
 * Metadata 'page' still honours the app pages, which are platform "pages".
 * `meta` is the platform's page metadata (`ShopifyAnalytics.meta.page`) as found, anything at
 * all: its `pageType` is read defensively.
 */
export function detectPageType(path: string, meta?: unknown, host?: string): DetectedPageType {
  const raw = typeof path === 'string' ? path : '';
  const lowerPath = stripLocale(raw).toLowerCase();
  const app = APP_PAGE.exec(lowerPath);
  const metaType = read(meta, 'pageType');
  if (typeof metaType === 'string') {
    const key = metaType.toLowerCase();
    const fromMeta: DetectedPageType | undefined = hasOwn(META_ALIAS, key)
      ? META_ALIAS[key]
      : META_SAME.test(key)
        ? (key as PageType)
        : META_OTHER.test(key)
          ? 'other'
          : undefined;
    if (fromMeta) return key === 'page' && app ? (app[1] as PageType) : fromMeta;
  }
  if (!raw) return 'empty';
  if (lowerPath === '/') return 'home';
  if (NOT_FOUND.test(lowerPath)) return 'notFound';
  if (app) return app[1] as PageType;
  // Anchored handle paths before the "containing" rules: a product whose
  // handle is "cart" or "checkout" is still a product page.
  if (productHandle(lowerPath)) return 'product';
  if (/^\/collections\/?$/.test(lowerPath)) return 'collections';
  if (collectionHandle(lowerPath)) return 'collection';
  if (THANK_YOU.test(lowerPath)) return 'thank_you';
  if (ORDERS.test(lowerPath)) return 'order_status';
  if (GIFT_CARDS.test(lowerPath)) return /^checkout\./i.test(host || '') ? 'gift_cards' : 'gift_card';
  if (CHECKOUT.test(lowerPath)) return 'checkout';
  if (/^\/password(?:\/|$)/.test(lowerPath)) return 'password';
  if (CART.test(lowerPath)) return 'cart';
  if (/^\/search(?:\/|$)/.test(lowerPath)) return 'searchResults';
  return 'other';
}

/** URL-decoded, lower-cased handle; null when empty or malformed. */
function handle(rawHandle: string | undefined): string | null {
  if (!rawHandle) return null;
  try {
    rawHandle = decodeURIComponent(rawHandle);
  } catch {
    /* keep the raw handle: a stray '%' must not break the page */
  }
  rawHandle = rawHandle
    .replace(/\.(json|js|oembed|xml)$/i, '')
    .trim()
    .toLowerCase();
  return rawHandle || null;
}

/**
 * Product handle of `/products/{h}` or `/collections/{c}/products/{h}`
 * (locale-prefixed paths, query and hash allowed); null elsewhere.
 */
export function productHandle(path: string): string | null {
  // One pattern over the raw path: origin, locale root, query and hash are skipped in the same
  // pass that finds the handle. The star snippets call this for every product link of a listing
  // (1,000 on a long one), where `stripLocale` first cost three more regular expressions each.
  const match =
    /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]*)?(?:\/[a-z]{2}(?:-[a-z]{2})?(?=\/))?\/(?:collections\/[^/?#]+\/)?products\/([^/?#]+)/i.exec(
      String(path || ''),
    );
  return handle(match?.[1]);
}

/** Collection handle of `/collections/{h}...`; null elsewhere. */
export function collectionHandle(path: string): string | null {
  const match = /^\/collections\/([^/]+)/i.exec(stripLocale(path));
  return handle(match?.[1]);
}

/** Theme editor (spec §2, §6): `Shopify.designMode` is set by the platform. */
export function isDesignMode(win: Window): boolean {
  return read(read(win, 'Shopify'), 'designMode') === true;
}

/**
 * Unpublished-theme / product preview (spec §2, §6): `preview_theme_id` or
 * `oseid` (online-store editor session) query, or a `products_preview` path
 * with a `preview_key` parameter.
 */
export function isPreview(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, 'https://invalid.invalid/');
  } catch {
    return false;
  }
  const query = parsed.searchParams;
  return (
    query.has('preview_theme_id') || query.has('oseid') || (parsed.pathname.indexOf('products_preview') >= 0 && query.has('preview_key'))
  );
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Store state (spec §3) from `window.Shopify` and `ShopifyAnalytics.meta`; never throws. */
export function readStoreState(win: Window): StoreState {
  const shopify = read(win, 'Shopify');
  const meta = read(read(win, 'ShopifyAnalytics'), 'meta');
  const cur = read(shopify, 'currency');
  const rate = Number(read(cur, 'rate'));
  const root = str(read(read(shopify, 'routes'), 'root'));
  return {
    shopDomain: str(read(shopify, 'shop')),
    currency: {
      active: str(read(cur, 'active')) || str(read(meta, 'currency')),
      // A missing/garbage rate must not poison price maths: 1 = no conversion.
      rate: rate > 0 && rate < Infinity ? rate : 1,
    },
    themeRole: str(read(read(shopify, 'theme'), 'role')),
    designMode: read(shopify, 'designMode') === true,
    countryCode: str(read(shopify, 'country')),
    locale: str(read(shopify, 'locale')),
    root: root != null ? root.replace(/\/+$/, '') : localeRoot(String(read(read(win, 'location'), 'pathname') || '')),
  };
}

/**
 * The ids of the platform's admin bar (a signed-in owner on the live theme) and preview bars
 * (spec §2 "Preview badge"): injected by the platform's own script, sometimes after ours runs,
 * which the loader's late step (15 s) then sees. Looked up by id, not as one selector list: a
 * list of ids walks the whole page (Chromium, the demo's collection page of 833 elements: 39 µs a
 * call, against 0.1 µs for three `getElementById`), and the page is read twice at a start where
 * it was still loading (src/loader/pageReader.ts).
 */
const ADMIN_OR_PREVIEW_BARS = ['admin-bar-iframe', 'preview-bar-iframe', 'PBarNextFrameWrapper'];

/**
 * Page context of the given window. `preview` is also true on an unpublished
 * theme (`Shopify.theme.role` other than 'main') or under the admin or preview bar, where the owner sees the badge.
 */
export function readPageContext(win: Window): PageContext {
  const loc = read(win, 'location');
  const path = String(read(loc, 'pathname') || '');
  const url = String(read(loc, 'href') || '');
  const store = readStoreState(win);
  return {
    // Spec §6: in the theme editor, the editor's own data (the page type the platform renders,
    // written by our app embed) wins over the analytics metadata and the path.
    pageType: detectPageType(
      path,
      (store.designMode && editorData(win)) || read(read(read(win, 'ShopifyAnalytics'), 'meta'), 'page'),
      String(read(loc, 'hostname') || ''),
    ),
    localeRoot: localeRoot(path),
    productHandle: productHandle(path),
    collectionHandle: collectionHandle(path),
    designMode: store.designMode,
    preview:
      isPreview(url) ||
      (store.themeRole != null && store.themeRole !== 'main') ||
      ADMIN_OR_PREVIEW_BARS.some((id) => win.document?.getElementById(id)),
    store,
    path,
    url,
  };
}
