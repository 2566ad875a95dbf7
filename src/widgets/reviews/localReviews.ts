/**
 * The shopper's own submitted reviews (spec §4: a successful submission goes to the front of a
 * local list of at most 10, §9), shown to them at the top of that product's list — marked
 * 'Awaiting moderation' while pending — until the provider's list has them. The form part writes
 * the list (`form/saveLocalReview.ts`); the widget reads it here, through the same validation as
 * the provider's reviews (storage is the page's, so anything may be in it).
 */
import type { Review } from '../../state/reviews';
import { toReview } from './api';

/** One stored submission: the product it is for, and the provider's answer (review and status). */
export interface LocalReviewEntry {
  handle: string;
  pending: boolean;
  review: unknown;
}

/**
 * The stored reviews of `handle` that `server` (the provider's list) does not have yet, newest
 * first, matching the star filter `stars` when there is one; pending ones say so.
 */
export function localReviews(stored: unknown, handle: string, server: readonly Review[], stars: number | null, base?: string): Review[] {
  const listed = new Set(server.map((review) => review.id));
  return (Array.isArray(stored) ? (stored as Partial<LocalReviewEntry>[]) : []).flatMap((entry) => {
    const review = entry && entry.handle === handle && toReview(entry.review, base);
    return review && !listed.has(review.id) && (!stars || review.stars === stars) ? [{ ...review, pending: entry.pending === true }] : [];
  });
}
