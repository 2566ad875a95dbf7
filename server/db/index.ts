import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parseAdminToken } from '../config.ts';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import {
  generateAdminToken,
  hashAdminToken,
  legacyPlaintextToken,
  readAdminTokenFile,
  removeAdminTokenFile,
  setAdminTokenHash,
  writeAdminTokenFile,
} from './adminTokens.ts';
import { migrate } from './migrations.ts';
import { seedIfEmpty } from './seed.ts';

/** An open connection to the provider's SQLite store. */
export type DB = Database.Database;

const DB_FILE = 'vitrine.sqlite';

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
function enableWal(db: DB): void {
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

/** Options of openDatabase. */
export interface OpenDatabaseOptions {
  /**
   * The demo shop's admin token (VITRINE_ADMIN_TOKEN, ≥ 32 characters). When given, its hash
   * replaces the stored one on every open. When not, a freshly seeded demo shop gets a random
   * token whose hash is stored and which is written to `${dataDir}/admin-token` (mode 0600).
   */
  adminToken?: string | null;
}

/**
 * Open (creating the directory if needed) `${dataDir}/vitrine.sqlite`, migrate and seed it, and
 * apply the demo shop's admin token (see OpenDatabaseOptions).
 *
 * Safe when several processes start on the same (fresh) data dir at once: `busy_timeout` is set
 * before anything that can lock, and the migrations and the seed check run in one
 * `BEGIN IMMEDIATE` transaction, so `user_version` and the seed marker (the demo shop row) are
 * read while this connection holds the write lock; a process that waited finds the work done.
 */
export function openDatabase(dataDir: string, opts: OpenDatabaseOptions = {}): DB {
  const configuredToken = opts.adminToken ? parseAdminToken(opts.adminToken, 'adminToken') : null;
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DB_FILE));
  let tokenToSave: string | null = null;
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    enableWal(db);
    db.pragma(`synchronous = ${SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    db.transaction(() => {
      // Read before migration 3 hashes it: an existing install keeps a working token file.
      const legacyToken = legacyPlaintextToken(db, DEMO_SHOP_ID);
      migrate(db);
      const seeded = seedIfEmpty(db);
      if (configuredToken) {
        setAdminTokenHash(db, DEMO_SHOP_ID, hashAdminToken(configuredToken));
      } else if (seeded) {
        tokenToSave = generateAdminToken();
        setAdminTokenHash(db, DEMO_SHOP_ID, hashAdminToken(tokenToSave));
      } else if (legacyToken && readAdminTokenFile(dataDir) === undefined) {
        tokenToSave = legacyToken;
      }
    }).immediate();
  } catch (err) {
    db.close();
    throw err;
  }
  // After the commit: only the process that seeded (or migrated) writes the file.
  if (tokenToSave) writeAdminTokenFile(dataDir, tokenToSave);
  else if (configuredToken) removeAdminTokenFile(dataDir); // a generated token there no longer works
  return db;
}
