import type Database from 'better-sqlite3';

/** One `POST /api/track` request: its meta is stored once, its events point to it. */
export interface TrackBatch {
  shopId: string;
  version: string;
  /** Serialized meta (already size-checked). */
  metaJson: string;
  events: { type: string; json: string }[];
}

/** Store a batch and its events in one transaction; returns the batch id. */
export function insertTrackBatch(db: Database.Database, batch: TrackBatch): number {
  const insertBatch = db.prepare('INSERT INTO track_batches (shop_id, version, meta_json) VALUES (?, ?, ?)');
  const insertEvent = db.prepare('INSERT INTO events (shop_id, batch_id, type, payload_json) VALUES (?, ?, ?, ?)');
  return db.transaction(() => {
    const batchId = Number(insertBatch.run(batch.shopId, batch.version, batch.metaJson).lastInsertRowid);
    for (const event of batch.events) insertEvent.run(batch.shopId, batchId, event.type, event.json);
    return batchId;
  })();
}

/** One client error report (`POST /api/store-error`). */
export interface ErrorReport {
  shopId: string;
  code: string;
  message: string | null;
  url: string | null;
  ua: string | null;
  payloadJson: string;
}

/** Store one error report. */
export function insertErrorReport(db: Database.Database, report: ErrorReport): void {
  db.prepare('INSERT INTO error_reports (shop_id, code, message, url, ua, payload_json) VALUES (?, ?, ?, ?, ?, ?)').run(
    report.shopId,
    report.code,
    report.message,
    report.url,
    report.ua,
    report.payloadJson,
  );
}

/** Tables whose rows expire after the retention period, in deletion order (events before their batches). */
export const EXPIRING_TABLES = ['events', 'track_batches', 'error_reports'] as const;
/** One of EXPIRING_TABLES. */
export type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/**
 * Delete at most `limit` rows of `table` created before `cutoffIso` (oldest first); returns how
 * many. Bounded so one call holds the write lock only briefly.
 */
export function deleteExpiredChunk(db: Database.Database, table: ExpiringTable, cutoffIso: string, limit: number): number {
  if (!EXPIRING_TABLES.includes(table)) throw new Error(`not an expiring table: ${table}`);
  return db
    .prepare(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE created_at < ? ORDER BY created_at LIMIT ?)`)
    .run(cutoffIso, limit).changes;
}
