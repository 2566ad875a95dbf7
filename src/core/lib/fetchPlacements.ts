import type { PageContext } from '../pageContext';
import type { Placement, Settings } from '../settings';
import { placementsUrl } from './placementsUrl';

/** Spec §9: a phone is a viewport at most 767 px wide; the owner places widgets per device. */
const MOBILE_MAX_WIDTH = 767;

/**
 * The placements the owner gave widget `widgetId` (spec §7: 4 reviews widget, 5 product stars
 * line, 6 offer card) for this device, best first. A failed or garbled answer gives none: the
 * widget then goes where it would have gone anyway.
 */
export function fetchPlacements(win: Window, settings: Settings, page: PageContext, widgetId: number): Promise<Placement[]> {
  return fetch(placementsUrl(settings, page, widgetId, win.innerWidth <= MOBILE_MAX_WIDTH))
    .then((response) => (response.ok ? response.json() : []))
    .then(
      (found: Placement[]) =>
        Array.isArray(found)
          ? found.filter((placement) => typeof placement?.selector === 'string' && typeof placement.id === 'string')
          : [],
      () => [],
    );
}
