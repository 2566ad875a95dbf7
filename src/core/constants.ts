/**
 * Values two or more modules share. A value with one owner lives next to it (spec §9's timings
 * with the widget that waits, the error caps in `errors.ts`, …); plain `const`s, so the build
 * inlines them into each chunk.
 */

/** Product name shown in user texts (spec §1, §2 preview badge). */
export const PRODUCT_NAME = 'Vitrine';

/** Module ids (spec §9). */
export const MODULE = {
  cartReserved: 24,
  reviews: 21,
  currencyConverter: 30,
  contentProtection: 12,
  /** The product-offer card (spec §2): opt-in, never a default (it needs offers configured). */
  offerCard: 47,
} as const;

// The page's contract: names themes and other scripts see (events, attributes).
/** Window event fired once Vitrine started: `detail` is the API (`window.Vitrine` when it is ours). */
export const INIT_EVENT = 'vitrine:init';
/** Window event fired by `Vitrine.refresh()` after the page was re-read and missing widgets mounted. */
export const REFRESH_EVENT = 'vitrine:refresh';
/** Window event: the selected variant of the product page changed (`detail.variantId`), 50 ms after the change. */
export const VARIANT_CHANGED_EVENT = 'vitrine:variant-changed';
/** Window event: the cart changed (`detail.cart`, a `CartSnapshot`), whoever changed it. */
export const CART_CHANGED_EVENT = 'vitrine:cart-changed';
/** Storage key of the cart snapshot (`vitrine:cart` in localStorage): the cart's items, kept only while it has some. */
export const CART_STORAGE_KEY = 'cart';
/** Window event: the product page's add-to-cart button was found (`detail.button`). */
export const ATC_BUTTON_EVENT = 'vitrine:atc-button';
/** Window event: a widget's chunk mounted into its host (`detail: { widget, host }`); fired by the loader. */
export const MOUNTED_EVENT = 'vitrine:mounted';
/** Window event: a widget showed its first content (`detail: { widget, host }`), once per host (`announceRendered`). */
export const RENDERED_EVENT = 'vitrine:rendered';
// Fired with the `vitrine:interaction` of the same name (`announceInteraction(name, detail)`).
/** Window event: the review form's submission was accepted (`detail.review`: what the shopper wrote, without the e-mail). */
export const REVIEW_SUBMITTED_EVENT = 'vitrine:review-submitted';
/** Window event: the offer card's accept put the offered variant in the cart (`detail: { offerId, variantId }`). */
export const OFFER_ACCEPTED_EVENT = 'vitrine:offer-accepted';
/** Window event: the shopper chose a currency in the converter's selector (`detail.currency`, ISO 4217). */
export const CURRENCY_CHANGED_EVENT = 'vitrine:currency-changed';
/** Attribute the offer card's host carries while it shows an offer: its id (`#vtlHighlightOfferId=<id>` finds it). */
export const OFFER_ID_ATTRIBUTE = 'data-vitrine-offer-id';
/** Attribute every widget's mount point carries: `data-vitrine-mount="<widget name>"`. */
export const MOUNT_ATTRIBUTE = 'data-vitrine-mount';

/**
 * A rating the theme renders itself from the platform's review metafields (`reviews.rating`):
 * Dawn and its family (`.rating[role="img"]`, labelled "4.6 out of 5.0 stars"), Horizon (a
 * labelled `.rating`). A card or product title that has one gets no stars of ours (the star
 * snippets), and the loader then does not ask for the product stars line's stats.
 */
export const NATIVE_RATING = '.rating[aria-label]';

/** Mutation observer debounce (spec §9): the star snippets and the price converter re-run after it. */
export const MUTATION_DEBOUNCE_MS = 500;

/** The listing sort that spec §2 takes away: its option goes, a URL sorted by it moves to 'manual'. */
export const BEST_SELLING = 'best-selling';

// Local storage keys of the reviews widget that its form part writes too.
/** The order a shopper reviews (`{ code, customerName, customerEmail, productHandle }`, spec §3), kept until it is reviewed. */
export const REVIEW_ORDER_KEY = 'reviewOrder';
/** The shopper's own submitted reviews, newest first. */
export const SUBMITTED_REVIEWS_KEY = 'submittedReviews';
/** Spec §4, §9: locally kept submitted reviews. */
export const LOCAL_REVIEWS_CAP = 10;

/**
 * Languages of the widgets' built-in texts (spec §9); every widget's text table has these. A page
 * in another language gets English, and the `reporting` chunk reports the missing translations.
 */
export const BUILT_IN_LANGUAGES = ['en', 'es', 'nl'];
