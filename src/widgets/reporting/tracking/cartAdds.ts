/**
 * Add-to-carts, for the owner's "add-to-carts in visits that saw reviews" (the provider joins
 * them with the visit's impressions). Watched without touching the shop's code: requests to the
 * platform's `/cart/add` seen in the browser's resource timing (themes that add with fetch or
 * XHR), and add-to-cart forms submitted the classic way (the page then navigates; a submit a
 * theme prevents goes through fetch and is already seen).
 */

import { hasBeenActive } from '../lib/hasBeenActive';

/** The platform's add endpoints, locale-prefixed or not (spec §2 `/cart/add`). */
const CART_ADD = /\/cart\/add(\.js(on)?)?([?#]|$)/;

/**
 * Calls `onAdd()` for every add-to-cart of the page from now on, and for the ones still in the
 * timing buffer when the shopper may have made one (see below); returns the stop function.
 */
export function watchCartAdds(win: Window, onAdd: () => void): () => void {
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const type = (entry as PerformanceResourceTiming).initiatorType;
        if ((type === 'fetch' || type === 'xmlhttprequest') && CART_ADD.test(entry.name)) onAdd();
      }
    });
    // The timing buffer holds the adds made before this chunk came, and every other request of the
    // page (its images and scripts): read only where there can be one. An add needs the shopper's
    // click or key, and a browser that knows there has been none (`userActivation`) says so.
    observer.observe({ type: 'resource', buffered: hasBeenActive(win) !== false });
  } catch {
    /* no resource timing: form submissions are still seen */
  }
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement | null;
    if (!CART_ADD.test(String(form?.getAttribute?.('action')))) return;
    // Read once the shop's handlers have run: a prevented submit is an AJAX add, seen above.
    win.setTimeout(() => event.defaultPrevented || onAdd());
  };
  win.document.addEventListener('submit', onSubmit, true);
  return () => {
    observer?.disconnect();
    win.document.removeEventListener('submit', onSubmit, true);
  };
}
