/**
 * Review stats as the widgets receive them (`{ r, s, d }`, docs/provider-api.md), built from
 * per-star counts (the review store counts them; hidden reviews never count).
 */

/** Stats of a product or a shop. The one-letter keys are the wire format the widgets read. */
export interface ReviewStats {
  /** Total visible reviews. */
  r: number;
  /** Average stars rounded to 1 decimal (0 when there are none). */
  s: number;
  /** Count per star value. */
  d: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** One `GROUP BY stars` row: how many reviews have `stars`. */
export interface StarCount {
  stars: number;
  count: number;
}

/** Stats with no reviews. */
function emptyStats(): ReviewStats {
  return { r: 0, s: 0, d: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } };
}

/** Build stats from (stars, count) rows; star values outside 1–5 are ignored. */
export function statsFromRows(rows: StarCount[]): ReviewStats {
  const stats = emptyStats();
  let starSum = 0;
  for (const row of rows) {
    const star = String(row.stars) as keyof ReviewStats['d'];
    if (!(star in stats.d)) continue;
    stats.d[star] += row.count;
    stats.r += row.count;
    starSum += row.stars * row.count;
  }
  stats.s = stats.r ? Math.round((starSum / stats.r) * 10) / 10 : 0;
  return stats;
}
