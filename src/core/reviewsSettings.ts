/**
 * The `reviews` settings section (spec §3 "Widget config"), validated when a reviews chunk
 * loads, not by the loader: the loader stays small and knows no widget's defaults.
 */
import { oneOf, validateSection, type Rule } from './settings';

/** Initial / total review counts per device class. */
const REVIEW_COUNTS = {
  initial: { desktop: 20, mobile: 9 },
  total: { desktop: 100, mobile: 50 },
} as const;

/** Desktop / mobile count pair. */
interface DeviceCounts {
  desktop: number;
  mobile: number;
}

export interface ReviewsSettings {
  initialCount: DeviceCounts;
  totalCount: DeviceCounts;
  showVerifiedIcons: boolean;
  showDates: boolean;
  showWhenNoReviews: boolean;
  layout: 'columns' | 'list';
  showStatsBars: boolean;
  showStarSnippet: boolean;
  /** `template` placeholders: {stars} {totalReviews} {averageRating} {reviewsTranslation}. */
  starSnippet: { product: boolean; collection: boolean; template: string };
  reviewForm: { enabled: boolean; allowPhotoUpload: boolean };
  modernHeader: boolean;
  /** 0 YYYY-MM-DD, 1 MM-DD-YYYY, 2 MM-DD-YY, 3 DD-MM-YYYY (spec §3). */
  dateFormat: 0 | 1 | 2 | 3;
  starStyle: 'rounded' | 'pointed' | 'hearts';
}

export const REVIEWS_DEFAULTS: ReviewsSettings = {
  initialCount: { ...REVIEW_COUNTS.initial },
  totalCount: { ...REVIEW_COUNTS.total },
  showVerifiedIcons: true,
  showDates: false,
  showWhenNoReviews: false,
  layout: 'columns',
  showStatsBars: true,
  showStarSnippet: true,
  starSnippet: { product: true, collection: true, template: '{stars} ({totalReviews})' },
  reviewForm: { enabled: true, allowPhotoUpload: true },
  modernHeader: true,
  dateFormat: 0,
  starStyle: 'rounded',
};

const RULES: Record<string, Rule> = {
  'reviews.layout': oneOf('columns', 'list'),
  'reviews.dateFormat': oneOf(0, 1, 2, 3),
  'reviews.starStyle': oneOf('rounded', 'pointed', 'hearts'),
};

/** Validates `settings.reviews`; problems read `reviews.layout: expected columns | list`. */
export const parseReviewsSettings = (raw: unknown) => validateSection(raw, REVIEWS_DEFAULTS, 'reviews', RULES);
