/**
 * Puts a stored submission at the front of the shopper's local list (spec §4, §9: at most 10),
 * which the widget shows at the top of the product's list (`../localReviews.ts`).
 */
import { LOCAL_REVIEWS_CAP, SUBMITTED_REVIEWS_KEY } from '../../../core/constants';
import type { SafeStorage } from '../../../core/storage';
import type { LocalReviewEntry } from '../localReviews';

/** The id of a stored entry's review, if it has one. */
const idOf = (stored: unknown): unknown => (stored as { review?: { id?: unknown } } | null)?.review?.id;

/** `list` (as stored: anything) with `entry` in front, an older copy of the same review out, at most 10 entries. */
export function withSubmitted(list: unknown, entry: LocalReviewEntry): unknown[] {
  const others = (Array.isArray(list) ? list : []).filter((stored) => idOf(stored) !== idOf(entry));
  return [entry, ...others].slice(0, LOCAL_REVIEWS_CAP);
}

/**
 * Stores `entry` in the shopper's local list. A review without an id is not kept: it could never
 * be matched with the provider's list, so it would show as awaiting moderation forever.
 */
export function saveLocalReview(storage: SafeStorage, entry: LocalReviewEntry): void {
  if (idOf(entry) == null) return;
  storage.setJSON(SUBMITTED_REVIEWS_KEY, withSubmitted(storage.getJSON(SUBMITTED_REVIEWS_KEY), entry));
}
