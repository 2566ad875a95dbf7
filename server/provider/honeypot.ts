/**
 * The honeypot: `review[website]` is a field people never see (the form hides it), so a filled
 * one is a bot. It gets the answer of a successful submission awaiting moderation, made from what
 * it sent (id 0), so it has no reason to try again differently; nothing is stored or processed.
 */
import { HANDLE_RE } from '../lib/validation.ts';
import type { ShopRow } from '../storage/schema.ts';
import { reviewTextToHtml } from './reviewFields.ts';
import { ownerNameOf, type ReviewJson } from './reviewJson.ts';

/** The answer to a filled honeypot: a pending review as `{ success: true, review }` would carry it. */
export function honeypotReview(shop: ShopRow, field: (name: string) => string, forOrder: boolean): ReviewJson & { status: 'pending' } {
  const now = new Date();
  const handle = field('productHandle').trim();
  const productId = field('productId').trim();
  const stars = field('review[stars]').trim();
  const locale = field('locale').trim().toLowerCase();
  return {
    id: 0,
    productId: /^\d{1,15}$/.test(productId) ? Number(productId) : null,
    productHandle: HANDLE_RE.test(handle) ? handle : null,
    type: forOrder ? 'order_review' : 'product_review',
    name: field('review[name]').replace(/\s+/g, ' ').trim().slice(0, 100),
    stars: /^[1-5]$/.test(stars) ? Number(stars) : 5,
    review: reviewTextToHtml(field('review[review]').slice(0, 5000)),
    date: now.toISOString(),
    timestamp: now.getTime(),
    photos: [],
    thumbnails: [],
    imgUrl: null,
    verified: forOrder,
    reply: null,
    replyAuthor: ownerNameOf(shop),
    locale: /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/.test(locale) ? locale : null,
    status: 'pending',
  };
}
