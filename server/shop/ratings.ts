/**
 * The theme's own star ratings, as Dawn renders them: the platform's standard review metafields
 * (`product.metafields.reviews.rating`, type `rating`, and `reviews.rating_count`,
 * `number_integer`) on collection cards (`snippets/card-product.liquid`, when the section's
 * "Show product rating" is on) and under the product title (`sections/main-product.liquid`'s
 * `rating` block). No script: the stars are a CSS gradient over five ★ characters, the count is
 * text, and search engines read the page as served. The provider writes the metafields through
 * the platform's Admin API (server/shop/adminApi.ts); the star snippets leave a product whose
 * rating the theme shows alone.
 *
 * Markup, rounding and CSS are Dawn's (github.com/Shopify/dawn, MIT licence, © Shopify Inc.),
 * re-created here as the demo's emulation of the platform's default theme.
 */
import { esc } from '../lib/html.ts';
import type { PlatformMetafieldStore } from '../storage/platformMetafields.ts';
import { t, type Locale } from './locale.ts';

/** A product's review metafields as the theme reads them. */
export interface ProductRating {
  /** `reviews.rating.value` printed (`4.6`): the rating as stored. */
  value: string;
  /** `reviews.rating.value.rating`, as a number. */
  rating: number;
  /** `reviews.rating.value.scale_max` printed (`5.0`). */
  scaleMax: string;
  /** `reviews.rating_count` printed; '' when the shop has none (Dawn then prints `()`). */
  count: string;
}

/** The theme settings the demo shop's merchant chose (Dawn's "Show product rating" and the product template's rating block). */
export interface DemoThemeSettings {
  /** Cards and the product page show the review metafields' rating (on in the demo; `?show_rating=0` turns it off for a page). */
  showRating: boolean;
}

/** The demo shop's theme settings unless the app is built with others (tests). */
export const DEMO_THEME_SETTINGS: DemoThemeSettings = { showRating: true };

const productGid = (productId: number): string => `gid://shopify/Product/${productId}`;

/** A stored `rating` value (`{"value":"4.6","scale_min":"1.0","scale_max":"5.0"}`) as the theme reads it; null when it is none. */
function readRating(json: string): Omit<ProductRating, 'count'> | null {
  try {
    const parsed = JSON.parse(json) as { value?: unknown; scale_max?: unknown };
    const rating = Number(parsed.value);
    if (typeof parsed.value !== 'string' || typeof parsed.scale_max !== 'string' || !Number.isFinite(rating)) return null;
    return { value: parsed.value, rating, scaleMax: parsed.scale_max };
  } catch {
    return null;
  }
}

/**
 * The review metafields of these products, by product id: only products with a `reviews.rating`
 * (Dawn renders nothing without one, whatever the count says).
 */
export async function readRatings(store: PlatformMetafieldStore, productIds: readonly number[]): Promise<Map<number, ProductRating>> {
  const rows = await store.ofOwners([...new Set(productIds)].map(productGid), 'reviews');
  const ratings = new Map<number, ProductRating>();
  for (const productId of productIds) {
    const owner = productGid(productId);
    const of = (key: string) => rows.find((row) => row.owner_id === owner && row.key === key);
    const rating = of('rating');
    const read = rating && rating.type === 'rating' ? readRating(rating.value) : null;
    if (read) ratings.set(productId, { ...read, count: of('rating_count')?.value ?? '' });
  }
  return ratings;
}

/**
 * Dawn's half-star step: a decimal part from 0.3 to 0.7 draws half a star, above 0.7 a whole
 * one, below 0.3 none (the CSS turns it into the gradient's stop). Liquid's `modulo` computes in
 * decimals (4.3 → 0.3), so the binary float's error is rounded away.
 */
function ratingDecimal(rating: number): number {
  const decimal = Math.round((rating % 1) * 1e6) / 1e6;
  if (decimal >= 0.3 && decimal <= 0.7) return 0.5;
  return decimal > 0.7 ? 1 : 0;
}

/** Dawn's rating markup (the same on cards and the product page): stars for the eye, the text for assistive technology and forced colours. */
export function ratingHtml(locale: Locale, rating: ProductRating): string {
  const label = t(locale, 'starReviewsInfo').replace('{rating_value}', rating.value).replace('{rating_max}', rating.scaleMax);
  const style = `--rating: ${Math.floor(rating.rating)}; --rating-max: ${rating.scaleMax}; --rating-decimal: ${ratingDecimal(rating.rating)};`;
  return (
    `<div class="rating" role="img" aria-label="${esc(label)}"><span aria-hidden="true" class="rating-star" style="${esc(style)}"></span></div>` +
    `<p class="rating-text caption"><span aria-hidden="true">${esc(rating.value)} / ${esc(rating.scaleMax)}</span></p>` +
    `<p class="rating-count caption"><span aria-hidden="true">(${esc(rating.count)})</span><span class="visually-hidden">${esc(rating.count)} ${esc(t(locale, 'totalReviews'))}</span></p>`
  );
}

/**
 * Dawn's `component-rating.css` (its colour scheme's foreground written out) and its caption size
 * for the count; in the page's styles only when the theme shows ratings, as Dawn loads it.
 */
export const RATING_CSS = `
.rating{display:inline-block;margin:0}
.product .rating-star{--letter-spacing:0.8;--font-size:1.7}
.card-wrapper .rating-star{--letter-spacing:0.7;--font-size:1.4}
.rating-star{--color-rating-star:rgb(18,18,18);--percent:calc((var(--rating) / var(--rating-max) + var(--rating-decimal) * var(--font-size) / (var(--rating-max) * (var(--letter-spacing) + var(--font-size)))) * 100%);letter-spacing:calc(var(--letter-spacing) * 1rem);font-size:calc(var(--font-size) * 1rem);line-height:1;display:inline-block;font-family:Times;margin:0}
.rating-star::before{content:"★★★★★";background:linear-gradient(90deg,var(--color-rating-star) var(--percent),rgba(18,18,18,0.15) var(--percent));-webkit-background-clip:text;-webkit-text-fill-color:transparent}
.rating-text{display:none}
.rating-count{display:inline-block;margin:0}
.rating-text,.rating-count{font-size:1.2rem;letter-spacing:.07rem;line-height:1.7;color:#595959}
.product--no-media .rating-wrapper{text-align:center}
@media (forced-colors:active){.rating{display:none}.rating-text{display:block}}
`.replace(/\n/g, '');
