/**
 * Lazy entry of the main reviews widget (module 21, spec §2 "Main reviews widget"): loaded when
 * its mount point on a product page nears the viewport. Validates `settings.reviews` (one console
 * warning listing every problem), renders into the host's shadow root, holds the loader's
 * reserved height until the first content renders, writes the JSON-LD block, opens the review
 * named by a `?review=<id>` link, and opens the review form for `?write-review` or for the order
 * the shopper was asked to review (stored by the order-review flow). On a review-order page it
 * follows the order-review flow; on the reviews page (`top-reviews`) it shows the shop's featured
 * reviews instead.
 */
import { createElement } from 'react';
import { WIDGET_MAX_WIDTH } from './layout';
import { REVIEW_ORDER_KEY } from '../../core/constants';
import { announceRendered } from '../../core/lib/announceRendered';
import { parseReviewsSettings } from '../../core/reviewsSettings';
import { createStorage } from '../../core/storage';
import { guard } from '../../ui/guard';
import { renderInShadow } from '../../ui/renderInShadow';
import type { MountWidget } from '../types';
import { createController } from './controller';
import { FEATURED_CSS, FeaturedReviews } from './FeaturedReviews';
import { contentWidth, isMobile } from './layout';
import { followReviewOrder } from './orderReview';
import { ReviewsWidget } from './ReviewsWidget';
import { widgetCss } from './styles';
import { textsFor } from './texts';

/**
 * Theme rules such as `div { display: none !important }` also match our host: inline `!important`
 * wins. Appended to the host's own style (the loader's reserved height stays).
 */
const HOST_STYLE =
  'display:block!important;position:static!important;float:none!important;visibility:visible!important;opacity:1!important;' +
  'transform:none!important;filter:none!important;clip-path:none!important;width:auto!important;max-width:none!important;' +
  'height:auto!important;max-height:none!important;overflow:visible!important;margin:0!important;padding:0!important;' +
  'border:0!important;box-sizing:border-box!important';

export const mount: MountWidget = (host, ctx) => {
  const { value: settings, problems } = parseReviewsSettings(ctx.settings.reviews);
  if (problems.length) console.warn(`Vitrine settings: ${problems.join('; ')}`);
  if (ctx.page.pageType === 'review-order') {
    followReviewOrder(window, ctx.page.store.root);
    return;
  }
  const release = () => host.style.removeProperty('min-height');
  const onRendered = () => {
    release();
    announceRendered(host, 'reviews');
  };
  const featured = ctx.page.pageType === 'top-reviews';
  const handle = ctx.page.productHandle;
  if (!handle && !featured) return;
  host.style.cssText += ';' + HOST_STYLE;
  const texts = textsFor(ctx.language);
  // A failed render releases the reserved height: the page closes the gap instead of a blank box.
  const shadowOptions = { report: ctx.report, name: featured ? 'featured-reviews' : 'reviews', onError: release };
  if (featured) {
    const ui = createElement(FeaturedReviews, { ctx, settings, texts, onRendered });
    return renderInShadow(host, widgetCss(ctx.settings.colors) + FEATURED_CSS, ui, shadowOptions);
  }
  const controller = createController(ctx, handle!, settings, texts, isMobile());
  // The widget is at most WIDGET_MAX_WIDTH wide (its CSS max-width), whatever its host.
  const initialWidth = contentWidth(Math.min(WIDGET_MAX_WIDTH, host.clientWidth || 0));
  const unmount = renderInShadow(
    host,
    widgetCss(ctx.settings.colors),
    createElement(ReviewsWidget, { controller, initialWidth, onRendered }),
    shadowOptions,
  );
  void controller.ready.then(
    guard(() => {
      // A review link (`?review=<id>`) opens that review once the list is there.
      const query = new URLSearchParams(location.search);
      const id = query.get('review');
      const review = id ? controller.state.reviews.value.find((candidate) => candidate.id === id) : undefined;
      if (review) controller.openModal(review, 0);
      // The form opens by itself for `?write-review`, and for the order whose review of this product
      // was asked for (the form reads the order itself).
      const order = createStorage().getJSON<{ productHandle?: unknown }>(REVIEW_ORDER_KEY);
      if (settings.reviewForm.enabled && (query.has('write-review') || order?.productHandle === handle)) controller.write();
    }, 'ready'),
  );
  return unmount;
};
