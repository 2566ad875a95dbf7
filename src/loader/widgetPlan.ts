import { MODULE } from '../core/constants';
import { productStatsUrl } from '../core/lib/productStatsUrl';
import { titleShowsRating } from '../core/lib/titleShowsRating';
import { read } from '../core/lib/read';
import type { PageContext } from '../core/pageContext';
import type { Placement, Settings } from '../core/settings';

/** How and when a widget's chunk is loaded. */
export type WidgetPlan =
  /**
   * Placed in the page; loaded when its mount point nears the viewport. `placements` from
   * settings are all used; default ones are alternatives (`first`: the first that matches).
   * `reserve` (px) is held before the chunk arrives so the page does not shift. (The flags are
   * left out when off, here and below: every literal is in the loader, on every page.)
   */
  | { name: string; kind: 'inline'; placements: Placement[]; first?: boolean; reserve?: number }
  /**
   * Loaded when the main thread is idle (`later`: after the first interaction or 5 s of the page
   * being shown). Its host goes at the first matching placement, else (when `floating`) at the end
   * of the body, else it stays detached (widgets without UI). `cart`: only once the cart has items
   * (see `mountIdle`).
   */
  | { name: string; kind: 'idle'; placements: Placement[]; floating?: boolean; later?: boolean; cart?: boolean }
  /** Loaded at once, without waiting for idle time: what shoppers should see early (stars). */
  | { name: string; kind: 'eager' };

/** Dawn's cart page title; other themes give a placement in settings. */
const CART_TITLE: Placement = { selector: 'main h1', alignment: 'after', id: 'cart-title' };

/** Under the product page's add-to-cart form (the first; Dawn's and Horizon's installments form comes before it). */
const AFTER_ATC_FORM: Placement = { selector: 'form[action*="/cart/add"]:not([id*=installment])', alignment: 'after', id: 'atc-form' };

/**
 * Where the main reviews widget goes by default, tried in order: after the product block of the
 * platform's reference theme family (`.product`), else at the end of the main content.
 */
const REVIEWS_DEFAULT: Placement[] = [
  { selector: 'main .product', alignment: 'after', id: 'product' },
  { selector: 'main', alignment: 'append', id: 'main' },
];

/** Pages where product links (and so star snippets) never appear. */
const NO_LISTINGS = ['cart', 'password', 'checkout', 'thank_you', 'order_status'];

/**
 * The star snippets' plan, or null when the page gets none: loaded at once, wherever product
 * links (and so snippets) may appear. The loader's first stage starts it (with `starsFetch`)
 * before its second stage arrives; `planWidgets` lists it too.
 */
export function starsPlan(settings: Settings, page: PageContext): Extract<WidgetPlan, { kind: 'eager' }> | null {
  return settings.modules.includes(MODULE.reviews) && !NO_LISTINGS.includes(page.pageType)
    ? { name: 'star-snippets', kind: 'eager' }
    : null;
}

/**
 * The provider URL the product page's stars line requests on mount (its stats), which the first
 * stage requests alongside the chunk; null elsewhere, when the reviews section turns the line
 * off (raw values: anything but `false` validates to the default, shown), or when the theme shows
 * the product's rating by its title, where the line never goes (`titleShowsRating`).
 */
export function starsFetch(settings: Settings, page: PageContext, doc: Document): string | null {
  const reviewsSection = settings.reviews;
  return starsPlan(settings, page) &&
    page.pageType === 'product' &&
    page.productHandle &&
    read(reviewsSection, 'showStarSnippet') !== false &&
    read(read(reviewsSection, 'starSnippet'), 'product') !== false &&
    !titleShowsRating(doc)
    ? productStatsUrl(settings.providerBase, settings.shopId, page.productHandle)
    : null;
}

/** Content protection runs on this page: the shop turned it on, and this is not the theme editor. */
const protectsContent = (settings: Settings, page: PageContext): boolean =>
  settings.modules.includes(MODULE.contentProtection) && !page.designMode;

/**
 * The idle-time chunks that `planWidgets` gives the page whatever it shows, in its order: content
 * protection where it runs, and `reporting` (error reports and tracking) everywhere. The loader's
 * first stage may request them early (boot.ts); their widgets still start at idle time.
 */
export function idleChunks(settings: Settings, page: PageContext): string[] {
  return protectsContent(settings, page) ? ['content-protection', 'reporting'] : ['reporting'];
}

/**
 * Which widgets this page gets, from the enabled modules (spec §9 module ids) and the page type.
 * Placements come from settings (`placements[moduleId]`, then the widget's own setting), else a
 * default that fits the platform's reference theme. An inline widget's app block in the theme
 * (`[data-vitrine-block="<widget>"]`) wins over all of them: `mountInline` tries it first (boot.ts;
 * the currency selector's and the stars line's blocks are their chunks' own).
 */
export function planWidgets(settings: Settings, page: PageContext, doc: Document): WidgetPlan[] {
  const plans: WidgetPlan[] = [];
  const enabled = (id: number) => settings.modules.includes(id);
  const fromSettings = (id: number): Placement[] => ([] as Placement[]).concat(settings.placements[id] || []);
  const product = page.pageType === 'product';

  const stars = starsPlan(settings, page);
  if (stars) plans.push(stars);
  if (enabled(MODULE.reviews)) {
    // Spec §2 "Order-review flow": the widget sends the shopper on to the product's page.
    if (page.pageType === 'review-order') plans.push({ name: 'reviews', kind: 'idle', placements: [] });
    // Spec §2: the reviews page (top-reviews) shows the shop's featured reviews in the same places.
    if (product || page.pageType === 'top-reviews') {
      const own = fromSettings(MODULE.reviews);
      // 360 px: the summary header and a first row of cards; the widget keeps at least this
      // height while it loads, so nothing below it moves twice.
      plans.push({ name: 'reviews', kind: 'inline', placements: own.length ? own : REVIEWS_DEFAULT, first: !own.length, reserve: 360 });
    }
  }
  // Spec §2 offer card: under the product page's add-to-cart form and after the cart page's
  // title, or where settings say. No space is reserved: an offer the rule finds ineligible shows
  // nothing. Planned before the cart-reserved box, which shares both places: inserted after it,
  // the box comes first, right under the form or the title.
  if (enabled(MODULE.offerCard) && (product || page.pageType === 'cart')) {
    const own = fromSettings(MODULE.offerCard);
    plans.push({ name: 'offer-card', kind: 'inline', placements: own.length ? own : [product ? AFTER_ATC_FORM : CART_TITLE] });
  }
  if (enabled(MODULE.cartReserved)) {
    // No space is reserved: the box shows only while the cart has items (it follows the cart
    // live), and holding space on an empty cart would leave a gap. Product pages get it under the
    // add-to-cart form, and only once the cart has items: the cart is empty on most first views,
    // where its chunk and the framework would be fetched and run for nothing. The cart page gets
    // it after its title, or where settings say.
    const own = fromSettings(MODULE.cartReserved);
    if (product) plans.push({ name: 'cart-reserved', kind: 'idle', placements: [AFTER_ATC_FORM], cart: true });
    else if (page.pageType === 'cart')
      plans.push({
        name: 'cart-reserved',
        kind: 'inline',
        placements: own.length ? own : [settings.cartReserved.placement || CART_TITLE],
      });
  }
  // The commerce services, without UI: product data, selected variant and add-to-cart button on
  // product pages; the cart watcher wherever a cart module (cart-reserved, offer card) is on.
  // After the first interaction (or 5 s of the page being shown): nothing shows them before, and
  // the widgets that do (the countdown, the offer card) start them as they mount. The watcher
  // misses nothing by starting late: it reads the cart when it starts, and its buffered resource
  // entries hold the cart requests made before; a variant chosen by that first interaction is the
  // one it reports.
  if (product || enabled(MODULE.cartReserved) || enabled(MODULE.offerCard)) {
    plans.push({ name: 'commerce', kind: 'idle', placements: [], later: true });
  }
  if (enabled(MODULE.currencyConverter)) {
    // Prices need converting at once only for a shopper who chose a currency (our
    // `vitrine_currency` cookie or `?currency=`; other `…currency=` cookies only make it load
    // sooner) or when the platform already shows another currency; otherwise the converter and
    // its selector wait for the first interaction (spec §4 selection order).
    const chosen = /currency=/.test(doc.cookie + page.url) || page.store.currency.active !== settings.shopCurrency;
    plans.push({
      name: 'currency-converter',
      kind: 'idle',
      placements: fromSettings(MODULE.currencyConverter),
      floating: true,
      later: !chosen,
    });
  }
  if (protectsContent(settings, page)) plans.push({ name: 'content-protection', kind: 'idle', placements: [] });
  if (page.designMode || page.preview) {
    plans.push({ name: 'preview-badge', kind: 'idle', placements: [], floating: true });
  }
  // Spec §2: `#vtlHighlight=` / `#vtlHighlightOfferId=` (the page URL keeps its hash) scroll to
  // an element and mark it, on any page.
  if (/#.*vtlHighlight/.test(page.url)) plans.push({ name: 'highlight', kind: 'idle', placements: [] });
  // Error reports and, for visitors who are not bots, tracking: nothing of it before idle time.
  plans.push({ name: 'reporting', kind: 'idle', placements: [] });
  return plans;
}
