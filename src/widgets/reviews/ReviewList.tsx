import { useSignals } from '@preact/signals-react/runtime';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import type { Review } from '../../state/reviews';
import { Boundary } from '../../ui/guard';
import { columnCount, listVariant } from './layout';
import { ReviewCard } from './ReviewCard';
import type { Texts } from './texts';

export interface ReviewListProps {
  reviews: Review[];
  settings: ReviewsSettings;
  texts: Texts;
  /** Widget width, viewport width and body width (px), measured by the widget (debounced). */
  width: number;
  viewport: number;
  body: number;
  onPhoto(review: Review, photo: number): void;
}

/**
 * The review list. 'columns' is a masonry of CSS columns (column count from the measured width,
 * spec §9): cards keep document order, so the reading and Tab order is newest first and runs
 * down each column as the eye does, and nothing needs measuring card heights or re-flowing when
 * photos load. 'list' is one review per row, compact or loose by width.
 */
export function ReviewList({ reviews, settings, texts, width, viewport, body, onPhoto }: ReviewListProps) {
  useSignals();
  const columns = settings.layout === 'columns';
  const className = columns ? 'list cols' : `list rows ${listVariant(width, viewport)}`;
  return (
    <div className={className} part="list" style={columns ? { columnCount: columnCount(width, viewport, body) } : undefined}>
      {/* One boundary per card: a review that cannot render is left out, the others stay. */}
      {reviews.map((review) => (
        <Boundary key={review.id} name="review-card">
          <ReviewCard review={review} settings={settings} texts={texts} onPhoto={(photo) => onPhoto(review, photo)} />
        </Boundary>
      ))}
    </div>
  );
}
