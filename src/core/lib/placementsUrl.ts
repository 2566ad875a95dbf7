import type { PageContext } from '../pageContext';
import type { Settings } from '../settings';
import { cacheKey } from './cacheKey';

/**
 * The provider URL of the placements the owner gave widget `widgetId` (spec §7: 4 the reviews
 * widget, 5 the product stars line, 6 the offer card) on this kind of device: versioned by the
 * shop's `lastUpdated` so browsers keep it, except for the owner in the editor or a preview, who
 * must see a move at once.
 */
export function placementsUrl(settings: Settings, page: PageContext, widgetId: number, mobile: boolean): string {
  const version = page.designMode || page.preview ? 'now' + Date.now() : cacheKey(settings.lastUpdated);
  return `${settings.providerBase}placements/${encodeURIComponent(settings.shopId)}/${version}/${widgetId}.json?isMobile=${+mobile}`;
}
