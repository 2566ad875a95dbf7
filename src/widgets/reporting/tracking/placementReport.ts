/**
 * The placement report (spec §7): once per page view, the ids of the placements our widgets were
 * mounted at (`data-vitrine-placement` on each mount point: the owner's, the settings', a
 * theme layout's default, an app block's), so the owner sees which places work in the shop's
 * theme. By the time this chunk runs (idle), the loader has made every mount point of the first
 * pass; those made later (the 15 s step) are in the next page view's report.
 */
export function placementReport(doc: Document, shopId: string): string | null {
  const attribute = 'data-vitrine-placement';
  // Each id once; the provider keeps at most 20 ids of 64 characters a view.
  const ids = [...new Set([...doc.querySelectorAll(`[${attribute}]`)].map((host) => host.getAttribute(attribute)!))]
    .filter((id) => /^[\w-]{1,64}$/.test(id))
    .slice(0, 20);
  return ids.length ? JSON.stringify({ s: shopId, i: ids }) : null;
}
