import { PRODUCT_NAME } from '../core/constants';
import { canUseCookies } from '../core/cookies';
import type { PageContext } from '../core/pageContext';
import type { Settings } from '../core/settings';

/** What the loader does on this page. */
export type LoadDecision =
  /** `foreignGlobal`: another script owns `window.Vitrine`; we start without touching it (the text says so). */
  | { action: 'start'; foreignGlobal?: string }
  /** Another copy already runs: the page may have been swapped by an instant-navigation library. */
  | { action: 'refresh' }
  /** A second load on a normal page: do nothing at all. */
  | { action: 'duplicate' }
  /** The shop must fix something: the text goes to the console as an error. */
  | { action: 'refuse'; message: string }
  /** Not our page: the text goes to the console as information. */
  | { action: 'stop'; reason: StopReason };

/** Why it stopped, as the console says it (`Vitrine: not started <reason>.`). */
export type StopReason = (typeof STOP)[keyof typeof STOP];

/** Spec §1: the exact console text for a browser without XMLHttpRequest or MutationObserver. */
export const unsupportedText = (email: string): string => `${PRODUCT_NAME} is unable to load. Please contact customer support at ${email}`;

/** Spec §5: the exact refusal text on plain HTTP. */
export const HTTPS_TEXT = `${PRODUCT_NAME} can only load via HTTPS. Please set up your domain to use HTTPS.`;

/** The informational line for each stop, so a shop owner reading the console knows why. */
export const STOP = {
  sandbox: 'in a frame without cookies',
  notFound: 'on a 404 page',
  checkout: 'on checkout',
  pageBuilder: 'in a page builder',
  wrongDomain: 'on another shop domain',
} as const;

/**
 * Where a running copy keeps its global, whatever owns `window.Vitrine`: a registered symbol on
 * the window, so a second copy of the script (another bundle, a re-injected tag) finds it.
 */
export const OWN_GLOBAL = Symbol.for('vitrine');

/** Said once in the console when another script owns `window.Vitrine`. */
export const GLOBAL_TAKEN_TEXT = `${PRODUCT_NAME}: window.Vitrine is taken by another script; the widgets run without it.`;

/** `Vitrine: not started on checkout.` and the like. */
export const stopText = (reason: StopReason): string => `${PRODUCT_NAME}: not started ${reason}.`;

/**
 * Instant-navigation libraries swap the page without a new document, so the script runs again
 * on a page that already has our global: then we refresh instead of refusing. (instant.page
 * only prefetches; its pages are new documents.)
 */
const INSTANT_NAVIGATION_GLOBALS = ['InstantClick', 'Turbo', 'Turbolinks', 'swup', 'barba'];

/**
 * Editors of the common page-builder apps render the storefront inside their own tool; our
 * widgets there would be saved into the shop's page content. Matched on the URL.
 */
const PAGE_BUILDER_URL =
  /[?&](pagefly|shogun|gempages|gp-preview|zipify|pb_editor|builder)[=&]|\/(pagefly|shogun|gempages|zipify-pages|ecomposer)\/(editor|preview)/i;

/** Development hosts exempt from the HTTPS rule. */
const LOCAL_HOST = /^(localhost|127(\.\d+){3}|\[::1\]|.+\.localhost)$/i;

/**
 * Decides whether to start on `win`, following spec §1 and §5 "Loading rules" in their order:
 * second load, missing browser features, HTTPS, then the pages we never run on.
 */
export function decideLoad(win: Window, page: PageContext, settings: Pick<Settings, 'shopDomain' | 'supportEmail'>): LoadDecision {
  const globals = win as Window & typeof globalThis & { [OWN_GLOBAL]?: unknown };
  if (globals[OWN_GLOBAL]) return { action: INSTANT_NAVIGATION_GLOBALS.some((name) => name in globals) ? 'refresh' : 'duplicate' };
  if (typeof globals.XMLHttpRequest !== 'function' || typeof globals.MutationObserver !== 'function') {
    return { action: 'refuse', message: unsupportedText(settings.supportEmail) };
  }
  const { protocol, hostname, href } = globals.location;
  if (protocol !== 'https:' && !page.designMode && !page.preview && !LOCAL_HOST.test(hostname)) {
    return { action: 'refuse', message: HTTPS_TEXT };
  }
  const stop = (reason: StopReason): LoadDecision => ({ action: 'stop', reason });
  // `top` is unforgeable and readable across origins (only its properties are not).
  if (globals.self !== globals.top && !canUseCookies(globals.document)) return stop(STOP.sandbox);
  if (page.pageType === 'notFound') return stop(STOP.notFound);
  if (page.pageType === 'checkout') return stop(STOP.checkout);
  if (PAGE_BUILDER_URL.test(href)) return stop(STOP.pageBuilder);
  const shown = page.store.shopDomain;
  // Both are host names (settings validate it; the platform's `Shopify.shop` is one): only case may differ.
  if (shown && settings.shopDomain && shown.toLowerCase() !== settings.shopDomain.toLowerCase()) return stop(STOP.wrongDomain);
  return globals.Vitrine === undefined ? { action: 'start' } : { action: 'start', foreignGlobal: GLOBAL_TAKEN_TEXT };
}
