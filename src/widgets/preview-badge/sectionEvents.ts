/**
 * The theme editor's section and block events (spec §6; the platform fires them on the section
 * or block element, bubbling): a reloaded section gets its widgets again, an unloaded one
 * releases them, a selected block of ours scrolls into view.
 */
import type { WidgetContext } from '../types';

/** Elements of ours a selected block may be or hold: an app block's mount point or a widget. */
const OURS = '[data-vitrine-block],[data-vitrine-mount],[data-vitrine-stars]';

/**
 * Listens on `doc` for the editor's events; `changed` runs after the page's widgets changed (the
 * outlines follow). Returns the function that stops listening.
 */
export function followSectionEvents(doc: Document, ctx: WidgetContext, changed: () => void): () => void {
  const win = doc.defaultView!;
  const listeners: Record<string, (event: Event) => void> = {
    // Before the platform removes the section: its widgets' listeners, timers and observers go.
    'shopify:section:unload': (event) => {
      ctx.unmount(event.target as Element);
      changed();
    },
    // The new section is in the page: mount what it should hold (nothing twice: the loader keeps
    // the mount points it already made).
    'shopify:section:load': () => {
      ctx.refresh();
      changed();
    },
    // Sections moved, opened or closed in the editor's sidebar: the outlines follow.
    'shopify:section:reorder': changed,
    'shopify:section:select': changed,
    'shopify:section:deselect': changed,
    'shopify:block:select': (event) => {
      const block = event.target as Element;
      const ours = block.matches(OURS) ? block : block.querySelector(OURS);
      if (!ours) return;
      const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      ours.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    },
  };
  for (const [type, listener] of Object.entries(listeners)) doc.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of Object.entries(listeners)) doc.removeEventListener(type, listener);
  };
}
