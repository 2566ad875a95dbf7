/**
 * Business constants of spec §9 (and a few from §1–§8) as named exports.
 * Plain `const`s so bundlers inline / tree-shake them; never mutate.
 */

/** Product name shown in user texts (spec §1, §2 preview badge). */
export const PRODUCT_NAME = 'Vitrine';
/** Window event fired once Vitrine started: `detail` is `window.Vitrine`. */
export const INIT_EVENT = 'vitrine:init';
/**
 * Window event fired by `Vitrine.refresh()` after the page was re-read and missing widgets
 * mounted: widgets already on the page (the eager star snippets) re-run on it.
 */
export const REFRESH_EVENT = 'vitrine:refresh';
/** Support address used in the "unable to load" console text (spec §1). */
export const SUPPORT_EMAIL = 'support@vitrine.dev';
/** Country code value set for the visitor at load (spec §1, §9). */
export const DEFAULT_COUNTRY_CODE = 'FI';
/** Namespace prefix for storage keys, so we never clash with theme keys. */
export const STORAGE_PREFIX = 'vitrine:';

/** Module ids (spec §9). */
export const MODULE = {
  cartReserved: 24,
  reviews: 21,
  currencyConverter: 30,
  contentProtection: 12,
} as const;
/** A known module id. */
export type ModuleId = (typeof MODULE)[keyof typeof MODULE];
/** Injector widget ids fetched from the placement endpoint (spec §7). */
export const INJECTOR_WIDGET_IDS = [4, 5, 6] as const;

// --- Requests (spec §7, §9) ---
/** Requests allowed per page view; extra calls are silently dropped. */
export const REQUEST_BUDGET = 50;
/** Default request timeout. */
export const REQUEST_TIMEOUT_MS = 5000;
/** Timeout for review submissions with photo uploads. */
export const UPLOAD_TIMEOUT_MS = 40000;
/** Delay before a late refresh step. */
export const LATE_REFRESH_DELAY_MS = 15000;

// --- Polling / timing (spec §9) ---
/** waitForObject polling interval. */
export const WAIT_FOR_OBJECT_INTERVAL_MS = 100;
/** waitForObject maximum tries. */
export const WAIT_FOR_OBJECT_TRIES = 50;
/** Stylesheet load wait. */
export const STYLESHEET_WAIT_MS = 2000;
/** Mutation observer debounce. */
export const MUTATION_DEBOUNCE_MS = 500;
/** Review-form validation debounce. */
export const FORM_DEBOUNCE_MS = 300;
/** Default debounce. */
export const DEFAULT_DEBOUNCE_MS = 50;
/** Columns layout resize debounce. */
export const RESIZE_DEBOUNCE_MS = 200;
/** List layout compact/loose switch debounce. */
export const LIST_LAYOUT_DEBOUNCE_MS = 150;
/** "See more reviews" spinner duration. */
export const SHOW_MORE_SPINNER_MS = 500;
/** Button loader maximum duration. */
export const BUTTON_LOADER_MS = 5000;
/** Modal open delay. */
export const MODAL_OPEN_DELAY_MS = 10;
/** Modal auto-close delay after it is set not-open. */
export const MODAL_CLOSE_DELAY_MS = 200;
/** Add-to-cart button polling interval. */
export const ATC_POLL_INTERVAL_MS = 300;
/** Add-to-cart button polling tries. */
export const ATC_POLL_TRIES = 20;
/** Maximum add-to-cart button announcements. */
export const ATC_MAX_ANNOUNCEMENTS = 6;

// --- Scrolling / animation (spec §9) ---
/** Scroll to reviews ends this many px above the widget. */
export const SCROLL_TO_REVIEWS_OFFSET_PX = 100;
/** Scroll-to-reviews duration. */
export const SCROLL_TO_REVIEWS_MS = 1000;
/** Animation speeds (ms) and frame tick. */
export const ANIMATION = { slow: 600, fast: 200, default: 400, tick: 13 } as const;

// --- Cart reserved (spec §4, §9) ---
/** Cart-reserved timer length in seconds. */
export const CART_RESERVED_SECONDS = 600;
/** Cart-reserved refresh interval. */
export const CART_RESERVED_TICK_MS = 1000;
/** Below this many seconds the countdown turns red. */
export const CART_RESERVED_WARN_SECONDS = 120;

// --- Reviews (spec §3, §9) ---
/** Initial / total review counts per device class. */
export const REVIEW_COUNTS = {
  initial: { desktop: 20, mobile: 9 },
  total: { desktop: 100, mobile: 50 },
} as const;
/** Locally kept submitted reviews. */
export const LOCAL_REVIEWS_MAX = 10;
/** Star sizes (px). */
export const STAR_SIZE = { collection: 18, product: 19 } as const;
/** Review stars range. */
export const MIN_STARS = 1;
/** Review stars range. */
export const MAX_STARS = 5;
/** Default colours (spec §3). */
export const DEFAULT_COLORS = {
  starFront: '#fbda03',
  starBack: '#cecece',
  bars: '#fbda03',
  verified: '#00a332',
} as const;
/** Columns layout geometry (spec §9). */
export const COLUMNS_LAYOUT = {
  columnWidth: 250,
  defaultColumns: 4,
  mobileColumns: 2,
  mobileBelowWidth: 384,
  gutter: 16,
} as const;
/** Masonry breakpoints: width → columns. */
export const MASONRY_BREAKPOINTS = { 350: 1, 750: 2, 900: 3 } as const;
/** List layout: compact under this width. */
export const LIST_COMPACT_MAX_WIDTH = 1024;
/** List layout compact/loose switch width. */
export const LIST_LOOSE_MIN_WIDTH = 600;
/** Review modal geometry. */
export const REVIEW_MODAL = { minImageHeight: 350, margins: 128, thumbnail: 68 } as const;
/** Review photo thumbnail size in styles. */
export const REVIEW_THUMBNAIL_PX = 60;
/** Photos in a list review strip: main + small ones before "+N". */
export const PHOTO_STRIP_SMALL = 2;

// --- Layout (spec §9) ---
/** Mobile: viewport or body width at most this. */
export const MOBILE_MAX_WIDTH = 767;
/** Small-screen style rules up to this width. */
export const SMALL_SCREEN_MAX_WIDTH = 768;
/** Layout breakpoints. */
export const BREAKPOINTS = [425, 550, 767, 768, 960, 1024] as const;
/** Widget max width. */
export const WIDGET_MAX_WIDTH = 1200;
/** Dropdown list max height. */
export const DROPDOWN_MAX_HEIGHT = 300;
/** Product card image max size. */
export const CARD_IMAGE_MAX = 360;
/** Product card max width. */
export const CARD_MAX_WIDTH = 1000;
/** Currency flag sprite size. */
export const FLAG_SIZE = { width: 30, height: 20 } as const;

// --- Tracking (spec §4, §9) ---
/** Tracking heartbeat interval. */
export const HEARTBEAT_MS = 5000;
/** Element visibility threshold for "seen" reports. */
export const VISIBILITY_THRESHOLD = 0.5;
/** Tracking request types. */
export const REQUEST_TYPE = { pageView: 1, heartbeat: 2, final: 3 } as const;
/** Scroll/move events needed before error reporting opens (spec §4). */
export const INTERACTION_GATE_EVENTS = 10;

// --- Cookies / currency (spec §4, §7, §9) ---
/** Currency cookie lifetime. */
export const CURRENCY_COOKIE_DAYS = 365;
/** User uid cookie lifetime. */
export const USER_COOKIE_DAYS = 7;
/** Stored cookie type lifetime. */
export const COOKIE_TYPE_DAYS = 365;
/** Localization redirect guard in seconds. */
export const LOCALIZATION_REDIRECT_GUARD_S = 3600;
/** Minor units per currency unit. */
export const MINOR_UNITS = 100;
/** Currencies enabled by default. */
export const DEFAULT_CURRENCIES = ['USD', 'CAD', 'AUD', 'NZD', 'GBP', 'EUR'] as const;
/** Cache keys fall back to the time rounded to this many seconds. */
export const CACHE_KEY_ROUND_S = 10000;

// --- Errors (spec §8) ---
/** Maximum error reports per page. */
export const MAX_ERROR_REPORTS = 10;
/** Stack trimmed to this length in one path. */
export const SHORT_STACK_CHARS = 600;
/** Stack truncation length. */
export const STACK_CHARS = 1200;
/** Error args truncation length. */
export const ERROR_ARG_CHARS = 1000;

// --- Key codes (spec §9) ---
/** Key codes. */
export const KEY = { escape: 27, enter: 13, s: 83, u: 85, left: 37, right: 39 } as const;

// --- Page types (spec §2) ---
/** All page types of spec §2, in spec order. */
export const PAGE_TYPES = [
  'empty',
  'home',
  'checkout',
  'product',
  'collection',
  'collections',
  'searchResults',
  'cart',
  'thank_you',
  'order_status',
  'top-reviews',
  'review-order',
  'wishlist',
  'gift_cards',
  'gift_card',
  'password',
  'other',
] as const;
/** A page type of spec §2. */
export type PageType = (typeof PAGE_TYPES)[number];
