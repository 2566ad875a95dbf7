/** Usage events (one batch per tracking request) and client error reports, and their expiry. */
import type { Kysely } from 'kysely';
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
}

/** One client error report (`POST /api/store-error`). */
interface ErrorReport {
  shopId: string;
  code: string;
  message: string | null;
  url: string | null;
  ua: string | null;
  payloadJson: string;
}

/** Tables whose rows expire after the retention period, in deletion order (events before their batches). */
export const EXPIRING_TABLES = ['events', 'track_batches', 'error_reports'] as const;
/** One of EXPIRING_TABLES. */
export type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/** Tracking batches, events and error reports. */
export interface TrackingStore {
  /**
   * Stores a batch and its events in one transaction; returns the batch id. A batch whose request
   * uid is already stored (a retry after a lost answer) stores nothing and returns the first id.
   */
  insertBatch(batch: TrackBatch): Promise<number>;
  /** Stores one error report. */
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
        return Number(id);
      }),

    async insertErrorReport(report) {
      await db
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
    },

    async deleteExpired(table, cutoffIso, limit) {
      if (!EXPIRING_TABLES.includes(table)) throw new Error(`not an expiring table: ${table}`);
      const oldest = db.selectFrom(table).select('id').where('created_at', '<', cutoffIso).orderBy('created_at').limit(limit);
      const result = await db.deleteFrom(table).where('id', 'in', oldest).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
