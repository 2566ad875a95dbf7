import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import { seedIfEmpty } from './seed.ts';

export type DB = Database.Database;

export const DB_FILE = 'vitrine.sqlite';

/** Open (creating the directory if needed) `${dataDir}/vitrine.sqlite`, migrate and seed it. */
export function openDatabase(dataDir: string): DB {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  seedIfEmpty(db);
  return db;
}
