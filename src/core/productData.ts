/**
 * Product data (spec §3 Product, Variant, Image; §5 "Product data"): the shapes widgets use, and
 * the pure normalisation of what the platform and the themes give. Every raw shape the page or
 * the network may hold is accepted: the theme's `{{ product | json }}` and the platform's
 * `/products/{handle}.js` (cents, `options` as names, `images` as URLs), the `/products/{handle}.json`
 * answer (`{product}` with `options` as objects, `body_html`, `product_type`, `images` as
 * objects; on the platform its prices are decimal strings) and the analytics metadata's partial
 * product. Nothing here touches the page or throws on garbage: a value of the wrong type counts as
 * missing.
 */
import { read } from './lib/read';

/**
 * How a source writes prices (spec §5): `'json'` in integer minor units, used as given (the
 * product JSON, the theme's embedded JSON, the analytics metadata); `'xhr'` in major units, × 100
 * (the older XHR answer: the platform's REST-style `.json`, `"24.00"`).
 */
export type PriceSource = 'json' | 'xhr';

/** Image size suffixes of the platform's CDN (spec §3 "Image"). */
export type ImageSize = 'thumb' | 'small' | 'medium' | 'large';

/** Spec §3 "Image". */
export interface ProductImage {
  src: string;
  /** Default ''. */
  alt: string;
  /** The given ratio, else width / height, else 1. */
  aspectRatio: number;
}

/** Spec §3 "Variant", prices in integer minor units (100 per unit). */
export interface Variant {
  id: number;
  /** 'Default Title' when the product has no options. */
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  price: number;
  compareAtPrice: number | null;
  available: boolean;
  image: ProductImage | null;
  inventoryQuantity: number | null;
  /** `'shopify'`, a fulfilment service's handle, or null when inventory is not tracked. */
  inventoryManagement: string | null;
  inventoryPolicy: 'deny' | 'continue' | null;
  /** Compare-at price above the price (spec §5). */
  onSale: boolean;
  /** round(100 − 100 · price / compare-at) when on sale, else 0 (spec §5). */
  discountPercent: number;
  /** Managed inventory, stock ≤ 0 and a policy other than deny (spec §5). */
  preorder: boolean;
}

/** Spec §3 "Product". */
export interface Product {
  id: number;
  handle: string;
  title: string;
  type: string;
  vendor: string;
  /** HTML, as the shop wrote it. */
  description: string;
  tags: string[];
  /** Some variant is available. */
  available: boolean;
  featuredImage: ProductImage | null;
  images: ProductImage[];
  /** Option names ('Size', 'Color'); empty when the source does not name them. */
  options: string[];
  variants: Variant[];
  /**
   * False when only the platform's analytics metadata was there (ids, titles, prices): option
   * values come from the variant titles, availability, compare-at prices, inventory and images
   * are unknown (variants then count as available, not on sale, not pre-orderable).
   */
  complete: boolean;
}

/** The title the platform gives the one variant of a product without options. */
export const DEFAULT_VARIANT_TITLE = 'Default Title';

/** Why raw data is no product (spec §5: page data without variants is rejected). */
export type ProductRejection = 'no product' | 'no variants';

/** `normalizeProduct`'s answer. */
export type NormalizedProduct = { ok: true; product: Product } | { ok: false; reason: ProductRejection };

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
/** A finite number, or a numeric string; null otherwise. */
const numeric = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};
/** A positive integer id; 0 when there is none. */
const idOf = (value: unknown): number => {
  const parsed = numeric(value);
  return parsed !== null && parsed > 0 && Number.isInteger(parsed) ? parsed : 0;
};

/** A price in integer minor units (spec §5): as given from the JSON, × 100 from the older XHR source; null when missing. */
export function toMinorUnits(value: unknown, source: PriceSource): number | null {
  const amount = numeric(value);
  return amount === null ? null : Math.round(source === 'xhr' ? amount * 100 : amount);
}

/** Spec §5: a sale applies when the compare-at price exceeds the price. */
export const isOnSale = (price: number, compareAtPrice: number | null): boolean => compareAtPrice !== null && compareAtPrice > price;

/** Spec §5: 100 − 100 · price / compare-at, rounded; 0 when not on sale. */
export const discountPercent = (price: number, compareAtPrice: number | null): number =>
  isOnSale(price, compareAtPrice) ? Math.round(100 - (100 * price) / compareAtPrice!) : 0;

/** Spec §5: pre-orderable when inventory is managed, stock is zero or less and the policy is not deny. */
export const isPreorderable = (management: string | null, quantity: number | null, policy: string | null): boolean =>
  !!management && quantity !== null && quantity <= 0 && policy !== 'deny';

/** Spec §3 "Image": alt defaults to '', the aspect ratio is the given one, else width / height, else 1. */
export function toImage(raw: unknown): ProductImage | null {
  // Parsed JSON: plain data, read without guards.
  const image = raw as { src?: unknown; alt?: unknown; aspect_ratio?: unknown; width?: unknown; height?: unknown } | null | undefined;
  const src = typeof raw === 'string' ? raw : text(image?.src);
  if (!src) return null;
  const given = numeric(image?.aspect_ratio);
  const width = numeric(image?.width);
  const height = numeric(image?.height);
  const aspectRatio = given && given > 0 ? given : width && height && width > 0 && height > 0 ? width / height : 1;
  return { src, alt: text(image?.alt), aspectRatio };
}

/** The platform's CDN: `cdn.shopify.com/s/files/…` or the shop's own `/cdn/shop/…`. */
const PLATFORM_CDN = /^(https?:)?\/\/[^/]+\/(s\/files|cdn\/shop)\//i;
/** A size suffix the CDN already carries (`_small`, `_100x`, `_1024x1024`, `_grande`…), before the extension. */
const SIZE_SUFFIX = /_(pico|icon|thumb|small|compact|medium|large|grande|original|master|\d*x\d*)(?=\.\w+$)/;

/**
 * The URL of `src` at `size` (spec §3: suffixes _thumb, _small, _medium, _large, default
 * _medium): `…/files/tee.jpg?v=1` → `…/files/tee_medium.jpg?v=1`, replacing a size it already
 * has. URLs that are not on the platform's CDN are returned unchanged.
 */
export function imageUrl(src: string, size: ImageSize = 'medium'): string {
  if (!PLATFORM_CDN.test(src)) return src;
  const [path, query] = src.split(/(?=[?#])/, 2) as [string, string?];
  const withSize = path.replace(SIZE_SUFFIX, '').replace(/(\.\w+)$/, `_${size}$1`);
  return withSize === path ? src : withSize + (query ?? '');
}

/** Option values: `option1..3` fields, else the `options` array; null when missing. */
function optionValues(raw: Record<string, unknown>): [string | null, string | null, string | null] {
  const list = read(raw, 'options');
  return [1, 2, 3].map((position) => {
    const value = read(raw, `option${position}`) ?? (Array.isArray(list) ? list[position - 1] : undefined);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }) as [string | null, string | null, string | null];
}

/** The analytics metadata's variant has `public_title` ('S / White') instead of options. */
const fromPublicTitle = (title: string): [string | null, string | null, string | null] => {
  const parts = title ? title.split(' / ') : [];
  return [parts[0] ?? null, parts[1] ?? null, parts[2] ?? null];
};

function toVariant(raw: unknown, source: PriceSource, images: Map<number, ProductImage>, complete: boolean): Variant | null {
  if (!isRecord(raw)) return null;
  const id = idOf(raw.id);
  const price = toMinorUnits(raw.price, source);
  if (!id || price === null) return null;
  const publicTitle = text(raw.public_title);
  const title = text(raw.title) || publicTitle || DEFAULT_VARIANT_TITLE;
  const [option1, option2, option3] = complete ? optionValues(raw) : fromPublicTitle(publicTitle);
  const compareAtPrice = toMinorUnits(raw.compare_at_price, source);
  const inventoryQuantity = numeric(raw.inventory_quantity);
  const inventoryManagement = text(raw.inventory_management) || null;
  const policy = raw.inventory_policy;
  const inventoryPolicy = policy === 'deny' || policy === 'continue' ? policy : null;
  // The REST-style answer has no `available`: tracked stock says it, untracked stock is always there.
  const available =
    typeof raw.available === 'boolean'
      ? raw.available
      : !inventoryManagement || inventoryQuantity === null || inventoryQuantity > 0 || inventoryPolicy === 'continue';
  return {
    id,
    title,
    option1,
    option2,
    option3,
    price,
    compareAtPrice,
    available,
    image: toImage(raw.featured_image) ?? images.get(idOf(raw.image_id)) ?? null,
    inventoryQuantity,
    inventoryManagement,
    inventoryPolicy,
    onSale: isOnSale(price, compareAtPrice),
    discountPercent: discountPercent(price, compareAtPrice),
    preorder: isPreorderable(inventoryManagement, inventoryQuantity, inventoryPolicy),
  };
}

/** Option names: `['Size']` or `[{ name: 'Size', … }]`. */
const optionNames = (raw: unknown): string[] =>
  Array.isArray(raw) ? raw.map((option) => (typeof option === 'string' ? option : text(read(option, 'name')))).filter(Boolean) : [];

/**
 * Normalises one raw product (spec §3, §5). `raw` may be wrapped as `{ product }` (the `.json`
 * answer). `complete: false` reads the analytics metadata's partial shape (see `Product.complete`).
 * Rejected without variants (spec §5 "no variants"), or when it is no product at all.
 */
export function normalizeProduct(raw: unknown, source: PriceSource = 'json', complete = true): NormalizedProduct {
  const wrapped = read(raw, 'product');
  const product = isRecord(wrapped) ? wrapped : raw;
  if (!isRecord(product)) return { ok: false, reason: 'no product' };
  const rawImages = Array.isArray(product.images) ? product.images : [];
  const images = rawImages.map(toImage).filter((image): image is ProductImage => !!image);
  // The REST-style answer links variants to images by id.
  const byId = new Map<number, ProductImage>();
  rawImages.forEach((image, index) => idOf(read(image, 'id')) && images[index] && byId.set(idOf(read(image, 'id')), images[index]));
  const variants = (Array.isArray(product.variants) ? product.variants : [])
    .map((variant) => toVariant(variant, source, byId, complete))
    .filter((variant): variant is Variant => !!variant);
  if (!variants.length) return { ok: false, reason: 'no variants' };
  const tags = product.tags;
  return {
    ok: true,
    product: {
      id: idOf(product.id),
      handle: text(product.handle),
      title: text(product.title),
      type: text(product.type ?? product.product_type),
      vendor: text(product.vendor),
      description: text(product.description ?? product.body_html),
      tags: Array.isArray(tags)
        ? tags.map(text).filter(Boolean)
        : text(tags)
            .split(/\s*,\s*/)
            .filter(Boolean),
      available: variants.some((variant) => variant.available),
      featuredImage: toImage(product.featured_image ?? product.image) ?? images[0] ?? null,
      images,
      options: optionNames(product.options),
      variants,
      complete,
    },
  };
}
