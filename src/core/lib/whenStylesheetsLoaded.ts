/** Spec §9: stylesheet loads are awaited at most 2 s. */
const STYLESHEET_WAIT_MS = 2000;

/**
 * Resolves once every stylesheet `<link>` of the page that applies has loaded (or failed), or
 * after 2 s (spec §9): what measures the page (scrolling to an element, outlining a widget) then
 * measures it styled, and a slow or hung stylesheet never holds it up for long.
 */
export function whenStylesheetsLoaded(doc: Document): Promise<void> {
  const win = doc.defaultView!;
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')].filter(
    (link) => !link.sheet && !link.disabled && (!link.media || win.matchMedia(link.media).matches),
  );
  return new Promise((resolve) => {
    let left = pending.length;
    if (!left) return resolve();
    const settled = () => --left || resolve();
    for (const link of pending) {
      link.addEventListener('load', settled, { once: true });
      link.addEventListener('error', settled, { once: true });
    }
    win.setTimeout(resolve, STYLESHEET_WAIT_MS);
  });
}
