/**
 * Lazy entry of the star snippets (spec §2 listing and product pages, §4 "Star snippet
 * injection"). Loaded eagerly on every page type that can list products; framework-free so the
 * chunk stays tiny and never pulls the Preact framework chunk. The loader's host element is not
 * used: snippets go into the theme's own cards and inherit its font and colour.
 *
 * - Listing snippets: `injectSnippets.ts` (theme layouts in `themeLayouts.ts`); template from
 *   `reviews.starSnippet.template`, star size 18, centred.
 * - Product page: `productStars.ts`; star size 19, left aligned; click scrolls to the reviews.
 * - Products without reviews (`r` = 0) show nothing unless `reviews.showWhenNoReviews`, then
 *   empty stars and a zero count.
 * - Listing pages lose their 'best-selling' sort option (`hideBestSelling.ts`).
 * - Re-runs on DOM changes (infinite scroll, filtering), debounced 500 ms, ignoring our own
 *   writes; `Vitrine.refresh()` forces a re-injection that reuses the cached stats.
 */
import { MUTATION_DEBOUNCE_MS, STAR_SIZE } from '../../core/constants';
import { ERR_MISSED_HANDLES, ERR_WIDGET_RENDER } from '../../core/errors';
import { formatRating } from '../../core/lib/formatRating';
import type { ReviewStats } from '../../core/reviewStats';
import { renderStars, type StarsOptions } from '../../ui/starIcons';
import { parseReviewsSettings } from '../../core/reviewsSettings';
import type { MountWidget } from '../types';
import { leaveBestSelling, removeBestSelling } from './hideBestSelling';
import { createInjector } from './injectSnippets';
import { showProductStars } from './productStars';
import { fetchListingStats, fetchProductStats } from './statsRequests';
import { textsFor } from './texts';

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

const OWN = '[data-vitrine-stars],[data-vitrine-mount]';

export const mount: MountWidget = (_host, ctx) => {
  const doc = document;
  const { value: cfg, problems } = parseReviewsSettings(ctx.settings.reviews);
  let page = ctx.page;
  // Spec §2: a listing sorted by best-selling is sent to the manual sort; nothing else to do here.
  if (page.pageType == 'collection' && leaveBestSelling(location)) return;
  // On product pages the reviews widget reports the same section's problems.
  if (problems.length && page.pageType != 'product') console.warn(`Vitrine settings: ${problems.join('; ')}. Defaults are used for these.`);
  if (!cfg.showStarSnippet || (!cfg.starSnippet.collection && !cfg.starSnippet.product)) return;

  const t = textsFor(ctx.language);
  const stars = (size: number): StarsOptions => ({
    size,
    style: cfg.starStyle,
    colors: { front: ctx.settings.colors.starFront, back: ctx.settings.colors.starBack },
  });
  const num = (n: number): string => formatRating(n, ctx.language);
  const word = (st: ReviewStats) => (st.count == 1 ? t.review : t.reviews);
  const label = (st: ReviewStats) => t.label.replace('{rating}', num(st.average)).replace('{count}', String(st.count)).replace('{reviews}', word(st));
  const text = (s: string): HTMLElement => {
    const span = doc.createElement('span');
    span.className = 'vitrine-stars__text';
    span.textContent = s;
    return span;
  };
  const parts = cfg.starSnippet.template.split('{stars}');

  /** Listing snippet: the template with stars; `role="img"` + label for screen readers. */
  const fillListing = (el: HTMLElement, st: ReviewStats): void => {
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', label(st));
    const kids: Node[] = [];
    parts.forEach((p, i) => {
      if (i) kids.push(renderStars(doc, st.average, stars(STAR_SIZE.collection)));
      const s = p.replace(/\{totalReviews\}/g, String(st.count)).replace(/\{averageRating\}/g, num(st.average)).replace(/\{reviewsTranslation\}/g, word(st));
      if (s) kids.push(text(s));
    });
    el.replaceChildren(...kids);
  };

  // --- mutation observer (declared first: injections drop their own records through it) ---
  let observer: MutationObserver | null = null;
  const drop = () => void observer?.takeRecords();

  const injector = createInjector({
    doc,
    fetchStats: (handles) => fetchListingStats(ctx, handles),
    fill: fillListing,
    showZero: cfg.showWhenNoReviews,
    skipHandle: () => (page.pageType == 'product' ? page.productHandle : null),
    onMissed: (handles) => ctx.report(ERR_MISSED_HANDLES, new Error('product handles missed for stars'), { handles }),
    afterWrite: drop,
  });

  // --- product page line ---
  let productStats: Promise<ReviewStats | null> | null = null;
  let productFor = '';
  const fillProduct = (el: HTMLElement, st: ReviewStats | null): void => {
    if (!st || (!st.count && !cfg.showWhenNoReviews)) el.hidden = true;
    else {
      el.setAttribute('aria-label', label(st));
      el.replaceChildren(renderStars(doc, st.average, stars(STAR_SIZE.product)), text(` ${num(st.average)} `), text(t.rated));
    }
  };
  const product = (): void => {
    const handle = page.pageType == 'product' && cfg.starSnippet.product ? page.productHandle : null;
    if (!handle) return;
    if (productFor != handle) {
      productFor = handle;
      productStats = fetchProductStats(ctx, handle);
    }
    showProductStars(doc, handle, productStats!, fillProduct, drop);
  };

  const runAll = (force = false): void => {
    try {
      if (!doc.getElementById(STYLE_ID)) {
        const style = doc.createElement('style');
        style.id = STYLE_ID;
        style.textContent = CSS;
        doc.head.appendChild(style);
      }
      if (removeBestSelling(doc)) drop();
      product();
      if (cfg.starSnippet.collection) injector.run(force).catch((e) => ctx.report(ERR_WIDGET_RENDER, e, { widget: 'star-snippets' }));
    } catch (e) {
      ctx.report(ERR_WIDGET_RENDER, e, { widget: 'star-snippets' });
    }
  };

  // --- re-run on DOM changes, debounced; our own writes are ignored ---
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(runAll, MUTATION_DEBOUNCE_MS);
  };
  const own = (n: Node | null): boolean => !!n && n.nodeType == 1 && !!(n as Element).closest(OWN);
  const relevant = (records: MutationRecord[]): boolean =>
    records.some((r) => {
      if (own(r.target)) return false;
      for (let i = 0; i < r.addedNodes.length; i++) if (r.addedNodes[i].nodeType == 1 && !own(r.addedNodes[i])) return true;
      for (let i = 0; i < r.removedNodes.length; i++) if (r.removedNodes[i].nodeType == 1) return true;
      return false;
    });

  const start = (): void => {
    runAll();
    if (!observer && typeof MutationObserver == 'function' && doc.body) {
      observer = new MutationObserver((records) => relevant(records) && schedule());
      observer.observe(doc.body, { childList: true, subtree: true });
    }
  };
  if (doc.body) start();
  if (doc.readyState == 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });

  // --- forced refresh: Vitrine.refresh() re-reads the page; re-inject with the cached stats ---
  const stopRefresh = ctx.onRefresh((next) => {
    page = next;
    runAll(true);
  });

  return () => {
    observer?.disconnect();
    clearTimeout(timer);
    stopRefresh();
  };
};
