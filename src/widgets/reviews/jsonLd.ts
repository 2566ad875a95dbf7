/**
 * SEO (issue 8): a schema.org Product block with an AggregateRating and the visible reviews, in
 * the page's head (search engines read the light DOM), unless the page already has a Product
 * with a rating (the theme's or another app's). Reviews are plain text; `<` and `>` are escaped
 * so the block stays inert even if the page is later serialized.
 */
import type { ReviewStats } from '../../core/reviewStats';
import type { Review } from '../../state/reviews';
import { isoDay } from './formatDate';
import type { ProductInfo } from './productInfo';
import { htmlToText } from './sanitize';

const OURS = 'data-vitrine-jsonld';

export function buildProductLd(product: ProductInfo, stats: ReviewStats, reviews: Review[]): Record<string, unknown> {
  const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    url: product.url,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: stats.average, reviewCount: stats.count, bestRating: 5, worstRating: 1 },
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.name || 'Anonymous' },
      datePublished: isoDay(review.date) || undefined,
      reviewBody: htmlToText(review.review),
      reviewRating: rating(review.stars),
    })),
  };
  if (product.image) ld.image = product.image;
  return ld;
}

/** True when some JSON-LD block (not ours) describes a Product with an aggregateRating. */
export function hasRatedProduct(doc: Document): boolean {
  const rated = (node: unknown, depth: number): boolean => {
    if (!node || typeof node !== 'object' || depth > 6) return false;
    if (Array.isArray(node)) return node.some((item) => rated(item, depth + 1));
    const fields = node as Record<string, unknown>;
    const type = fields['@type'];
    const isProduct = type === 'Product' || (Array.isArray(type) && type.indexOf('Product') >= 0);
    if (isProduct && fields.aggregateRating) return true;
    return rated(fields['@graph'], depth + 1);
  };
  return Array.from(doc.querySelectorAll(`script[type="application/ld+json"]:not([${OURS}])`)).some((script) => {
    try {
      return rated(JSON.parse(script.textContent || ''), 0);
    } catch {
      return false;
    }
  });
}

/** Writes (or replaces) our block. Returns it, or null when the page already has a rated Product. */
export function injectProductLd(doc: Document, ld: Record<string, unknown>): HTMLScriptElement | null {
  const old = doc.querySelector(`script[${OURS}]`);
  if (hasRatedProduct(doc)) {
    old?.remove();
    return null;
  }
  const script = (old as HTMLScriptElement | null) || doc.createElement('script');
  script.type = 'application/ld+json';
  script.setAttribute(OURS, '');
  script.textContent = JSON.stringify(ld).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  if (!old) doc.head.appendChild(script);
  return script;
}
