/**
 * Themes keep hidden copies of what they show: Horizon renders each card's title a second time
 * for its zoomed-out grid (`display: none` until the shopper zooms out), sticky bars and closed
 * drawers repeat the product title. A hidden element is never an anchor for our lines.
 */

const VISIBILITY = { visibilityProperty: true };

/**
 * `checkVisibility`, except that a `display: contents` element (Horizon's title link) has no box
 * of its own but shows whatever its parent shows.
 */
function rendered(el: Element): boolean {
  if (el.checkVisibility(VISIBILITY)) return true;
  const parent = el.parentElement;
  return !!parent && getComputedStyle(el).display === 'contents' && rendered(parent);
}

/**
 * True when `el` is not rendered (`display: none`, `hidden`, `content-visibility` skipped, or
 * `visibility: hidden`) while `within` is: a hidden copy inside something the shopper sees. When
 * `within` itself is not rendered (a closed tab, a collapsed section), nothing in it can be told
 * apart, so nothing counts as hidden. Browsers without `checkVisibility` (before 2022–2024)
 * fall back to the computed `display` up to `within` (the `hidden` attribute's included).
 */
export function hiddenWithin(el: Element, within: Element): boolean {
  if ((el as Partial<Element>).checkVisibility) return !rendered(el) && rendered(within);
  for (let node: Element | null = el; node && node !== within; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return true;
  }
  return false;
}
