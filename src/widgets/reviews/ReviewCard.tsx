import { useSignals } from '@preact/signals-react/runtime';
import { PHOTO_STRIP_SMALL } from '../../core/constants';
import { Stars } from '../../ui/Stars';
import type { Review } from '../../state/reviews';
import { formatDate } from './formatDate';
import { Html } from './Html';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import { fill, type Texts } from './texts';

/** The verified-buyer check (colour `--vitrine-verified`, default settings colour 00a332). */
export function Verified({ label }: { label: string }) {
  return (
    <span className="vf" part="verified" title={label}>
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" />
        <path d="M7 12.5l3.2 3.2L17.5 8.5" />
      </svg>
      <span className="vh">{label}</span>
    </span>
  );
}

export interface ReviewCardProps {
  review: Review;
  settings: ReviewsSettings;
  texts: Texts;
  /** Opens the review modal at `photo`. */
  onPhoto(photo: number): void;
}

/**
 * One review: author (text only), verified mark, stars, optional date, text (sanitized HTML),
 * photo strip (main + 2 small + '+N', each a button opening the modal) and the store reply.
 */
export function ReviewCard({ review: r, settings, texts, onPhoto }: ReviewCardProps) {
  useSignals();
  const n = r.photos.length;
  const label = (i: number) => fill(texts.openPhoto, { i: i + 1, n, name: r.name });
  const more = n - 1 - PHOTO_STRIP_SMALL;
  return (
    <article className="card" part="review" data-review-id={r.id} tabIndex={-1} aria-label={fill(texts.reviewBy, { name: r.name })}>
      <div className="who">
        <span className="nm" part="author">
          {r.name}
        </span>
        {r.verified && settings.showVerifiedIcons && <Verified label={texts.verified} />}
        {settings.showDates && r.date > 0 && (
          <time className="dt" part="date" dateTime={new Date(r.date).toISOString()}>
            {formatDate(r.date, settings.dateFormat)}
          </time>
        )}
      </div>
      <div className="body">
        <Stars rating={r.stars} starStyle={settings.starStyle} label={fill(texts.rated, { n: r.stars })} />
        <Html className="tx" html={r.review} />
        {n > 0 && (
          <div className="ph" part="photos">
            <button type="button" className="pm" aria-label={label(0)} onClick={() => onPhoto(0)}>
              <img src={r.photos[0]} alt="" loading="lazy" decoding="async" />
            </button>
            {r.photos.slice(1, 1 + PHOTO_STRIP_SMALL).map((u, i) => (
              <button type="button" key={u + i} className="ps" aria-label={label(i + 1)} onClick={() => onPhoto(i + 1)}>
                <img src={u} alt="" loading="lazy" decoding="async" />
              </button>
            ))}
            {more > 0 && (
              <button type="button" className="ps pn" aria-label={fill(texts.morePhotos, { n: more })} onClick={() => onPhoto(1 + PHOTO_STRIP_SMALL)}>
                +{more}
              </button>
            )}
          </div>
        )}
        {r.reply && (
          <div className="rp" part="reply">
            <p className="ra">{fill(texts.replyFrom, { name: r.replyAuthor })}</p>
            <Html className="tx" html={r.reply} />
          </div>
        )}
      </div>
    </article>
  );
}
