/**
 * Lazy entry `highlight` (spec §2): a URL hash `#vtlHighlight=<selector>` or
 * `#vtlHighlightOfferId=<offer id>` (the shop owner's links to an element, or to where an offer
 * shows) scrolls the page to that element and marks it highlighted: smoothly, or at once for
 * shoppers who ask for reduced motion. Planned by the loader only when the hash has one, at idle.
 * The element may come late (the offer card renders once its data is in): it is looked for every
 * 100 ms, 50 times (spec §9 wait-for-object polling); an offer card still waiting for the
 * viewport is brought near it first, so it loads. A missing element (or a selector that is no CSS)
 * is reported with what was looked for (spec §8 "highlight element not found").
 */
import { MOUNT_ATTRIBUTE, OFFER_ID_ATTRIBUTE } from '../../core/constants';
import { ERR_HIGHLIGHT_NOT_FOUND } from '../../core/errors';
import type { Report } from '../../core/lib/guardWith';
import { waitForObject } from '../../core/lib/waitForObject';
import { whenStylesheetsLoaded } from '../../core/lib/whenStylesheetsLoaded';
import type { MountWidget } from '../types';

/** The attribute a highlighted element gets (its outline is inline: the page's own element). */
export const HIGHLIGHTED_ATTRIBUTE = 'data-vitrine-highlighted';

/** What the hash asks to highlight: a CSS selector, or the host of the offer card showing an offer. */
export type HighlightTarget = { kind: 'selector'; selector: string } | { kind: 'offer'; id: string };

/** The target a URL hash names (`#vtlHighlight=…`, `#vtlHighlightOfferId=…`, maybe among other `&` parts); null when none. */
export function highlightTarget(hash: string): HighlightTarget | null {
  for (const part of hash.replace(/^#/, '').split('&')) {
    const match = /^(vtlHighlight|vtlHighlightOfferId)=(.+)$/.exec(part);
    if (!match) continue;
    let value = match[2]!;
    try {
      value = decodeURIComponent(value);
    } catch {
      /* used as written */
    }
    value = value.trim();
    if (value) return match[1] === 'vtlHighlight' ? { kind: 'selector', selector: value } : { kind: 'offer', id: value };
  }
  return null;
}

/** Scrolls to and marks the element the hash of `win` names (see the module comment); the returned function stops looking. */
export function highlight(win: Window, report: Report): () => void {
  const target = highlightTarget(win.location.hash);
  if (!target) return () => {};
  const doc = win.document;
  const selector = target.kind === 'selector' ? target.selector : `[${OFFER_ID_ATTRIBUTE}="${target.id.replace(/["\\]/g, '\\$&')}"]`;
  const described = target.kind === 'selector' ? `vtlHighlight=${target.selector}` : `vtlHighlightOfferId=${target.id}`;
  try {
    doc.querySelector(selector);
  } catch {
    report(ERR_HIGHLIGHT_NOT_FOUND, new Error(`highlight element not found: ${described} is no CSS selector`));
    return () => {};
  }
  let nudged = false;
  const find = () => {
    const element = doc.querySelector<HTMLElement>(selector);
    // An offer card still waiting for the viewport: bring its mount point near, so it loads.
    const waiting =
      !element && target.kind === 'offer' && !nudged && doc.querySelector(`[${MOUNT_ATTRIBUTE}="offer-card"]:not([${OFFER_ID_ATTRIBUTE}])`);
    if (waiting) {
      nudged = true;
      waiting.scrollIntoView({ block: 'center' });
    }
    return element;
  };
  const show = (element: HTMLElement) => {
    element.setAttribute(HIGHLIGHTED_ATTRIBUTE, '');
    element.style.setProperty('outline', '3px solid #1d4ed8');
    element.style.setProperty('outline-offset', '4px');
    // Scrolled once the page is styled: a stylesheet still loading would move the element after.
    void whenStylesheetsLoaded(doc).then(() => {
      const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
    });
  };
  return waitForObject(win, find, show, () => report(ERR_HIGHLIGHT_NOT_FOUND, new Error(`highlight element not found: ${described}`)));
}

/** The loader's mount: no UI of its own (a detached host); the page's element is the one marked. */
export const mount: MountWidget = (_host, ctx) => highlight(window, ctx.report);
