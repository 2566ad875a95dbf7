/**
 * The SQLite engine (the default: `npm start` needs nothing installed): one file,
 * `${dataDir}/vitrine.sqlite`, opened with better-sqlite3, migrated and seeded before the query
 * builder gets it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { legacyPlaintextToken } from './adminTokens.ts';
import { buildDemoData, buildDemoOrders, demoProductImages, demoSettingsWithOffer, type DemoData } from './demoData.ts';
import type { Schema } from './schema.ts';
import { migrate } from './sqliteMigrations.ts';
import { applyDemoAdminToken, type SetupResult } from './setup.ts';

/** The store's file name in the data folder. */
export const DB_FILE = 'vitrine.sqlite';

/** How long a statement waits for another connection's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * `PRAGMA synchronous` of every connection. FULL: a review write (owner reply, hide) that was
 * answered 200 survives a power loss; WAL + NORMAL could lose the last commits. The writes are
 * small and rare, so the extra fsync per commit costs little (see docs/provider-api.md).
 */
const SYNCHRONOUS = 'FULL';

/** Blocks the thread for `ms` (startup only: nothing else can run before the database is open). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/**
 * Switch to WAL. Changing the journal mode of a fresh file needs an exclusive lock, and SQLite
 * does not always run the busy handler for it: a second process opening the same new file can
 * get SQLITE_BUSY at once. Retry until BUSY_TIMEOUT_MS has passed.
 */
function enableWal(db: Database.Database): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() >= deadline) throw err;
      sleepSync(Math.min(50, 5 * attempt));
    }
  }
}

/** Inserts the demo data set (explicit ids, so photo paths match the other engine's). */
function insertDemoData(db: Database.Database, data: DemoData): void {
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(row);
  };
  insert('shops', data.shop);
  for (const product of data.products) insert('products', product);
  for (const review of data.reviews) insert('reviews', { ...review });
  for (const photo of data.photos) insert('review_photos', photo);
  insertDemoOrders(db, data.orders);
  insert('shop_state', { shop_id: data.shop.id, last_updated: data.lastUpdated });
}

/** Inserts demo orders (skipping codes already there). */
function insertDemoOrders(db: Database.Database, orders: DemoData['orders']): void {
  const statement = db.prepare(
    `INSERT INTO orders (shop_id, code, product_handle, product_id, customer_name, customer_email, created_at)
     VALUES (@shop_id, @code, @product_handle, @product_id, @customer_name, @customer_email, @created_at) ON CONFLICT DO NOTHING`,
  );
  for (const order of orders) statement.run(order);
}

/** A demo shop seeded before orders existed gets the demo orders once (its review links then work too). */
function topUpDemoOrders(db: Database.Database, now: Date): void {
  if (db.prepare('SELECT 1 FROM orders WHERE shop_id = ?').get(DEMO_SHOP_ID)) return;
  insertDemoOrders(db, buildDemoOrders(now));
}

/** A demo shop seeded before the offer card gets module 47 and the demo offer once (demoData.ts). */
function topUpDemoOffer(db: Database.Database): void {
  const row = db.prepare('SELECT settings_json FROM shops WHERE id = ?').get(DEMO_SHOP_ID) as { settings_json: string } | undefined;
  const updated = row && demoSettingsWithOffer(row.settings_json);
  if (updated) db.prepare('UPDATE shops SET settings_json = ? WHERE id = ?').run(updated, DEMO_SHOP_ID);
}

/** The demo products' images as the catalogue has them now (demoProductImages). */
function topUpDemoProductImages(db: Database.Database): void {
  const update = db.prepare('UPDATE products SET image_url = ? WHERE shop_id = ? AND handle = ? AND image_url IS NOT ?');
  for (const { handle, image_url } of demoProductImages()) update.run(image_url, DEMO_SHOP_ID, handle, image_url);
}

/**
 * Opens (creating the directory if needed) `${dataDir}/vitrine.sqlite`, migrates and seeds it,
 * applies the demo shop's admin token, and returns the raw connection with what setup did.
 *
 * Safe when several processes start on the same (fresh) data dir at once: `busy_timeout` is set
 * before anything that can lock, and the migrations and the seed check run in one
 * `BEGIN IMMEDIATE` transaction, so `user_version` and the seed marker (the demo shop row) are
 * read while this connection holds the write lock; a process that waited finds the work done.
 */
export function openSqliteFile(
  dataDir: string,
  adminToken: string | null,
  now = new Date(),
): { db: Database.Database; setup: SetupResult } {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DB_FILE));
  let setup: SetupResult;
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    enableWal(db);
    db.pragma(`synchronous = ${SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    setup = db
      .transaction(() => {
        // Read before migration 3 hashes it: an existing install keeps a working token file.
        const legacyToken = legacyPlaintextToken(db, DEMO_SHOP_ID);
        migrate(db);
        const seeded = !db.prepare('SELECT 1 FROM shops WHERE id = ?').get(DEMO_SHOP_ID);
        if (seeded) insertDemoData(db, buildDemoData(now));
        else {
          topUpDemoOrders(db, now);
          topUpDemoOffer(db);
          topUpDemoProductImages(db);
        }
        return applyDemoAdminToken(adminToken, seeded, legacyToken, (hash) =>
          db.prepare('UPDATE shops SET admin_token_sha256 = ? WHERE id = ?').run(hash, DEMO_SHOP_ID),
        );
      })
      .immediate();
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, setup };
}

/** The query builder over an open SQLite connection (one connection: statements run one at a time, as they do in SQLite). */
export function sqliteKysely(db: Database.Database): Kysely<Schema> {
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) });
}
