import { useSignals } from '@preact/signals-react/runtime';
import { fill } from '../../core/i18n';
import { formatRating } from '../../core/lib/formatRating';
import type { ReviewStats } from '../../core/reviewStats';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import { Stars } from '../../ui/Stars';
import type { Texts } from './texts';

export interface HeaderProps {
  stats: ReviewStats;
  filter: number | null;
  settings: ReviewsSettings;
  texts: Texts;
  onFilter(stars: number): void;
  onWrite(stars?: number): void;
  /** A write button is pointed at or focused: the form's parts start loading. */
  onPrefetch(): void;
}

/**
 * A 'Write a Review' button: a click opens the form (`onWrite()`, rating 5); pointing at it or
 * focusing it starts loading the form (`onPrefetch`), so the click rarely waits for the network.
 */
export function WriteButton({ label, onWrite, onPrefetch }: { label: string; onWrite(): void; onPrefetch(): void }) {
  return (
    <button type="button" className="button" part="write-button" onClick={() => onWrite()} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
      {label}
    </button>
  );
}

/** Average with one decimal, as the provider rounds it, in the shopper's convention (`4,6` in Dutch). */
export const average = (rating: number, texts: Texts): string => formatRating(rating, texts.language ?? 'en');

/**
 * Summary (stars, average, count) and, per settings, the 5→1 breakdown bars (buttons with
 * `aria-pressed`; a zero-count bar is disabled) and, in the modern header, the 'share your
 * experience' stars that open the form with that rating. Spec §2 "Main reviews widget", §4.
 */
export function Header({ stats, filter, settings, texts, onFilter, onWrite, onPrefetch }: HeaderProps) {
  useSignals();
  const modern = settings.modernHeader;
  const style = settings.starStyle;
  const averageText = average(stats.average, texts);
  const write = settings.reviewForm.enabled && <WriteButton label={texts.write} onWrite={onWrite} onPrefetch={onPrefetch} />;
  return (
    <div className={modern ? 'header modern' : 'header'} part="header">
      <div className="summary" part="summary">
        {modern && (
          <span className="average" aria-hidden="true">
            {averageText}
          </span>
        )}
        <Stars rating={stats.average} starStyle={style} size={modern ? 24 : 19} label={fill(texts.rated, { n: averageText })} />
        <span className="count">{stats.count === 1 ? texts.basedOnOne : fill(texts.basedOn, { n: stats.count })}</span>
        {!modern && write}
      </div>
      {settings.showStatsBars && (
        <ul className="star-bars" part="bars">
          {([5, 4, 3, 2, 1] as const).map((stars) => {
            const count = stats.byStars[stars];
            const percent = stats.count ? Math.floor((count * 100) / stats.count) : 0;
            return (
              <li key={stars}>
                <button
                  type="button"
                  className="star-bar"
                  part="bar"
                  aria-pressed={filter === stars}
                  disabled={!count}
                  onClick={() => onFilter(stars)}
                >
                  {/* Visible numbers are part of the name ("5 stars: 17 reviews (35%)"); the words are for screen readers. */}
                  {fill(texts.bar, { p: percent })
                    .split(/(\{n\}|\{count\})/)
                    .map((piece, index) =>
                      piece === '{n}' ? (
                        <span key={index} className="bar-stars">
                          {stars}
                        </span>
                      ) : piece === '{count}' ? (
                        <span key={index} className="bar-count">
                          {count}
                        </span>
                      ) : (
                        piece && (
                          <span key={index} className="visually-hidden">
                            {piece}
                          </span>
                        )
                      ),
                    )}
                  <Stars rating={1} icons={1} starStyle={style} size={14} />
                  <span className="bar-track" aria-hidden="true">
                    <span className="bar-fill" style={{ width: `${percent}%` }} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {modern && (
        <div className="share" part="share">
          <p className="share-title">{texts.share}</p>
          {settings.reviewForm.enabled && (
            <div className="rate">
              {[1, 2, 3, 4, 5].map((stars) => (
                <button
                  type="button"
                  key={stars}
                  className="rate-star"
                  aria-label={fill(texts.rate, { n: stars })}
                  onClick={() => onWrite(stars)}
                  onPointerEnter={onPrefetch}
                  onFocus={onPrefetch}
                >
                  <Stars rating={0} icons={1} starStyle={style} size={26} />
                </button>
              ))}
            </div>
          )}
          {write}
        </div>
      )}
    </div>
  );
}
