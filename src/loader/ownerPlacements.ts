import { placementsUrl } from '../core/lib/placementsUrl';
import type { Placement } from '../core/settings';
import type { WidgetContext } from '../widgets/types';

/** Spec §7 widget ids of the widgets the loader places where the owner moved them (docs/provider-api.md "Placements"). */
const WIDGET_IDS: Record<string, number> = { reviews: 4, 'offer-card': 6 };

/**
 * The placements the owner gave `widget` on this device (spec §7), or null when there are none
 * to ask for: settings list the widgets the owner moved, so no other page view makes a request.
 * A failed or garbled answer gives no placements (the plan's own places are used).
 */
export function ownerPlacements(win: Window, ctx: WidgetContext, widget: string): Promise<Placement[]> | null {
  const id = WIDGET_IDS[widget];
  if (!id || !ctx.settings.placedWidgets.includes(id)) return null;
  return fetch(placementsUrl(ctx.settings, ctx.page, id, win.innerWidth <= 767))
    .then((response) => (response.ok ? response.json() : []))
    .then(
      (found: Placement[]) =>
        Array.isArray(found)
          ? found.filter((placement) => typeof placement?.selector === 'string' && typeof placement.id === 'string')
          : [],
      () => [],
    );
}
