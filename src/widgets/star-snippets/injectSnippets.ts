/**
 * Star snippets on listing pages (spec §2 "Collection and listing pages", §4 "Star snippet
 * injection"), framework-free and DOM-batched:
 *
 * 1. one `querySelectorAll('a[href*="/products/"]')` pass: handle of each link (locale-prefixed
 *    paths too), its card and title through the theme layouts, grouped by card; cards that
 *    already hold our snippet are skipped (never duplicated), and so are cards whose theme shows
 *    the product's rating itself (`NATIVE_RATING`: their products are not even fetched);
 * 2. ONE batched stats request for every handle not fetched yet (at most 250 per request), but
 *    for the cards of a theme section whose other cards show that rating: no reviews, known;
 * 3. one write pass: the filled snippet after each new title. One write means one relayout and
 *    one shift (an empty line first and its content later re-laid out the page twice, and
 *    collapsed again for products without reviews). Stats stay cached for the page, so a re-run
 *    (DOM changes, a forced refresh) copies them instead of fetching again.
 *
 * Handles whose stats have reviews but whose snippet could not be placed are reported once
 * (missed handles, spec §4 and §8).
 */
import { NATIVE_RATING } from '../../core/constants';
import { productHandle } from '../../core/pageContext';
import type { ReviewStats } from '../../core/reviewStats';
import { statsOrNull } from './statsRequests';
import { EXCLUDED, locate, PRODUCT_LINKS, type Located, type ThemeLayout } from './themeLayouts';

/** Attribute every snippet carries: `data-vitrine-stars="<handle>"`. */
export const STARS_ATTR = 'data-vitrine-stars';
/** Max handles per stats request (provider limit). */
export const MAX_HANDLES_PER_REQUEST = 250;

export interface InjectorOptions {
  doc: Document;
  /** The provider's stats of up to 250 handles in one request, as sent; null when the budget is spent. */
  fetchStats: (handles: string[]) => Promise<Record<string, unknown> | null>;
  /** Fills a snippet element for `stats` (stars, text, accessible label). */
  fill: (el: HTMLElement, stats: ReviewStats) => void;
  /** Products with no reviews get a snippet only when this is true (`showWhenNoReviews`). */
  showZero: boolean;
  /** A handle never given a listing snippet (the product of a product page). */
  skipHandle?: () => string | null;
  /** Called once per page with the handles whose stats have reviews but got no snippet. */
  onMissed: (handles: string[]) => void;
  /** Runs our own DOM writes where the change observer does not see them (observeChanges.ts). */
  unobserved: (writes: () => void) => void;
}

export interface Injector {
  /** Scans, places, fetches and fills. `force` removes our listing snippets first (refresh). */
  run(force?: boolean): Promise<void>;
}

/** Handle of a product link on this shop; null for other hosts and non-product links. */
export function linkHandle(link: Element, host: string): string | null {
  const href = link.getAttribute('href');
  if (!href) return null;
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(href) && (link as HTMLAnchorElement).host !== host) return null;
  return productHandle(href);
}

const CLASS = 'vitrine-stars vitrine-stars--listing';
/**
 * A listing line of ours, found by its class: a search of 1,000 Dawn cards for the attribute took
 * 0.3 ms in Chromium, for the class under 0.1. (The product page's line has the attribute too,
 * and is never a card's.)
 */
const LINE = '.vitrine-stars--listing';
/**
 * A section of the theme, as the platform renders each: the unit of a theme's "Show product
 * rating" setting.
 */
const SECTION = '.shopify-section';
/** The stats of a product without reviews. */
const NO_REVIEWS = statsOrNull({})!;
/** An element not in an excluded region (nor one itself). */
const INCLUDED = `:not(${EXCLUDED},:is(${EXCLUDED}) *)`;

export function createInjector(options: InjectorOptions): Injector {
  const doc = options.doc;
  /** Stats fetched so far, for the page's lifetime; null = unknown (the request failed). */
  const cache = new Map<string, ReviewStats | null>();
  /** Layout state: the first layout that matched is remembered. */
  const state: { remembered: ThemeLayout | null } = { remembered: null };
  let reported = false;
  let running: Promise<void> | null = null;
  /** A run was asked for while one was running: it runs again once done (forced if any asked). */
  let runAgain = false;
  let runAgainForced = false;

  const show = (el: HTMLElement, stats: ReviewStats | null | undefined): void => {
    if (!stats || (!stats.count && !options.showZero)) el.hidden = true;
    else options.fill(el, stats);
  };

  async function once(force: boolean): Promise<void> {
    const skip = options.skipHandle?.() || null;
    // The page's host, read once a run: read per link, it made the links' host check four times as slow
    // (2,000 links in Chromium: 0.8 -> 0.2 ms).
    const host = doc.location.host;
    const handleOf = (link: Element) => linkHandle(link, host);
    // --- read pass: links → cards (no writes: see `stale`) ---
    const links = doc.querySelectorAll(PRODUCT_LINKS);
    /** The cards met so far, rated or not. */
    const cards = new Set<Element>();
    const handles = new Set<string>();
    const placed = new Set<string>();
    const todo: { at: Located; handle: string }[] = [];
    /** The theme sections that show the platform's ratings on their cards. */
    const ratedSections = new Set<Element | null>();
    /**
     * Lines of ours to remove (all of them when forced), removed after the scan: a write before a
     * visibility check makes the browser restyle and lay out the page for it at once. A set: a
     * forced run meets each of its lines again in its card, and removes it once.
     */
    const stale = new Set<Element | null>(force ? doc.querySelectorAll(LINE) : []);
    for (let i = 0; i < links.length; i++) {
      const link = links[i];
      /** The link's card in the layout this page matched, when there is one. */
      const card = state.remembered && link.closest(state.remembered.card);
      // A card met before (Dawn's cards link their product twice) shows the product of its first
      // link: done, at one lookup (no handle read, title search, rating or visibility check).
      if (card && cards.has(card)) continue;
      // Outside the excluded regions: checked here, once a card, where the links' query checked
      // every link's ancestors against them (1,000 Dawn cards, two links each, cold: 8.0 -> 5.9 ms
      // for the links and their cards); from the card up when the page's layout found one (the
      // themes' cards hold no excluded region; 6.1 -> 4.8 ms).
      if (!(card || link).matches(INCLUDED)) continue;
      const handle = handleOf(link);
      if (!handle || handle === skip) continue;
      // The theme shows the product's rating itself (the platform's review metafields): nothing
      // to add, nothing to ask the provider for, nothing missed (a line of ours from before goes).
      // Looked for first in the card of the layout this page matched, before any title: on a shop
      // that syncs its ratings most cards have one, and their titles' visibility checks were
      // wasted (1,000 rated Dawn cards, desktop Chromium: the mount 8.3 -> 6.5 ms, medians of 10).
      let rated = card;
      let at: Located | null = null;
      if (!card?.querySelector(NATIVE_RATING)) {
        at = locate(link, handle, handleOf, state);
        // (That card was just looked in.)
        rated = at && at.card !== card && at.card.querySelector(NATIVE_RATING) ? at.card : null;
      }
      if (rated) {
        // (A rated card outside any section tells nothing of the others: it stands for itself.)
        ratedSections.add(rated.closest(SECTION) || rated);
        stale.add(rated.querySelector(LINE));
        placed.add(handle);
        cards.add(rated);
        continue;
      }
      handles.add(handle);
      if (!at || cards.has(at.card)) continue;
      cards.add(at.card);
      const existing = at.card.querySelector(LINE);
      if (existing) {
        if (!force && existing.getAttribute(STARS_ATTR) === handle) {
          placed.add(handle);
          continue;
        }
        // The theme swapped the card's product (re-rendered in place): ours is stale.
        stale.add(existing);
      }
      todo.push({ at, handle });
    }
    options.unobserved(() => stale.forEach((line) => line?.remove()));
    // A section whose cards show the platform's ratings shows one for every product with reviews
    // (the provider keeps the review metafields equal to its stats): a card of it without one is
    // a product with none, known without asking.
    if (ratedSections.size)
      for (const { at, handle } of todo)
        if (!cache.has(handle) && ratedSections.has(at.card.closest(SECTION))) cache.set(handle, NO_REVIEWS);
    // --- one batched stats request for the new handles ---
    const unfetched = [...handles].filter((handle) => !cache.has(handle));
    if (unfetched.length) {
      const batches: Promise<void>[] = [];
      for (let i = 0; i < unfetched.length; i += MAX_HANDLES_PER_REQUEST) {
        const batch = unfetched.slice(i, i + MAX_HANDLES_PER_REQUEST);
        batches.push(
          options.fetchStats(batch).then(
            (byHandle) => {
              for (const handle of batch) cache.set(handle, statsOrNull(byHandle && byHandle[handle]));
            },
            () => {
              for (const handle of batch) cache.set(handle, null);
            },
          ),
        );
      }
      await Promise.all(batches);
    }
    // --- write pass, after the stats: one DOM write (one relayout, one shift) instead of an
    // empty line first and its content later; profiles showed each pass re-laying out the page.
    // Each line is filled before it goes in: filled in the page, its children's insertion was a
    // change of the page of its own (1,000 Dawn cards, cold, desktop Chromium: 16.6 -> 14.8 ms) ---
    options.unobserved(() => {
      for (const { at, handle } of todo) {
        const el = doc.createElement('div');
        el.className = CLASS;
        el.setAttribute(STARS_ATTR, handle);
        show(el, cache.get(handle));
        at.title.insertAdjacentElement('afterend', el);
        placed.add(handle);
      }
    });
    if (!reported) {
      const missed = [...handles].filter((handle) => !placed.has(handle) && !!cache.get(handle)?.count);
      if (missed.length) {
        reported = true;
        options.onMissed(missed);
      }
    }
  }

  function run(force = false): Promise<void> {
    if (running) {
      runAgain = true;
      runAgainForced ||= force;
      return running;
    }
    running = (async () => {
      try {
        await once(force);
        while (runAgain) {
          const forced = runAgainForced;
          runAgain = runAgainForced = false;
          await once(forced);
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return { run };
}
