import { fetchPlacements } from '../core/lib/fetchPlacements';
import type { Placement } from '../core/settings';
import type { WidgetContext } from '../widgets/types';

/** Spec §7 widget ids of the widgets the loader places where the owner moved them (docs/provider-api.md "Placements"). */
const WIDGET_IDS: Record<string, number> = { reviews: 4, 'offer-card': 6 };

/**
 * The placements the owner gave `widget` on this device (spec §7), or null when there are none
 * to ask for: settings list the widgets the owner moved, so no other page view makes a request.
 * (The product stars line, widget 5, is placed by its own chunk.)
 */
export function ownerPlacements(win: Window, ctx: WidgetContext, widget: string): Promise<Placement[]> | null {
  const id = WIDGET_IDS[widget];
  return id && ctx.settings.placedWidgets.includes(id) ? fetchPlacements(win, ctx.settings, ctx.page, id) : null;
}
