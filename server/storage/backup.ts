/**
 * An online backup of a SQLite store: a consistent copy taken while the provider keeps serving
 * (SQLite's backup API; copying the file of a WAL database could tear it). The backup is itself a
 * data folder — `vitrine.sqlite`, `photos/` and `admin-token` — so restoring is pointing
 * VITRINE_DATA_DIR at it (or copying it back). PostgreSQL stores are backed up with `pg_dump`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ADMIN_TOKEN_FILE } from './adminTokens.ts';
import { DB_FILE } from './sqlite.ts';

/** What a backup wrote. */
export interface BackupReport {
  file: string;
  bytes: number;
  photos: number;
}

/**
 * Backs up the store in `dataDir` into the folder `to` (created; an existing store there is
 * refused). Photo files are content-addressed and never rewritten, so they are copied after the
 * database: every photo the copied rows name is already on disk by then.
 */
export async function backupSqlite(dataDir: string, to: string): Promise<BackupReport> {
  const source = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(source)) throw new Error(`no SQLite store at ${source} (set VITRINE_DATA_DIR)`);
  const file = path.join(to, DB_FILE);
  if (fs.existsSync(file)) throw new Error(`${file} already exists: back up into a new folder`);
  fs.mkdirSync(to, { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  let photos = 0;
  const photoDir = path.join(dataDir, 'photos');
  if (fs.existsSync(photoDir)) {
    // `.part` files are photos still being written: their rows are not in the copy yet.
    fs.cpSync(photoDir, path.join(to, 'photos'), { recursive: true, filter: (from) => !from.endsWith('.part') });
    photos = fs.readdirSync(path.join(to, 'photos'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  }
  const token = path.join(dataDir, ADMIN_TOKEN_FILE);
  if (fs.existsSync(token)) fs.copyFileSync(token, path.join(to, ADMIN_TOKEN_FILE));
  return { file, bytes: fs.statSync(file).size, photos };
}
