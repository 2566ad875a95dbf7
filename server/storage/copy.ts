/**
 * Moving a provider from one machine to several: every row of a SQLite store (and its photo
 * files) copied into a PostgreSQL store, in one PostgreSQL transaction, so the copy is all or
 * nothing. Ids are kept (photo URLs and review links contain them) and the identity sequences
 * moved past them. Rate-limit counters are not copied: they are minutes old at most. Nor are the
 * provider's secrets: the PostgreSQL store keeps its own (an editor token lives an hour).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { photoFile } from './photos.ts';
import { openPostgres } from './postgres.ts';
import { DB_FILE, openSqliteFile } from './sqlite.ts';
import type { Schema } from './schema.ts';

/** Tables in the order their foreign keys allow, with their identity column if any. */
const TABLES: readonly { name: keyof Schema; identity?: 'id' }[] = [
  { name: 'shops' },
  { name: 'shop_state' },
  { name: 'products' },
  { name: 'reviews', identity: 'id' },
  { name: 'review_photos', identity: 'id' },
  { name: 'orders' },
  { name: 'captured_emails', identity: 'id' },
  { name: 'track_batches', identity: 'id' },
  { name: 'events', identity: 'id' },
  { name: 'error_reports', identity: 'id' },
  { name: 'daily_stats' },
  { name: 'daily_visitors' },
  { name: 'visits' },
  { name: 'error_groups' },
  { name: 'carts' },
  { name: 'photos' },
  { name: 'owner_placements' },
  { name: 'placement_reports' },
  { name: 'platform_metafields', identity: 'id' },
];

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH_ROWS = 500;

/** What a copy did, per table. */
export type CopyReport = { table: string; rows: number }[];

/** Why a copy did not start; the message is one line for the CLI. */
class CopyRefused extends Error {
  override name = 'CopyRefused';
}

/**
 * Whether the PostgreSQL store holds anything beyond what a new store is seeded with (the demo
 * shop): a copy replaces every row, so it refuses to run over real data unless told to.
 */
async function holdsData(db: Kysely<Schema>): Promise<string | null> {
  const otherShop = await db.selectFrom('shops').select('id').where('id', '<>', DEMO_SHOP_ID).executeTakeFirst();
  if (otherShop) return `it has shop ${JSON.stringify(otherShop.id)}`;
  for (const table of [
    'track_batches',
    'events',
    'error_reports',
    'daily_stats',
    'error_groups',
    'photos',
    'captured_emails',
    'owner_placements',
    'placement_reports',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row) return `its ${table} table has rows`;
  }
  return null;
}

/**
 * Copies the SQLite store in `dataDir` into the PostgreSQL database at `databaseUrl`, replacing
 * what it holds. Refuses (CopyRefused) when there is no SQLite store, or when the target holds more
 * than the demo seed and `replace` is false. The SQLite side is read in one read transaction: a
 * provider may keep serving from it meanwhile (what it writes after the copy started is not copied).
 */
export async function copySqliteToPostgres(options: { dataDir: string; databaseUrl: string; replace?: boolean }): Promise<CopyReport> {
  const file = path.join(options.dataDir, DB_FILE);
  if (!fs.existsSync(file)) throw new CopyRefused(`no SQLite store at ${file} (set VITRINE_DATA_DIR)`);
  const source = openSqliteFile(options.dataDir, null).db;
  const target = await openPostgres({ url: options.databaseUrl, adminToken: null, poolSize: 2 });
  try {
    const reason = options.replace ? null : await holdsData(target.db);
    if (reason) throw new CopyRefused(`the PostgreSQL store is not empty: ${reason} (pass --replace to overwrite it)`);
    const report: CopyReport = [];
    source.exec('BEGIN');
    try {
      await target.db.transaction().execute(async (trx) => {
        await sql`TRUNCATE ${sql.join(TABLES.map((table) => sql.table(table.name)))} RESTART IDENTITY CASCADE`.execute(trx);
        for (const table of TABLES) {
          let rows = 0;
          let batch: Record<string, unknown>[] = [];
          const flush = async () => {
            if (batch.length)
              await trx
                .insertInto(table.name)
                .values(batch as never)
                .execute();
            rows += batch.length;
            batch = [];
          };
          for (const row of source.prepare(`SELECT * FROM ${table.name}`).iterate() as Iterable<Record<string, unknown>>) {
            batch.push(table.name === 'photos' ? withPhotoBytes(row, options.dataDir) : row);
            if (batch.length === BATCH_ROWS) await flush();
          }
          await flush();
          if (table.identity) {
            await sql`SELECT setval(pg_get_serial_sequence(${table.name}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table.name)}), false)`.execute(
              trx,
            );
          }
          report.push({ table: table.name, rows });
        }
      });
    } finally {
      source.exec('COMMIT');
    }
    return report;
  } finally {
    source.close();
    await target.db.destroy();
  }
}

/** A SQLite `photos` row with its bytes read from the photo file (PostgreSQL keeps them in the row). */
function withPhotoBytes(row: Record<string, unknown>, dataDir: string): Record<string, unknown> {
  if (row.bytes) return row;
  const hash = String(row.hash);
  const file = photoFile(dataDir, hash);
  if (!fs.existsSync(file)) throw new CopyRefused(`photo ${hash} is listed in the store but its file ${file} is missing`);
  return { ...row, bytes: fs.readFileSync(file) };
}
