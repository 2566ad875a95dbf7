/**
 * The version part of a cacheable provider URL (spec §9): the shop's `lastUpdated`, or, when it
 * is missing, the time rounded down to 10,000 s, so such URLs still change a few times a day
 * instead of never.
 */
export function cacheKey(lastUpdated: number, now: number = Date.now()): string {
  return String(lastUpdated > 0 ? lastUpdated : Math.floor(now / 1e7) * 1e4);
}
