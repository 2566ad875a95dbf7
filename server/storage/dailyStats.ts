/**
 * What the owner learns (docs/provider-api.md, "What the owner learns"): per shop and UTC day,
 * page views, visitors (distinct user uids), impressions per widget, interactions per name,
 * add-to-carts and add-to-carts in visits that saw reviews, consent reports; and the client error
 * reports grouped by code, message and source chunk. Counted when requests arrive (in the same
 * transaction as the raw rows), read per day.
 */
import { sql, type Kysely } from 'kysely';
import type { TrackSummary } from '../provider/trackSummary.ts';
import type { Schema } from './schema.ts';

/** The metrics of `daily_stats` (a key splits impressions by widget, interactions and consent by name). */
type Metric = 'pageViews' | 'visitors' | 'impressions' | 'interactions' | 'addToCarts' | 'addToCartsAfterReviews' | 'consent';

/** One counter of a day. */
export interface DailyCount {
  day: string;
  metric: Metric;
  key: string;
  count: number;
}

/** One error group. */
export interface ErrorGroup {
  code: string;
  message: string;
  source: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

/** Adds `count` to one counter of a day (creating it). */
async function bumpDaily(db: Kysely<Schema>, shopId: string, day: string, metric: Metric, key: string, count: number): Promise<void> {
  if (!count) return;
  await db
    .insertInto('daily_stats')
    .values({ shop_id: shopId, day, metric, key, count })
    .onConflict((conflict) =>
      conflict.columns(['shop_id', 'day', 'metric', 'key']).doUpdateSet({ count: sql<number>`daily_stats.count + excluded.count` }),
    )
    .execute();
}

/**
 * Applies one tracking request's summary to the day's counters: its page views, impressions and
 * interactions; the visitor, counted once per day; the visit's add-to-carts, of which those of a
 * visit that saw reviews (before or after adding) count as add-to-carts after reviews, each once.
 */
export async function applyTrackSummary(db: Kysely<Schema>, shopId: string, day: string, summary: TrackSummary): Promise<void> {
  await bumpDaily(db, shopId, day, 'pageViews', '', summary.pageViews);
  for (const [widget, count] of Object.entries(summary.impressions)) await bumpDaily(db, shopId, day, 'impressions', widget, count);
  for (const [name, count] of Object.entries(summary.interactions)) await bumpDaily(db, shopId, day, 'interactions', name, count);
  await bumpDaily(db, shopId, day, 'addToCarts', '', summary.addToCarts);
  if (summary.userUid) {
    const added = await db
      .insertInto('daily_visitors')
      .values({ shop_id: shopId, day, user_uid: summary.userUid })
      .onConflict((conflict) => conflict.columns(['shop_id', 'day', 'user_uid']).doNothing())
      .returning('user_uid')
      .executeTakeFirst();
    if (added) await bumpDaily(db, shopId, day, 'visitors', '', 1);
  }
  if (summary.sessionId && (summary.addToCarts || summary.sawReviews)) {
    const saw = summary.sawReviews ? 1 : 0;
    await db
      .insertInto('visits')
      .values({ shop_id: shopId, session_id: summary.sessionId, saw_reviews: saw, add_to_carts: summary.addToCarts })
      .onConflict((conflict) =>
        conflict.columns(['shop_id', 'session_id']).doUpdateSet({
          saw_reviews: sql<number>`CASE WHEN visits.saw_reviews > excluded.saw_reviews THEN visits.saw_reviews ELSE excluded.saw_reviews END`,
          add_to_carts: sql<number>`visits.add_to_carts + excluded.add_to_carts`,
        }),
      )
      .execute();
    // One statement, so two requests of a visit never credit the same add-to-cart: the SET
    // expressions read the row as it was, and a concurrent update waits for the row's lock.
    const credited = await db
      .updateTable('visits')
      .set({ last_credit: sql<number>`add_to_carts - credited`, credited: sql<number>`add_to_carts` })
      .where('shop_id', '=', shopId)
      .where('session_id', '=', summary.sessionId)
      .where('saw_reviews', '=', 1)
      .where(sql<boolean>`credited < add_to_carts`)
      .returning('last_credit')
      .executeTakeFirst();
    if (credited) await bumpDaily(db, shopId, day, 'addToCartsAfterReviews', '', Number(credited.last_credit));
  }
}

/** Counts one report of a group (creating it), seen `now`. */
export async function recordErrorGroup(
  db: Kysely<Schema>,
  group: { shopId: string; code: string; message: string; source: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('error_groups')
    .values({
      shop_id: group.shopId,
      code: group.code,
      message: group.message,
      source: group.source,
      count: 1,
      first_seen: now,
      last_seen: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['shop_id', 'code', 'message', 'source']).doUpdateSet({
        count: sql<number>`error_groups.count + 1`,
        last_seen: sql<string>`excluded.last_seen`,
      }),
    )
    .execute();
}

/** Reading what the owner learns. */
export interface StatsStore {
  /** The counters of days `from` to `to` (inclusive, `YYYY-MM-DD`), by day. */
  daily(shopId: string, from: string, to: string): Promise<DailyCount[]>;
  /** Error groups, most recently seen first, and how many there are. */
  errorGroups(shopId: string, limit: number): Promise<{ groups: ErrorGroup[]; total: number }>;
  /** Counts a consent report (spec §7) for the day. */
  recordConsent(shopId: string, day: string, tracked: boolean): Promise<void>;
}

/** The StatsStore over one engine's query builder. */
export function statsStore(db: Kysely<Schema>): StatsStore {
  return {
    async daily(shopId, from, to) {
      const rows = await db
        .selectFrom('daily_stats')
        .select(['day', 'metric', 'key', 'count'])
        .where('shop_id', '=', shopId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .orderBy('metric')
        .orderBy('key')
        .execute();
      return rows.map((row) => ({ day: row.day, metric: row.metric as Metric, key: row.key, count: Number(row.count) }));
    },

    async errorGroups(shopId, limit) {
      const rows = await db
        .selectFrom('error_groups')
        .select(['code', 'message', 'source', 'count', 'first_seen', 'last_seen'])
        .where('shop_id', '=', shopId)
        .orderBy('last_seen', 'desc')
        .orderBy('count', 'desc')
        .limit(limit)
        .execute();
      const total = await db
        .selectFrom('error_groups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', '=', shopId)
        .executeTakeFirstOrThrow();
      return {
        groups: rows.map((row) => ({
          code: row.code,
          message: row.message,
          source: row.source,
          count: Number(row.count),
          firstSeen: row.first_seen,
          lastSeen: row.last_seen,
        })),
        total: Number(total.n),
      };
    },

    recordConsent: (shopId, day, tracked) => bumpDaily(db, shopId, day, 'consent', tracked ? 'tracked' : 'notTracked', 1),
  };
}
