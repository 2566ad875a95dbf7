/**
 * The star snippets' two stats requests (spec §7 `sf/prs/{shopId}/…`), through the page's
 * requester: every answer is read into `ReviewStats` here, so the rest of the chunk never sees
 * the provider's wire names. Both resolve to null for what the provider could not tell us (the
 * request budget is spent, or a handle is missing from the answer): such a product shows nothing.
 */
import { productStatsUrl } from '../../core/lib/productStatsUrl';
import { toReviewStats, type ReviewStats } from '../../core/reviewStats';
import type { WidgetContext } from '../types';

/** Stats for a value the provider sent, null when it sent nothing for it. */
const statsOrNull = (wire: unknown): ReviewStats | null => (wire ? toReviewStats(wire) : null);

/**
 * Stats of `handles` (at most 250, the provider's limit) in one POST, keyed by handle. Null when
 * the request budget is spent; rejects on network/HTTP errors (the requester reports those).
 */
export async function fetchListingStats(ctx: WidgetContext, handles: string[]): Promise<Record<string, ReviewStats | null> | null> {
  const { providerBase, shopId } = ctx.settings;
  const url = `${providerBase}sf/prs/${encodeURIComponent(shopId)}/stats.json`;
  const byHandle = await ctx.request<Record<string, unknown>>(url, { method: 'POST', json: { handles } });
  return byHandle && Object.fromEntries(handles.map((handle) => [handle, statsOrNull(byHandle[handle])]));
}

/**
 * Stats of one product (the product page's stars line; the loader preloads the same URL). Null
 * when the request budget is spent or the request failed (the requester reported it).
 */
export const fetchProductStats = (ctx: WidgetContext, handle: string): Promise<ReviewStats | null> =>
  ctx.request<unknown>(productStatsUrl(ctx.settings.providerBase, ctx.settings.shopId, handle)).then(statsOrNull, () => null);
