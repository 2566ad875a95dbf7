/**
 * Review stats (spec §3 "Review stats") as client code uses them. The provider sends them as
 * `{ r, s, d }` (total count, average, count per star value); they are read into
 * {@link ReviewStats} once, where a response arrives (the reviews widget's `api.ts`, the star
 * snippets' `statsRequests.ts`), and nothing past that point knows the wire names.
 *
 * Framework-free and tiny: the star snippets chunk uses it without the framework chunk, so it
 * lives in the shared core chunk.
 */

/** The review stats of one product (or of the shop, on the reviews page), validated. */
export interface ReviewStats {
  /** Number of reviews (a whole number, 0 or more). */
  count: number;
  /** Average rating, 0 to 5 (0 when there are no reviews). */
  average: number;
  /** Number of reviews per star value. */
  byStars: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** The shape the provider sends (spec §3): r total count, s average, d count per star value. */
interface WireStats {
  r?: unknown;
  s?: unknown;
  d?: unknown;
}

/** `value` when it is a finite number (never a numeric string), else 0. */
const finiteOrZero = (value: unknown): number => (Number.isFinite(value) ? (value as number) : 0);
const wholeCount = (value: unknown): number => Math.max(0, Math.floor(finiteOrZero(value)));

/**
 * Reads the provider's `{ r, s, d }` into {@link ReviewStats}, whatever `wire` is (`Object()`
 * turns null, numbers and strings into something with no such fields): wrong types count as 0,
 * counts become whole and not negative, the average is clamped to 0–5. Stats with no reviews are
 * all zero, whatever their average and per-star counts claim.
 */
export function toReviewStats(wire: unknown): ReviewStats {
  const { r: wireCount, s: wireAverage, d: wirePerStar } = Object(wire) as WireStats;
  const perStar = Object(wirePerStar) as Record<number, unknown>;
  const count = wholeCount(wireCount);
  const byStars = {} as ReviewStats['byStars'];
  for (const stars of [1, 2, 3, 4, 5] as const) byStars[stars] = count && wholeCount(perStar[stars]);
  return { count, average: count && Math.min(5, Math.max(0, finiteOrZero(wireAverage))), byStars };
}
