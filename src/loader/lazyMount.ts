import { MOUNT_ATTRIBUTE } from '../core/constants';
import type { Placement } from '../core/settings';

/** `insertAdjacentElement` positions for a placement's alignment. */
const POSITIONS: Record<Placement['alignment'], InsertPosition> = {
  before: 'beforebegin',
  after: 'afterend',
  prepend: 'afterbegin',
  append: 'beforeend',
};

/**
 * Inserts the mount point of `widget` at the first element matching the placement descriptor
 * (spec §3 "Injector placement descriptor": selector, alignment, id). Returns the existing one
 * when the script runs twice, `null` when the selector is invalid or matches nothing.
 *
 * `reserve` (px) is the widget's expected height: the space is held before the chunk arrives so
 * the page does not shift (CLS).
 */
export function insertMountPoint(doc: Document, widget: string, placement: Placement, reserve?: number): HTMLElement | null {
  // A malformed placement (from settings or the provider: a bad selector, alignment or id) is
  // "not found", reported by the caller.
  try {
    const existing = doc.querySelector<HTMLElement>(
      `[${MOUNT_ATTRIBUTE}="${widget}"][data-vitrine-placement="${cssEscape(placement.id)}"]`,
    );
    if (existing) return existing;
    const target = doc.querySelector(placement.selector);
    const position = POSITIONS[placement.alignment];
    if (!target || typeof position !== 'string') return null;
    const host = createHost(doc, widget, reserve || 0);
    host.setAttribute('data-vitrine-placement', placement.id);
    target.insertAdjacentElement(position, host);
    return host;
  } catch {
    return null;
  }
}

/**
 * A widget's own element; the widget attaches its shadow root to it. With `reserve` (px, 0 for
 * none) it is styled to go into the page; without, it is for a widget without UI or whose UI goes
 * elsewhere (the star snippets, reporting, content protection), which stays detached: its inline
 * style would be parsed for nothing, on every page (the page's first inline style to parse costs
 * about 0.5 ms at 4x: Chromium, the demo's collection page, median of 10 loads).
 */
export function createHost(doc: Document, widget: string, reserve?: number): HTMLElement {
  const host = doc.createElement('div');
  host.setAttribute(MOUNT_ATTRIBUTE, widget);
  // Shown, unpadded and unbordered whatever the theme's rules on div (even `!important` ones: a
  // hidden host would never come near the viewport, so its chunk would never load).
  if (reserve !== undefined) host.style.cssText = `display:block!important;margin:0;padding:0;border:0;min-height:${reserve}px`;
  return host;
}

/**
 * Calls `load` once, when `element` comes within `rootMargin` of the viewport, so a widget chunk is
 * fetched only for mount points a shopper may see. Every browser that runs this ES2020 script
 * (Chrome 80, Firefox 74, Safari 13.1 and later) has IntersectionObserver.
 */
export function whenNearViewport(element: Element, load: () => void, rootMargin = '300px 0px'): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        load();
      }
    },
    { rootMargin },
  );
  observer.observe(element);
}

/**
 * Calls `load` once the main thread is idle after the page's `load` event (floating and
 * headless widgets), so their chunks never compete with the shop's own first render. With
 * `later`, it waits further: until the shopper first interacts, or the page has been shown for
 * 5 s, so a widget nobody needs yet costs the first page view no main-thread time at all. Shown:
 * a tab opened in the background (a shopper comparing products opens several) or a prerendered
 * page counts its 5 s from when it is first seen, not from its load, so it does not fetch and run
 * those widgets while the shopper is on another page. Loads asked for before the idle callback
 * comes start in it together (`queued`). Safari has no requestIdleCallback: a short timeout
 * stands in.
 */
export function whenIdle(win: Window, load: () => void, later?: boolean): void {
  let done = 0;
  const idle = () => {
    if (done++ || queued.push(load) > 1) return;
    // Guarded by their callers (mountIdle's `safe`): none throws, so each runs.
    const run = () => {
      for (const start of queued.splice(0)) start();
    };
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 3000 });
    else win.setTimeout(run, 200);
  };
  const start = () => {
    if (!later) return idle();
    for (const type of INTERACTIONS) win.addEventListener(type, idle, { once: true, passive: true });
    seen();
  };
  // `visibilitychange` is fired at the document and reaches the window.
  const seen = (): unknown =>
    win.document.hidden ? win.addEventListener('visibilitychange', seen, { once: true }) : win.setTimeout(idle, 5000);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}

/**
 * What the next idle callback starts, in the order asked, in one task: a chunk's `import()` holds
 * the main thread 2.2-2.3 ms as the first of its task and 0.15 ms after another (Chromium at 4x,
 * the demo's product page, 16 pages), so idle-time widgets asked for together (the reporting
 * chunk and content protection, on every page of a shop that protects its content) share a task.
 */
const queued: (() => void)[] = [];

/** `pointerdown` covers touch too. */
const INTERACTIONS = ['pointerdown', 'keydown', 'scroll'];

/** Enough of CSS.escape for placement ids (letters, digits, dashes) that may contain quotes. */
function cssEscape(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}
