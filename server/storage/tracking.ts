/**
 * Usage events (one batch per tracking request) and client error reports, what the owner learns
 * from them (dailyStats.ts, in the same transaction), and their expiry.
 */
import { sql, type Kysely } from 'kysely';
import type { TrackSummary } from '../provider/trackSummary.ts';
import { applyTrackSummary, recordErrorGroup } from './dailyStats.ts';
import type { Schema } from './schema.ts';

/** One `POST /api/track` request: its meta is stored once, its events point to it. */
interface TrackBatch {
  shopId: string;
  version: string;
  /** Serialized meta (already size-checked). */
  metaJson: string;
  /** The request's uid from its meta, if any: a batch with a uid already stored is not stored again. */
  requestUid?: string | null;
  events: { type: string; json: string }[];
  /** What the request adds to the day's aggregates (applied only when the batch is new). */
  summary?: TrackSummary;
  /** The UTC day it arrived (`YYYY-MM-DD`). */
  day?: string;
}

/** One client error report (`POST /api/store-error`). */
interface ErrorReport {
  shopId: string;
  code: string;
  message: string | null;
  url: string | null;
  ua: string | null;
  payloadJson: string;
  /** The group it is counted in: its message as grouped, and the chunk it came from. */
  group?: { message: string; source: string };
  /** When it arrived (ISO 8601). */
  now?: string;
}

/**
 * Tables whose rows expire after the retention period, in deletion order (events before their
 * batches): the raw rows, the visitors and visits of a day, and error groups not seen since. The
 * daily aggregates hold no visitor data and are kept.
 */
export const EXPIRING_TABLES = ['events', 'track_batches', 'error_reports', 'daily_visitors', 'visits', 'error_groups'] as const;
/** One of EXPIRING_TABLES. */
export type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/** How each expiring table's rows are aged (their time column) and picked (their key). */
const EXPIRY: Record<ExpiringTable, { time: string; key: string[] }> = {
  events: { time: 'created_at', key: ['id'] },
  track_batches: { time: 'created_at', key: ['id'] },
  error_reports: { time: 'created_at', key: ['id'] },
  daily_visitors: { time: 'created_at', key: ['shop_id', 'day', 'user_uid'] },
  visits: { time: 'created_at', key: ['shop_id', 'session_id'] },
  error_groups: { time: 'last_seen', key: ['shop_id', 'code', 'message', 'source'] },
};

/** Tracking batches, events and error reports. */
export interface TrackingStore {
  /**
   * Stores a batch and its events in one transaction, with its summary added to the day's
   * aggregates; returns the batch id. A batch whose request uid is already stored (a retry after a
   * lost answer) stores and counts nothing and returns the first id.
   */
  insertBatch(batch: TrackBatch): Promise<number>;
  /** Stores one error report and counts it in its group, in one transaction. */
  insertErrorReport(report: ErrorReport): Promise<void>;
  /**
   * Deletes at most `limit` rows of `table` created before `cutoffIso` (oldest first); returns
   * how many. Bounded so one call holds the write lock only briefly.
   */
  deleteExpired(table: ExpiringTable, cutoffIso: string, limit: number): Promise<number>;
}

/** The TrackingStore over one engine's query builder. */
export function trackingStore(db: Kysely<Schema>): TrackingStore {
  return {
    insertBatch: (batch) =>
      db.transaction().execute(async (trx) => {
        const requestUid = batch.requestUid ?? null;
        const inserted = await trx
          .insertInto('track_batches')
          .values({ shop_id: batch.shopId, version: batch.version, meta_json: batch.metaJson, request_uid: requestUid })
          .onConflict((conflict) => conflict.columns(['shop_id', 'request_uid']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom('track_batches')
            .select('id')
            .where('shop_id', '=', batch.shopId)
            .where('request_uid', '=', requestUid)
            .executeTakeFirstOrThrow();
          return Number(first.id);
        }
        const id = inserted.id;
        if (batch.events.length) {
          await trx
            .insertInto('events')
            .values(batch.events.map((event) => ({ shop_id: batch.shopId, batch_id: id, type: event.type, payload_json: event.json })))
            .execute();
        }
        if (batch.summary) await applyTrackSummary(trx, batch.shopId, batch.day ?? new Date().toISOString().slice(0, 10), batch.summary);
        return Number(id);
      }),

    insertErrorReport: (report) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('error_reports')
          .values({
            shop_id: report.shopId,
            code: report.code,
            message: report.message,
            url: report.url,
            ua: report.ua,
            payload_json: report.payloadJson,
          })
          .execute();
        if (report.group)
          await recordErrorGroup(
            trx,
            { shopId: report.shopId, code: report.code, ...report.group },
            report.now ?? new Date().toISOString(),
          );
      }),

    async deleteExpired(table, cutoffIso, limit) {
      if (!EXPIRING_TABLES.includes(table)) throw new Error(`not an expiring table: ${table}`);
      const { time, key } = EXPIRY[table];
      const columns = sql.join(key.map((column) => sql.ref(column)));
      // The oldest rows by their key (a row value on both engines), so one statement deletes a bounded chunk.
      const result =
        await sql`DELETE FROM ${sql.table(table)} WHERE (${columns}) IN (SELECT ${columns} FROM ${sql.table(table)} WHERE ${sql.ref(time)} < ${cutoffIso} ORDER BY ${sql.ref(time)} LIMIT ${limit})`.execute(
          db,
        );
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
