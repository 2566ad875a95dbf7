/**
 * The platform's image URLs and the theme's image markup over them. Product images live at the
 * CDN's paths (`/cdn/shop/files/{file}?v=…`, images.ts serves them); the platform writes them
 * with the shop's host and no scheme (`//shop.example/cdn/shop/files/…`) in its pages and in
 * product JSON, and themes ask for sizes with `&width=` (Liquid's `image_url: width:`). Widgets
 * rely on that form: the offer card asks the CDN for small copies only of URLs that look like
 * the platform's (src/core/productData.ts `imageUrl`).
 */
import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../lib/context.ts';
import { esc } from '../lib/html.ts';

/** Where the CDN serves the shop's files. */
export const CDN_FILES_PATH = '/cdn/shop/files/';

/** The CDN path of a file, with its version (the platform's `?v=`, changed when the file is). */
export function cdnFilePath(file: string, version: number): string {
  return `${CDN_FILES_PATH}${file}?v=${version}`;
}

/**
 * `//host[:port]` of the request, for the image URLs of its answer, or '' (root-relative URLs)
 * when its Host header is no valid host. The host is fastify's, as requestOrigin reads it: the
 * `Host` header, or `X-Forwarded-Host` from a trusted proxy.
 */
export function imageHostOf(request: FastifyRequest): string {
  return requestOrigin(request, null)?.replace(/^https?:/, '') ?? '';
}

/** Liquid's `image_url`: the file at `host`, `width` px wide when given (the CDN never enlarges). */
export function cdnUrl(src: string, host: string, width?: number): string {
  return width ? `${host}${src}${src.includes('?') ? '&' : '?'}width=${width}` : `${host}${src}`;
}

/** The image fields of a product JSON (`/products/{handle}.js`, the theme's ProductJson). */
interface ProductImages {
  images: string[];
  featured_image: string | null;
  media: { src: string; preview_image: { src: string } }[];
  variants: { featured_image: { src: string } | null }[];
}

/** The product JSON with every image URL at `host`, as the platform writes it. */
export function withImageHost<T extends ProductImages>(product: T, host: string): T {
  if (!host) return product;
  const at = (src: string) => host + src;
  return {
    ...product,
    images: product.images.map(at),
    featured_image: product.featured_image === null ? null : at(product.featured_image),
    media: product.media.map((media) => ({
      ...media,
      src: at(media.src),
      preview_image: { ...media.preview_image, src: at(media.preview_image.src) },
    })),
    variants: product.variants.map((variant) => ({
      ...variant,
      featured_image: variant.featured_image && { ...variant.featured_image, src: at(variant.featured_image.src) },
    })),
  };
}

/** An image's path and size. */
interface Sized {
  src: string;
  width: number;
  height: number;
}

/** How the theme renders one image: the `src` width, the srcset's widths, `sizes`, alt text and further attributes. */
interface ImageMarkup {
  srcWidth: number;
  widths: readonly number[];
  /** Also list the original at its own width (Dawn's cards do). */
  original?: boolean;
  sizes: string;
  alt: string;
  /** Further attributes, written as they are (`loading="lazy"`, `class="…"`). */
  attributes: string;
}

/**
 * An `<img>` as the platform's `image_url | image_tag` and Dawn's cards write it: the srcset lists
 * only the widths the image has (the CDN never enlarges), the width and height attributes are
 * the image's own, so the browser reserves its box before it loads.
 */
export function imageTag(image: Sized, host: string, markup: ImageMarkup): string {
  const widths = markup.widths.filter((width) => width <= image.width);
  if (markup.original && !widths.includes(image.width)) widths.push(image.width);
  const srcset = widths.map((width) => `${cdnUrl(image.src, host, width)} ${width}w`).join(', ');
  return `<img src="${esc(cdnUrl(image.src, host, markup.srcWidth))}" alt="${esc(markup.alt)}" srcset="${esc(srcset)}" width="${image.width}" height="${image.height}" sizes="${markup.sizes}" ${markup.attributes}>`;
}

/** Dawn's `card-product` image: widths and sizes (4 columns from 990 px, 3 from 750, 2 below; page width 1200 px). */
export const CARD_IMAGE = {
  srcWidth: 533,
  widths: [165, 360, 533, 720, 940, 1066],
  original: true,
  sizes:
    '(min-width: 1200px) 267px, (min-width: 990px) calc((100vw - 130px) / 4), (min-width: 750px) calc((100vw - 120px) / 3), calc((100vw - 35px) / 2)',
} as const;

/** Dawn's product media (`product-thumbnail`, media size "medium": 55 % of the page from 990 px, half from 750, full below). */
export const PRODUCT_MEDIA_IMAGE = {
  srcWidth: 1946,
  widths: [246, 493, 600, 713, 823, 990, 1100, 1206, 1346, 1426, 1646, 1946],
  sizes:
    '(min-width: 1200px) 605px, (min-width: 990px) calc(55.0vw - 10rem), (min-width: 750px) calc((100vw - 11.5rem) / 2), calc(100vw / 1 - 4rem)',
} as const;

/** Dawn's product gallery thumbnails. */
export const PRODUCT_THUMBNAIL_IMAGE = {
  srcWidth: 416,
  widths: [54, 74, 104, 162, 208, 324, 416],
  sizes: '(min-width: 1200px) calc((1200px - 19.5rem) / 12), (min-width: 750px) calc((100vw - 16.5rem) / 8), calc((100vw - 8rem) / 5)',
} as const;
