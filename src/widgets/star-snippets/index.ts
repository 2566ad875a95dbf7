/**
 * Lazy entry of the star snippets (spec §2 listing and product pages, §4 "Star snippet
 * injection"). Loaded eagerly on every page type that can list products; framework-free so the
 * chunk stays tiny and never pulls the Preact framework chunk. The loader's host element is not
 * used: snippets go into the theme's own cards and inherit its font and colour.
 *
 * - Listing snippets: `injectSnippets.ts` (theme layouts in `themeLayouts.ts`); template from
 *   `reviews.starSnippet.template`, star size 18, centred.
 * - Product page: `productLine.ts` (placed by `productStars.ts`); star size 19, left aligned;
 *   click scrolls to the reviews.
 * - Products without reviews (a count of 0) show nothing unless `reviews.showWhenNoReviews`, then
 *   empty stars and a zero count.
 * - Listing pages lose their 'best-selling' sort option (`hideBestSelling.ts`; a URL sorted by it
 *   is left by the loader, src/loader/leaveBestSelling.ts).
 * - Re-runs on DOM changes (infinite scroll, filtering), debounced 500 ms, ignoring our own
 *   writes (`observeChanges.ts`); `Vitrine.refresh()` forces a re-injection that reuses the
 *   cached stats.
 *
 * What a snippet says is `snippetContent.ts`'s; the stats requests are `statsRequests.ts`.
 */
import { STAR_SIZE } from './snippetContent';
import { ERR_MISSED_HANDLES, ERR_WIDGET_RENDER } from '../../core/errors';
import { announceRendered } from '../../core/lib/announceRendered';
import { parseReviewsSettings } from '../../core/reviewsSettings';
import type { MountWidget } from '../types';
import { removeBestSelling } from './hideBestSelling';
import { createInjector } from './injectSnippets';
import { observeChanges } from './observeChanges';
import { createProductLine } from './productLine';
import { createSnippetContent } from './snippetContent';
import { fetchListingStats } from './statsRequests';

const STYLE_ID = 'vitrine-stars-style';
/**
 * One low-specificity stylesheet for every snippet: layout only (font and colour come from the
 * theme). Line height = star size + 4 so the empty element already has its final height.
 */
const CSS =
  `.vitrine-stars{display:block;margin:4px 0;padding:0;text-align:center;min-height:${STAR_SIZE.collection + 4}px;line-height:${STAR_SIZE.collection + 4}px}` +
  `.vitrine-stars[hidden]{display:none}` +
  `.vitrine-stars--product{text-align:left;margin:8px 0;cursor:pointer;min-height:${STAR_SIZE.product + 4}px;line-height:${STAR_SIZE.product + 4}px}` +
  `.vitrine-stars__text{vertical-align:middle}`;

/** Adds the snippets' stylesheet to the page's head, once. */
function addStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.appendChild(style);
}

export const mount: MountWidget = (host, ctx) => {
  const doc = document;
  const { value: settings, problems } = parseReviewsSettings(ctx.settings.reviews);
  let page = ctx.page;
  // On product pages the reviews widget reports the same section's problems, in the same words.
  if (problems.length && page.pageType !== 'product') console.warn(`Vitrine settings: ${problems.join('; ')}`);
  if (!settings.showStarSnippet || (!settings.starSnippet.collection && !settings.starSnippet.product)) return;

  const reportFailure = (error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'star-snippets' });
  const content = createSnippetContent(doc, ctx, settings);
  let rendered = 0;
  /**
   * Fills a line with stars; the first one filled is the widget's first render (the loader's host
   * is detached), announced once the current writes are done: a listing line is filled before it
   * goes into the page (injectSnippets.ts), and a listener looks for it there.
   */
  const filled =
    (fill: typeof content.listing) =>
    (...args: Parameters<typeof fill>): void => {
      fill(...args);
      if (!rendered++) queueMicrotask(() => announceRendered(host, 'star-snippets'));
    };
  // Created before the writers below: each of them drops the records of its own writes through it.
  const changes = observeChanges(doc, () => runAll());
  const injector = createInjector({
    doc,
    fetchStats: (handles) => fetchListingStats(ctx, handles),
    fill: filled(content.listing),
    showZero: settings.showWhenNoReviews,
    skipHandle: () => (page.pageType === 'product' ? page.productHandle : null),
    onMissed: (handles) => ctx.report(ERR_MISSED_HANDLES, new Error('product handles missed for stars'), { handles }),
    unobserved: changes.unobserved,
  });
  const showProductLine = createProductLine(doc, ctx, settings, filled(content.productLine), changes.unobserved);

  /** Every part, on the page as it is now; `force` re-injects the listing snippets (refresh). */
  const runAll = (force = false): void => {
    try {
      // Reads first, then writes. The listing's scan (its part before the stats request) checks
      // titles' visibility, which makes the browser restyle and lay out the page at once if any
      // write came before: the sort option's removal did, on every collection page (Chromium
      // traces of the demo at 4x: 3-5 ms of forced style and layout in our task). Written after,
      // the page is restyled and laid out once, in the next frame, with the new lines.
      if (settings.starSnippet.collection) injector.run(force).catch(reportFailure);
      showProductLine(page);
      changes.unobserved(() => removeBestSelling(doc));
      // Last, for the same reason: a new stylesheet restyles the whole page (3 ms on 1,000 cards
      // when it came before the scan). Nothing is painted in between.
      addStyle(doc);
    } catch (error) {
      reportFailure(error);
    }
  };
  const start = (): void => {
    runAll();
    changes.start();
  };
  if (doc.body) start();
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });

  // A forced refresh: Vitrine.refresh() re-read the page; re-inject with the cached stats.
  const stopRefresh = ctx.onRefresh((next) => {
    page = next;
    runAll(true);
  });

  return () => {
    changes.stop();
    stopRefresh();
  };
};
