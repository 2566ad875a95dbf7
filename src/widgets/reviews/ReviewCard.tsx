import { useSignals } from '@preact/signals-react/runtime';
import { fill } from '../../core/i18n';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import type { Review } from '../../state/reviews';
import { Stars } from '../../ui/Stars';
import { formatDate } from './formatDate';
import { Html } from './Html';
import type { Texts } from './texts';

/** Photos in a list review strip: main + small ones before "+N". */
const PHOTO_STRIP_SMALL = 2;

/** The verified-buyer check (colour `--vitrine-verified`, default settings colour 00a332). */
export function Verified({ label }: { label: string }) {
  return (
    <span className="verified" part="verified" title={label}>
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" />
        <path d="M7 12.5l3.2 3.2L17.5 8.5" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A review's stars (labelled 'Rated 4 out of 5') and its text (sanitized HTML). */
export function RatingAndText({ review, settings, texts }: { review: Review; settings: ReviewsSettings; texts: Texts }) {
  return (
    <>
      <Stars rating={review.stars} starStyle={settings.starStyle} label={fill(texts.rated, { n: review.stars })} />
      <Html className="text" html={review.review} />
    </>
  );
}

/** The store's reply to `review` (sanitized HTML under its author's name), or nothing. */
export function StoreReply({ review, texts }: { review: Review; texts: Texts }) {
  return review.reply ? (
    <div className="reply" part="reply">
      <p className="reply-author">{fill(texts.replyFrom, { name: review.replyAuthor })}</p>
      <Html className="text" html={review.reply} />
    </div>
  ) : null;
}

export interface ReviewCardProps {
  review: Review;
  settings: ReviewsSettings;
  texts: Texts;
  /** Opens the review modal at `photo`. */
  onPhoto(photo: number): void;
}

/**
 * One review: author (text only), verified mark, 'Awaiting moderation' on the shopper's own pending
 * review, stars, optional date, text (sanitized HTML), photo strip (thumbnails: main + 2 small +
 * '+N', each a button opening the modal) and the store reply.
 */
export function ReviewCard({ review, settings, texts, onPhoto }: ReviewCardProps) {
  useSignals();
  const photoCount = review.photos.length;
  const photoLabel = (index: number) => fill(texts.openPhoto, { i: index + 1, n: photoCount, name: review.name });
  const more = photoCount - 1 - PHOTO_STRIP_SMALL;
  return (
    <article
      className="card"
      part="review"
      data-review-id={review.id}
      tabIndex={-1}
      aria-label={fill(texts.reviewBy, { name: review.name })}
    >
      <div className="byline">
        <span className="author" part="author">
          {review.name}
        </span>
        {review.verified && settings.showVerifiedIcons && <Verified label={texts.verified} />}
        {review.pending && (
          <span className="pending" part="pending">
            {texts.pending}
          </span>
        )}
        {settings.showDates && review.date > 0 && (
          <time className="date" part="date" dateTime={new Date(review.date).toISOString()}>
            {formatDate(review.date, settings.dateFormat)}
          </time>
        )}
      </div>
      <div className="body">
        <RatingAndText review={review} settings={settings} texts={texts} />
        {photoCount > 0 && (
          <div className="photos" part="photos">
            <button type="button" className="photo-main" aria-label={photoLabel(0)} onClick={() => onPhoto(0)}>
              <img src={review.thumbnails[0]} alt="" loading="lazy" decoding="async" />
            </button>
            {review.thumbnails.slice(1, 1 + PHOTO_STRIP_SMALL).map((url, index) => (
              <button
                type="button"
                key={url + index}
                className="photo-thumb"
                aria-label={photoLabel(index + 1)}
                onClick={() => onPhoto(index + 1)}
              >
                <img src={url} alt="" loading="lazy" decoding="async" />
              </button>
            ))}
            {more > 0 && (
              <button
                type="button"
                className="photo-thumb photo-more"
                aria-label={fill(texts.morePhotos, { n: more })}
                onClick={() => onPhoto(1 + PHOTO_STRIP_SMALL)}
              >
                +{more}
              </button>
            )}
          </div>
        )}
        <StoreReply review={review} texts={texts} />
      </div>
    </article>
  );
}
