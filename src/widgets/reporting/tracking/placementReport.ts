/**
 * The placement report (spec §7): once per page view, the ids of the placements our widgets were
 * mounted at (`data-vitrine-placement` on each mount point: the owner's, the settings', a
 * theme layout's default, an app block's), so the owner sees which places work in the shop's
 * theme. Tracking makes it when the page is first hidden or left, so the mount points of the late
 * step (spec §9, 15 s) are in it when the shopper stayed that long.
 */
import { toJson } from '../../../core/lib/toJson';

/** The report's JSON text, or null when no mount point carries a placement id. */
export function placementReport(doc: Document, shopId: string): string | null {
  const attribute = 'data-vitrine-placement';
  // Each id once; the provider keeps at most 20 ids of 64 characters a view.
  const ids = [...new Set([...doc.querySelectorAll(`[${attribute}]`)].map((host) => host.getAttribute(attribute)!))]
    .filter((id) => /^[\w-]{1,64}$/.test(id))
    .slice(0, 20);
  // `toJson`: a page's `Array.prototype.toJSON` (Prototype.js) would send the ids as one string.
  return ids.length ? toJson({ s: shopId, i: ids }) : null;
}
