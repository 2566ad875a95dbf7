/**
 * Lazy entry of the main reviews widget (module 21, spec §2 "Main reviews widget"): loaded when
 * its mount point on a product page nears the viewport. Validates `settings.reviews` (one console
 * warning listing every problem), renders into the host's shadow root, holds the loader's
 * reserved height until the first content renders, writes the JSON-LD block, and opens the
 * review named by a `?review=<id>` link. On a review-order page it follows the order-review flow;
 * on the reviews page (`top-reviews`) it shows the shop's featured reviews instead.
 */
import { createElement } from 'react';
import { renderInShadow } from '../../ui/renderInShadow';
import type { MountWidget } from '../types';
import { createController } from './controller';
import { isMobile } from './layout';
import { FEATURED_CSS, FeaturedReviews } from './FeaturedReviews';
import { followReviewOrder } from './orderReview';
import { ReviewsWidget } from './ReviewsWidget';
import { parseReviewsSettings } from '../../core/reviewsSettings';
import { widgetCss } from './styles';
import { textsFor } from './texts';

/** Theme rules such as `div { display: none !important }` also match our host: inline `!important` wins. */
const HOST_STYLE: Record<string, string> = {
  display: 'block',
  position: 'static',
  float: 'none',
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  filter: 'none',
  'clip-path': 'none',
  width: 'auto',
  'max-width': 'none',
  height: 'auto',
  'max-height': 'none',
  overflow: 'visible',
  margin: '0',
  padding: '0',
  border: '0',
  'box-sizing': 'border-box',
};

export const mount: MountWidget = (host, ctx) => {
  const { value: settings, problems } = parseReviewsSettings(ctx.settings.reviews);
  if (problems.length) console.warn(`Vitrine settings: ${problems.join('; ')}`);
  if (ctx.page.pageType == 'review-order') {
    followReviewOrder(window, ctx.page.store.root);
    return;
  }
  const onRendered = () => host.style.removeProperty('min-height');
  const featured = ctx.page.pageType == 'top-reviews';
  const handle = ctx.page.productHandle;
  if (!handle && !featured) return;
  for (const k in HOST_STYLE) host.style.setProperty(k, HOST_STYLE[k]!, 'important');
  const texts = textsFor(ctx.language);
  // A failed render releases the reserved height: the page closes the gap instead of a blank box.
  const shadowOptions = { report: ctx.report, name: featured ? 'featured-reviews' : 'reviews', onError: onRendered };
  if (featured) return renderInShadow(host, widgetCss(ctx.settings.colors) + FEATURED_CSS, createElement(FeaturedReviews, { ctx, settings, texts, onRendered }), shadowOptions);
  const c = createController(ctx, handle!, settings, texts, isMobile());
  const width = Math.min(1200, host.clientWidth || 0) - 32;
  const unmount = renderInShadow(
    host,
    widgetCss(ctx.settings.colors),
    createElement(ReviewsWidget, {
      c,
      initialWidth: width,
      onRendered,
    }),
    shadowOptions,
  );
  void c.ready.then(() => {
    // A review link (`?review=<id>`) opens that review once the list is there.
    const id = new URLSearchParams(location.search).get('review');
    const review = id ? c.state.reviews.value.find((r) => r.id == id) : undefined;
    if (review) c.openModal(review, 0);
  });
  return unmount;
};
