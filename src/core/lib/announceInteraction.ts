/**
 * Tells the page (and our tracking) that a shopper used a widget: the window event
 * `vitrine:interaction` with `detail: { name }`. The names the widgets fire: 'write-review-opened',
 * 'review-submitted', 'photo-opened', 'filter-used', 'currency-changed'; the offer card fires
 * 'offer-accepted'. A theme or another app may fire its own names the same way; the owner's stats
 * count every name. Never throws.
 */
export function announceInteraction(name: string): void {
  try {
    window.dispatchEvent(new CustomEvent('vitrine:interaction', { detail: { name } }));
  } catch {
    /* a page without CustomEvent misses one count, nothing else */
  }
}
