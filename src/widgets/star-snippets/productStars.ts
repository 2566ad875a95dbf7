/**
 * Where the aggregated stars line of a product page goes and what it does (spec §2 "Product
 * page"; what it shows is `productLine.ts`'s): nowhere when the theme shows the product's rating
 * by its title itself (`NATIVE_RATING`), else inside the theme's "Star rating" app block
 * (`[data-vitrine-block="stars"]`, extensions/vitrine-theme) when the merchant placed one, else
 * inside a holder element the theme or shop provides (`[data-vitrine-product-stars]`,
 * `.vitrine-product-stars`), else left aligned under the product title. Clicking it (or
 * Enter/Space) scrolls smoothly to the main reviews widget, ending 100 px above it, over 1000 ms
 * (spec §9); instantly under `prefers-reduced-motion`.
 */
import { MOUNT_ATTRIBUTE, NATIVE_RATING } from '../../core/constants';
import { hiddenWithin } from './hidden';
import { STARS_ATTR } from './injectSnippets';

/** Where the line goes: next to or inside `at`; `id` names the owner's placement when it is one (spec §7 placement report). */
export interface Spot {
  at: Element;
  position: InsertPosition;
  id?: string;
}

/** Scroll to reviews ends this many px above the widget. */
const SCROLL_TO_REVIEWS_OFFSET_PX = 100;
/** Scroll-to-reviews duration. */
const SCROLL_TO_REVIEWS_MS = 1000;

/** The theme's "Star rating" app block: before any holder, wherever it is on the page. */
const APP_BLOCK = '[data-vitrine-block=stars]';
/** Holders a theme or shop may provide; the line goes inside the first one. */
const HOLDER = '[data-vitrine-product-stars],.vitrine-product-stars';
/**
 * Product titles: Dawn family (`.product__title`), Debut/Brooklyn/Minimal/Simple
 * (`.product-single__title`), Prestige (`.ProductMeta__Title`, `.product-meta__title`), Impulse
 * (`.product-single__header .h2`), Turbo (`.product_name`), microdata themes
 * (`[itemprop="name"]` on an `h1`), then the page's `main h1` (Horizon's title text block).
 */
const PRODUCT_TITLES =
  '.product__title,.product-single__title,.ProductMeta__Title,.product-meta__title,.product_name,.product__info h1,h1[itemprop=name],main h1';

/** Regions whose headings are never the product's title (the shop name in a header or drawer). */
const NOT_PRODUCT = 'header,nav,footer,aside,dialog,[role=banner],[role=navigation],[role=contentinfo],[role=dialog]';

/** Where the reviews widget is mounted by the loader. */
const REVIEWS_TARGET = `[${MOUNT_ATTRIBUTE}="reviews"]`;

/**
 * Finds where the product line goes: nowhere when the theme shows the product's rating next to
 * its title; else inside the theme's app block (the merchant put it there), else where the owner
 * moved it, else inside a holder, else after the first visible product title, else (themes with
 * a bare `<h1>` and no `<main>`) after the first visible `h1` outside the header, navigation,
 * footer and dialogs. Hidden copies of the title are never anchors.
 */
function productSpot(doc: Document, ownerSpot?: (doc: Document) => Spot | null): Spot | null {
  const shown = (el: Element) => !hiddenWithin(el, doc.body);
  const title =
    [...doc.querySelectorAll(PRODUCT_TITLES)].find(shown) ||
    [...doc.querySelectorAll('h1')].find((heading) => shown(heading) && !heading.closest(NOT_PRODUCT));
  // The theme shows the product's rating by its title itself (Dawn's rating block, from the
  // platform's review metafields): no line of ours, wherever it would go.
  if (title?.parentElement!.querySelector(NATIVE_RATING)) return null;
  const block = doc.querySelector(APP_BLOCK);
  if (block) return { at: block, position: 'beforeend' };
  const moved = ownerSpot?.(doc);
  if (moved) return moved;
  const holder = doc.querySelector(HOLDER);
  if (holder) return { at: holder, position: 'beforeend' };
  return title ? { at: title, position: 'afterend' } : null;
}

/** Creates (or returns the existing) product stars element for `handle`; null when there is no spot. */
export function placeProductStars(doc: Document, handle: string, ownerSpot?: (doc: Document) => Spot | null): HTMLElement | null {
  const existing = doc.querySelector<HTMLElement>(`.vitrine-stars--product[${STARS_ATTR}]`);
  if (existing) {
    if (existing.getAttribute(STARS_ATTR) === handle) return existing;
    existing.remove(); // another product (instant navigation kept the element)
  }
  const spot = productSpot(doc, ownerSpot);
  if (!spot) return null;
  const el = doc.createElement('div');
  el.className = 'vitrine-stars vitrine-stars--product';
  el.setAttribute(STARS_ATTR, handle);
  el.setAttribute('role', 'button');
  el.tabIndex = 0;
  // Handler properties, not listeners: the element is ours alone, and they are shorter.
  el.onclick = () => scrollToReviews(doc);
  el.onkeydown = (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      scrollToReviews(doc);
    }
  };
  // The placement report (spec §7) lists the owner's placement when it was used.
  if (spot.id) el.setAttribute('data-vitrine-placement', spot.id);
  spot.at.insertAdjacentElement(spot.position, el);
  return el;
}

/** The spec's jQuery-era 'swing' easing itself: slow start and end. */
const ease = (progress: number): number => 0.5 - Math.cos(progress * Math.PI) / 2;

/** One scroll step; `instant` so a theme's `scroll-behavior: smooth` does not animate each step. */
const jump = (win: Window, top: number): void => win.scrollTo({ top, behavior: 'instant' as ScrollBehavior });

/**
 * Scrolls the window so the reviews widget's top ends `SCROLL_TO_REVIEWS_OFFSET_PX` below the
 * viewport top, over `SCROLL_TO_REVIEWS_MS` with requestAnimationFrame (every browser that runs
 * this ES2020 chunk has it); instantly when the shopper prefers reduced motion. Nothing without a
 * reviews widget.
 */
function scrollToReviews(doc: Document): void {
  const win = doc.defaultView!;
  const target = doc.querySelector(REVIEWS_TARGET);
  if (!target) return;
  const from = win.scrollY;
  const max = Math.max(0, doc.documentElement.scrollHeight - win.innerHeight);
  const to = Math.min(max, Math.max(0, target.getBoundingClientRect().top + from - SCROLL_TO_REVIEWS_OFFSET_PX));
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return jump(win, to);
  let start = -1;
  const step = (now: number): void => {
    if (start < 0) start = now;
    const progress = Math.min(1, (now - start) / SCROLL_TO_REVIEWS_MS);
    jump(win, from + (to - from) * ease(progress));
    if (progress < 1) win.requestAnimationFrame(step);
  };
  win.requestAnimationFrame(step);
}
