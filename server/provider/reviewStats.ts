/**
 * Review stats as the widgets receive them (`{ r, s, d }`, docs/provider-api.md) and the queries
 * that count them. Hidden reviews are never counted.
 */
import type { DB } from '../db/index.ts';

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

/** Stats for many product handles in one query. Unknown handles get empty stats. */
export function statsForHandles(db: DB, shopId: string, handles: string[]): Record<string, ReviewStats> {
  const unique = [...new Set(handles)];
  const rows = db
    .prepare(
      `SELECT product_handle AS handle, stars, COUNT(*) AS count FROM reviews
       WHERE shop_id = ? AND hidden = 0 AND product_handle IN (SELECT value FROM json_each(?))
       GROUP BY product_handle, stars`,
    )
    .all(shopId, JSON.stringify(unique)) as (StarCount & { handle: string })[];
  const byHandle = new Map<string, StarCount[]>();
  for (const row of rows) {
    const list = byHandle.get(row.handle) ?? [];
    list.push(row);
    byHandle.set(row.handle, list);
  }
  const out: Record<string, ReviewStats> = {};
  for (const handle of unique) out[handle] = statsFromRows(byHandle.get(handle) ?? []);
  return out;
}

/** Stats of one product handle. */
export function statsForHandle(db: DB, shopId: string, handle: string): ReviewStats {
  return statsForHandles(db, shopId, [handle])[handle]!;
}

/** Shop-wide stats of visible reviews. */
export function shopStats(db: DB, shopId: string): ReviewStats {
  const rows = db
    .prepare('SELECT stars, COUNT(*) AS count FROM reviews WHERE shop_id = ? AND hidden = 0 GROUP BY stars')
    .all(shopId) as StarCount[];
  return statsFromRows(rows);
}
