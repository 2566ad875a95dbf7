/**
 * Review data shared by the reviews widgets: the review shape the widgets render (spec §3
 * "Review"; the stats are `ReviewStats` of `src/core/reviewStats.ts`, which the framework-free
 * star snippets share) and the state of one main reviews widget as signals.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ReviewStats } from '../core/reviewStats';

/** A review, validated: every field has its type, URLs are http(s)/root-relative. */
export interface Review {
  id: string;
  name: string;
  stars: number;
  /** Untrusted HTML (sanitized again on insertion). */
  review: string;
  /** ms since the epoch (0 when unknown). */
  date: number;
  photos: string[];
  /** Smaller copies of `photos`, index by index (the photo itself where the provider sent none). */
  thumbnails: string[];
  verified: boolean;
  /** Untrusted HTML or null. */
  reply: string | null;
  replyAuthor: string;
  /** The shopper's own review, shown before the provider lists it, awaiting moderation. */
  pending?: boolean;
}

/** The stats until the first response: no reviews. */
const NO_STATS: ReviewStats = { count: 0, average: 0, byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

export interface ReviewListState {
  status: Signal<'loading' | 'ready' | 'error'>;
  /** The product's (unfiltered) stats. */
  stats: Signal<ReviewStats>;
  /** The loaded list: the product's reviews, or those with `filter` stars. */
  reviews: Signal<Review[]>;
  /** Star filter (1–5) or null. */
  filter: Signal<number | null>;
  /** A filter or page request is running. */
  busy: Signal<boolean>;
  /** 'See more reviews' was used: the whole loaded list shows. */
  expanded: Signal<boolean>;
  /** The 'See more reviews' spinner runs. */
  expanding: Signal<boolean>;
  /** The open review modal: index into `reviews` and photo index, or null. */
  modal: Signal<{ index: number; photo: number } | null>;
}

export function createReviewListState(): ReviewListState {
  return {
    status: signal('loading'),
    stats: signal(NO_STATS),
    reviews: signal([]),
    filter: signal(null),
    busy: signal(false),
    expanded: signal(false),
    expanding: signal(false),
    modal: signal(null),
  };
}
