import { MODULE } from '../core/constants';
import type { PageContext } from '../core/pageContext';
import type { Placement, Settings } from '../core/settings';

/** How and when a widget's chunk is loaded. */
export type WidgetPlan =
  /** Placed in the page at a placement; loaded when its mount point nears the viewport. */
  | { name: string; kind: 'inline'; placements: Placement[]; reserve: number }
  /** Fixed to the viewport (badges, selectors); loaded when the main thread is idle. */
  | { name: string; kind: 'floating' }
  /** No UI of its own (listeners only); loaded when the main thread is idle. */
  | { name: string; kind: 'headless' };

/** Dawn's cart page title; other themes give a placement in settings. */
const CART_TITLE: Placement = { selector: 'main h1', alignment: 'after', id: 'cart-title' };

/**
 * Which widgets this page gets, from the enabled modules (spec §9 module ids) and the page type.
 * Placements come from settings (`placements[moduleId]`, then the widget's own setting), else a
 * default that fits the platform's reference theme.
 */
export function planWidgets(settings: Settings, page: PageContext): WidgetPlan[] {
  const plans: WidgetPlan[] = [];
  const enabled = (id: number) => settings.modules.includes(id);
  const placementsFor = (id: number, fallback: Placement | null): Placement[] => {
    const fromSettings = settings.placements[String(id)];
    if (fromSettings && fromSettings.length) return fromSettings;
    return fallback ? [fallback] : [];
  };

  if (enabled(MODULE.cartReserved) && page.pageType === 'cart') {
    // No space is reserved: the box shows only when the cart turns out to have items, and
    // holding space on an empty cart would leave a gap. Cart pages are not a first-view page.
    plans.push({ name: 'cart-reserved', kind: 'inline', placements: placementsFor(MODULE.cartReserved, settings.cartReserved.placement ?? CART_TITLE), reserve: 0 });
  }
  if (enabled(MODULE.contentProtection) && !page.designMode) {
    plans.push({ name: 'content-protection', kind: 'headless' });
  }
  if (page.designMode || page.preview) {
    plans.push({ name: 'preview-badge', kind: 'floating' });
  }
  return plans;
}
