/**
 * The product stars line's owner placement (spec §7 widget 5): a lazy part of the star snippets,
 * loaded only on pages of shops whose settings list the line as moved, so no other shop pays its
 * bytes or its request.
 */
import type { WidgetContext } from '../../types';
import type { Spot } from '../productStars';

/** `insertAdjacentElement` positions for a placement's alignment. */
const POSITIONS: Record<string, InsertPosition> = { before: 'beforebegin', after: 'afterend', prepend: 'afterbegin', append: 'beforeend' };

/**
 * Asks for the owner's placements of the line on this device; resolves with the function that
 * finds the first one on the page (again on each re-render; null when none matches, so the line
 * goes where it would have gone).
 */
export async function ownerSpot(ctx: WidgetContext): Promise<(doc: Document) => Spot | null> {
  const placements = await ctx.placements(5);
  return (doc) => {
    for (const placement of placements) {
      try {
        const at = doc.querySelector(placement.selector);
        const position = POSITIONS[placement.alignment];
        if (at && typeof position === 'string') return { at, position, id: placement.id };
      } catch {
        /* not CSS: the next one */
      }
    }
    return null;
  };
}
