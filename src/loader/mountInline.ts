import { ERR_WIDGET_TARGET_NOT_FOUND, reportError } from '../core/errors';
import type { Placement } from '../core/settings';
import { insertMountPoint, whenNearViewport } from './lazyMount';
import type { WidgetPlan } from './widgetPlan';

/**
 * Mounts an inline plan: every placement gets a mount point (or the first, for defaults); each
 * loads near the viewport. The widget's app block (`[data-vitrine-block="<widget>"]`,
 * extensions/vitrine-theme: the merchant dragged it there in the theme editor) comes before them
 * all: when the page has one, the widget goes inside it and nowhere else. With `late` (the late
 * step), a widget that found no place is reported.
 */
export function mountInline(
  doc: Document,
  plan: Extract<WidgetPlan, { kind: 'inline' }>,
  load: (name: string, host: HTMLElement) => void,
  late?: boolean,
): void {
  /** A mount point of this plan (the widget found a place). */
  let placed: HTMLElement | undefined;
  const block: Placement = { selector: `[data-vitrine-block="${plan.name}"]`, alignment: 'append', id: 'app-block' };
  for (const placement of [block, ...plan.placements]) {
    const host = insertMountPoint(doc, plan.name, placement, plan.reserve);
    if (!host) continue;
    placed = host;
    if (!host.dataset.vitrineWatched) {
      host.dataset.vitrineWatched = '1';
      whenNearViewport(host, () => load(plan.name, host));
    }
    if (plan.first || placement === block) break;
  }
  // The placements are in the shop's settings; the report only needs the widget.
  if (!placed && late) reportError(ERR_WIDGET_TARGET_NOT_FOUND, new Error(`widget injection location not found: ${plan.name}`));
}
