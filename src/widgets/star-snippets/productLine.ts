/**
 * The product page's stars line (spec §2 "Product page"): which product it is for, its stats
 * (one request per product, only when the line has a place; the loader has already started it
 * unless the theme shows the rating by the title) and whether it shows at all.
 * Where it goes and what a click does are `productStars.ts`'s, what it says `snippetContent.ts`'s.
 */
import { ERR_MODULE_INIT } from '../../core/errors';
import type { PageContext } from '../../core/pageContext';
import type { ReviewStats } from '../../core/reviewStats';
import type { ReviewsSettings } from '../../core/reviewsSettings';
import type { WidgetContext } from '../types';
import type * as MovedPart from './lazy/moved';
import MOVED_PART from './lazy/moved?part';
import { placeProductStars, type Spot } from './productStars';
import { fetchProductStats } from './statsRequests';

/**
 * Returns `update(page)`: on a product page (with `reviews.starSnippet.product` on) it places the
 * line (again, when the theme re-rendered it away) and fills it once the product's stats arrive;
 * elsewhere it does nothing. A product without reviews, or whose stats request failed, shows
 * nothing unless `showWhenNoReviews`. Its DOM writes go through `unobserved` (observeChanges.ts).
 */
export function createProductLine(
  doc: Document,
  ctx: WidgetContext,
  settings: ReviewsSettings,
  fill: (el: HTMLElement, stats: ReviewStats) => void,
  unobserved: <T>(writes: () => T) => T,
): (page: PageContext) => void {
  let statsHandle = '';
  let stats: Promise<ReviewStats | null>;
  /** Where the owner moved the line (spec §7 widget 5): asked only when settings say it was moved. */
  let ownerSpot: ((doc: Document) => Spot | null) | undefined;
  let asked: Promise<unknown> | undefined;
  const update = (page: PageContext): void => {
    const handle = page.pageType === 'product' && settings.starSnippet.product ? page.productHandle : null;
    if (!handle) return;
    // The line waits for the owner's placement rather than moving (the loader has started the
    // stats request meanwhile).
    if (!ownerSpot && ctx.settings.placedWidgets.includes(5)) {
      asked ??= ctx
        .load<typeof MovedPart>(MOVED_PART)
        .then((part) => part.ownerSpot(ctx))
        .then(
          (found) => (ownerSpot = found),
          (error: unknown) => {
            ownerSpot = () => null;
            ctx.report(ERR_MODULE_INIT, error, { widget: MOVED_PART });
          },
        );
      void asked.then(() => update(page));
      return;
    }
    const el = unobserved(() => placeProductStars(doc, handle, ownerSpot));
    if (!el || el.hasAttribute('data-vitrine-filled')) return;
    el.setAttribute('data-vitrine-filled', '');
    // Asked for only once the line has a place: none where the theme shows the rating by the
    // title. Instant navigation (a refresh on another product) fetches that product's stats.
    if (statsHandle !== handle) {
      statsHandle = handle;
      stats = fetchProductStats(ctx, handle);
    }
    void stats.then((loaded) =>
      unobserved(() => {
        if (!loaded || (!loaded.count && !settings.showWhenNoReviews)) el.hidden = true;
        else fill(el, loaded);
      }),
    );
  };
  return update;
}
