import { useSignals } from '@preact/signals-react/runtime';
import { formatRating } from '../../core/lib/formatRating';
import { Stars } from '../../ui/Stars';
import type { ReviewStats } from '../../core/reviewStats';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import { fill, type Texts } from './texts';

export interface HeaderProps {
  stats: ReviewStats;
  filter: number | null;
  settings: ReviewsSettings;
  texts: Texts;
  onFilter(stars: number): void;
  onWrite(stars?: number): void;
}

/** Average with one decimal, as the provider rounds it, in the shopper's convention (`4,6` in Dutch). */
export const average = (s: number, texts: Texts): string => formatRating(s, texts.language ?? 'en');

/**
 * Summary (stars, average, count) and, per settings, the 5→1 breakdown bars (buttons with
 * `aria-pressed`; a zero-count bar is disabled) and, in the modern header, the 'share your
 * experience' stars that open the form with that rating. Spec §2 "Main reviews widget", §4.
 */
export function Header({ stats, filter, settings, texts, onFilter, onWrite }: HeaderProps) {
  useSignals();
  const modern = settings.modernHeader;
  const style = settings.starStyle;
  const avg = average(stats.average, texts);
  const write = settings.reviewForm.enabled && (
    <button type="button" className="btn" part="write-button" onClick={() => onWrite()}>
      {texts.write}
    </button>
  );
  return (
    <div className={modern ? 'hd modern' : 'hd'} part="header">
      <div className="sum" part="summary">
        {modern && (
          <span className="avg" aria-hidden="true">
            {avg}
          </span>
        )}
        <Stars rating={stats.average} starStyle={style} size={modern ? 24 : 19} label={fill(texts.rated, { n: avg })} />
        <span className="cnt">{stats.count === 1 ? texts.basedOnOne : fill(texts.basedOn, { n: stats.count })}</span>
        {!modern && write}
      </div>
      {settings.showStatsBars && (
        <ul className="bars" part="bars">
          {([5, 4, 3, 2, 1] as const).map((n) => {
            const count = stats.byStars[n];
            const p = stats.count ? Math.floor((count * 100) / stats.count) : 0;
            return (
              <li key={n}>
                <button type="button" className="bar" part="bar" aria-pressed={filter == n} disabled={!count} onClick={() => onFilter(n)}>
                  {/* Visible numbers are part of the name ("5 stars: 17 reviews (35%)"); the words are for screen readers. */}
                  {fill(texts.bar, { p })
                    .split(/(\{n\}|\{count\})/)
                    .map((x, i) =>
                      x == '{n}' ? (
                        <span key={i} className="bn">
                          {n}
                        </span>
                      ) : x == '{count}' ? (
                        <span key={i} className="bc">
                          {count}
                        </span>
                      ) : (
                        x && (
                          <span key={i} className="vh">
                            {x}
                          </span>
                        )
                      ),
                    )}
                  <Stars rating={1} icons={1} starStyle={style} size={14} />
                  <span className="tr" aria-hidden="true">
                    <span className="fl" style={{ width: `${p}%` }} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {modern && (
        <div className="share" part="share">
          <p className="sh">{texts.share}</p>
          {settings.reviewForm.enabled && (
            <div className="rate">
              {[1, 2, 3, 4, 5].map((n) => (
                <button type="button" key={n} className="rs" aria-label={fill(texts.rate, { n })} onClick={() => onWrite(n)}>
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
