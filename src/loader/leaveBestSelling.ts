import { BEST_SELLING } from '../core/constants';

/**
 * Spec §2 "Collection and listing pages": when the page's URL sorts by best-selling, replaces it
 * (no new history entry) with the same URL sorted by 'manual', and returns true. The loader does
 * it as it starts, before anything is requested for the page it leaves: the star snippets' chunk
 * did it once it had arrived (a round trip later, its download and the second stage's wasted).
 */
export function leaveBestSelling(pageLocation: Location): boolean {
  const params = new URLSearchParams(pageLocation.search);
  if (params.get('sort_by') !== BEST_SELLING) return false;
  params.set('sort_by', 'manual');
  pageLocation.replace(`${pageLocation.pathname}?${params}${pageLocation.hash}`);
  return true;
}
