/**
 * The star snippets' two stats requests (spec §7 `sf/prs/{shopId}/…`), through the page's
 * requester, and `statsOrNull`, which reads what they answer into `ReviewStats` (the listing
 * injector does so for each handle as it caches the batch answer), so nothing past them sees the
 * provider's wire names. Null stands for what the provider could not tell us (the request budget
 * is spent, a handle is missing from the answer): such a product shows nothing.
 */
import { productStatsUrl } from '../../core/lib/productStatsUrl';
import { toReviewStats, type ReviewStats } from '../../core/reviewStats';
import type { WidgetContext } from '../types';

/** Stats for a value the provider sent, null when it sent nothing for it. */
export const statsOrNull = (wire: unknown): ReviewStats | null => (wire ? toReviewStats(wire) : null);

/**
 * The provider's stats of `handles` (at most 250, its limit) in one POST, keyed by handle, as
 * sent (read each with `statsOrNull`). Null when the request budget is spent; rejects on
 * network/HTTP errors (the requester reports those).
 */
export function fetchListingStats(ctx: WidgetContext, handles: string[]): Promise<Record<string, unknown> | null> {
  // The batch's path is a product's with the id `stats` (spec §7 `sf/prs/{shopId}/{id}.json`), posted.
  return ctx.request<Record<string, unknown>>(productStatsUrl(ctx.settings.providerBase, ctx.settings.shopId, 'stats'), {
    method: 'POST',
    json: { handles },
  });
}

/**
 * Stats of one product (the product page's stars line; the loader starts the same request). Null
 * when the request budget is spent or the request failed (the requester reported it).
 */
export const fetchProductStats = (ctx: WidgetContext, handle: string): Promise<ReviewStats | null> =>
  ctx.request<unknown>(productStatsUrl(ctx.settings.providerBase, ctx.settings.shopId, handle)).then(statsOrNull, () => null);
