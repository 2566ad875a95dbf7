/**
 * Request counters in fixed windows, shared by every provider process through the database (the
 * rate limits on PostgreSQL, where a client's requests reach any process). One statement per
 * request: an upsert that counts and answers the new count.
 */
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/** Counters by key and window. */
export interface RateLimitCounters {
  /** Counts one hit of `key` in the window starting at `windowStart` (ms); the count so far. */
  hit(key: string, windowStart: number): Promise<number>;
  /** The count of `key` in that window, without counting. */
  read(key: string, windowStart: number): Promise<number>;
  /** Deletes windows that started before `before` (ms); how many. */
  prune(before: number): Promise<number>;
}

/** The counters over one engine's query builder. */
export function rateLimitCounters(db: Kysely<Schema>): RateLimitCounters {
  return {
    async hit(key, windowStart) {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((conflict) => conflict.columns(['key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })))
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },
    async read(key, windowStart) {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return Number(row?.hits ?? 0);
    },
    async prune(before) {
      const result = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
