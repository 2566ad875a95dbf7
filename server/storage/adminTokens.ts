import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

/**
 * Admin tokens are stored as SHA-256 hex digests, never in plain text. A fast hash is enough
 * (scrypt would only slow down each admin request): the tokens are random 48-hex-digit strings or
 * configured ones of at least 32 characters, far too many to try even at billions of hashes per
 * second; a slow KDF is for low-entropy human passwords. Failed attempts are rate-limited too.
 */
export function hashAdminToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const HASH_RE = /^[0-9a-f]{64}$/;

/** Constant-time check of a presented token against a stored hash; an empty/invalid hash matches nothing. */
export function adminTokenMatches(presented: string, storedHash: string): boolean {
  if (!HASH_RE.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(hashAdminToken(presented), 'hex'), Buffer.from(storedHash, 'hex'));
}

/** A new random admin token (24 random bytes, hex). */
export function generateAdminToken(): string {
  return randomBytes(24).toString('hex');
}

/**
 * The plain-text admin token of a shop while the store still has the pre-hashing `admin_token`
 * column (migration 3 drops it), else null.
 */
export function legacyPlaintextToken(db: Database.Database, shopId: string): string | null {
  const hasColumn = db.prepare("SELECT 1 FROM pragma_table_info('shops') WHERE name = 'admin_token'").get();
  if (!hasColumn) return null;
  const row = db.prepare('SELECT admin_token FROM shops WHERE id = ?').get(shopId) as { admin_token: string } | undefined;
  return row?.admin_token || null;
}

/** `${dataDir}/admin-token`: the generated token of the demo shop, for `npm run admin` next to the server. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** Write the token file, readable by its owner only (written aside, then renamed into place). */
export function writeAdminTokenFile(dataDir: string, token: string): void {
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  // On PostgreSQL the data folder holds only this file: it may not exist yet.
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(tmp, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

/** Read the token file; undefined when it does not exist. */
export function readAdminTokenFile(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Remove a token file that no longer matches (a configured token replaced the generated one). */
export function removeAdminTokenFile(dataDir: string): void {
  fs.rmSync(path.join(dataDir, ADMIN_TOKEN_FILE), { force: true });
}
