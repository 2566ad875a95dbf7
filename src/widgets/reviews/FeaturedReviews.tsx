import { useEffect, useLayoutEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { fill } from '../../core/i18n';
import type { ReviewStats } from '../../core/reviewStats';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import { Boundary, guard } from '../../ui/guard';
import { Stars } from '../../ui/Stars';
import type { WidgetContext } from '../types';
import { fetchFeatured, type FeaturedReview } from './api';
import { average } from './Header';
import { ReviewCard } from './ReviewCard';
import type { Texts } from './texts';

/** Extra rules for the reviews page: a card grid, each card topped by its product link. */
export const FEATURED_CSS =
  `.featured-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px;list-style:none;margin-top:20px}` +
  `.featured-item{display:flex;flex-direction:column;gap:8px;min-width:0}.featured-item .card{flex:1;margin:0}` +
  `.featured-product{display:flex;align-items:center;gap:10px;color:var(--fg);font-weight:600;text-decoration:none}.featured-product:hover span{text-decoration:underline}` +
  `.featured-product img{width:48px;height:48px;object-fit:cover;border-radius:6px;background:#eee}a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}`;

export interface FeaturedReviewsProps {
  ctx: WidgetContext;
  settings: ReviewsSettings;
  texts: Texts;
  /** Called once the first content (or nothing) has rendered: the host drops its reserved height. */
  onRendered(): void;
}

/**
 * The reviews page (spec §2 "A reviews page is supported where featured reviews show"): a
 * heading, the shop-wide summary (average, stars, total) and a grid of the featured reviews,
 * each the product page's `ReviewCard` under a link to its product (`{root}/products/{handle}`).
 * A photo opens that review on its product page (`?review=<id>` opens it in the gallery there).
 */
export function FeaturedReviews({ ctx, settings, texts, onRendered }: FeaturedReviewsProps) {
  useSignals();
  const [data, setData] = useState<{ reviews: FeaturedReview[]; stats: ReviewStats } | null | undefined>();

  useEffect(() => {
    fetchFeatured(ctx).then(setData, () => setData(null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `ctx` is the mount's own and never changes
  }, []);
  useLayoutEffect(() => {
    if (data !== undefined) onRendered();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `onRendered` is the mount's own and never changes
  }, [data]);

  if (data === undefined) return <div className="widget" part="widget" aria-busy="true" />;
  if (!data || !data.reviews.length) return null;
  const { stats, reviews } = data;
  const averageText = average(stats.average, texts);
  const root = ctx.page.store.root;
  return (
    <section className="widget" part="widget" aria-labelledby="vtl-fh">
      <h2 id="vtl-fh">{texts.featured}</h2>
      {stats.count > 0 && (
        <div className="header modern" part="header">
          <div className="summary" part="summary">
            <span className="average" aria-hidden="true">
              {averageText}
            </span>
            <Stars rating={stats.average} starStyle={settings.starStyle} size={24} label={fill(texts.rated, { n: averageText })} />
            <span className="count">{stats.count === 1 ? texts.basedOnOne : fill(texts.basedOn, { n: stats.count })}</span>
          </div>
        </div>
      )}
      <ul className="featured-grid" part="list" role="list">
        {reviews.map((review) => {
          const href = `${root}/products/${encodeURIComponent(review.product.handle)}`;
          return (
            <Boundary key={review.id} name="featured-review">
              <li className="featured-item">
                <a className="featured-product" part="product" href={href}>
                  {review.product.image && <img src={review.product.image} alt="" width={48} height={48} loading="lazy" decoding="async" />}
                  <span>{review.product.title}</span>
                </a>
                <ReviewCard
                  review={review}
                  settings={settings}
                  texts={texts}
                  onPhoto={guard(() => location.assign(`${href}?review=${encodeURIComponent(review.id)}`))}
                />
              </li>
            </Boundary>
          );
        })}
      </ul>
    </section>
  );
}
