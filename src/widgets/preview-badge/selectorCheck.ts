/**
 * Whether a selector the owner gives a widget can be its new place (spec §7 `update-selector`),
 * as a tagged union the move dialog acts on. The provider checks the selector's syntax and our
 * own names too; only the page can tell whether it matches anything.
 */

/** Our own elements: widgets' hosts, the stars we inject, the editor's layer. */
const OWN = '[data-vitrine-mount],[data-vitrine-stars],[data-vitrine-editor]';

/** The verdict on a selector. */
export type SelectorCheck =
  /** The first element it matches: the place. */
  | { verdict: 'ok'; target: Element }
  /** Empty, or not a CSS selector this browser understands. */
  | { verdict: 'invalid' }
  /** Matches nothing on this page. */
  | { verdict: 'none' }
  /** Matches an element inside one of our widgets (or the editor): a widget cannot go there. */
  | { verdict: 'own' };

/** Checks `selector` against `doc` (its first match is where the widget would go). */
export function checkSelector(doc: Document, selector: string): SelectorCheck {
  if (!selector.trim()) return { verdict: 'invalid' };
  let target: Element | null;
  try {
    target = doc.querySelector(selector);
  } catch {
    return { verdict: 'invalid' };
  }
  if (!target || target.closest('head')) return { verdict: 'none' };
  return target.closest(OWN) ? { verdict: 'own' } : { verdict: 'ok', target };
}
