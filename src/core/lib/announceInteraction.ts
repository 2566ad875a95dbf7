/**
 * Tells the page (and our tracking) that a shopper used a widget: the window event
 * `vitrine:interaction` with `detail: { name }`. The names the widgets fire: 'write-review-opened',
 * 'review-submitted', 'photo-opened', 'filter-used', 'currency-changed'; the offer card fires
 * 'offer-accepted'. A theme or another app may fire its own names the same way; the owner's stats
 * count every name. With `detail`, the window event `vitrine:<name>` follows with it: what the
 * page and the owner's hooks learn of it (`vitrine:review-submitted`, `vitrine:offer-accepted`,
 * `vitrine:currency-changed`, in src/core/constants.ts). Never throws.
 */
export function announceInteraction(name: string, detail?: object): void {
  try {
    window.dispatchEvent(new CustomEvent('vitrine:interaction', { detail: { name } }));
    if (detail) window.dispatchEvent(new CustomEvent(`vitrine:${name}`, { detail }));
  } catch {
    /* a page without CustomEvent misses one count, nothing else */
  }
}
