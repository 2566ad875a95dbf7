/**
 * Photo bytes by content hash (SHA-256 hex): the same photo is stored once, and its URL
 * (`/api/photos/h/{hash}.{ext}`) names those bytes forever, so it is served immutable and a CDN
 * can keep it. Where the bytes live depends on the engine, so that every provider process can read
 * them: in the database on PostgreSQL (`photos.bytes`, bytea), as files under
 * `${dataDir}/photos/` on SQLite (one process, one machine). The metadata is a `photos` row on both.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Engine } from './engine.ts';
import type { Schema } from './schema.ts';

/** A stored photo. */
interface Photo {
  hash: string;
  contentType: string;
  bytes: Buffer;
}

/** Photo bytes by content hash. */
export interface PhotoStore {
  /**
   * Stores `bytes` (once per content); returns their hash. `executor` is the transaction the row
   * belongs to (a review's photos are stored with the review, all or nothing).
   */
  put(bytes: Buffer, contentType: string, executor?: Kysely<Schema>): Promise<string>;
  /** The photo with this hash, if stored. */
  get(hash: string): Promise<Photo | undefined>;
}

const HASH_RE = /^[0-9a-f]{64}$/;

/** File extension of each content type the provider stores photos as. */
export const PHOTO_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The provider path of a stored photo: `/api/photos/h/{hash}.{ext}`. */
export function photoPath(hash: string, contentType: string): string {
  return `/api/photos/h/${hash}.${PHOTO_EXTENSIONS[contentType] ?? 'bin'}`;
}

/** Where SQLite's engine keeps a photo's bytes: `${dataDir}/photos/{first two hex digits}/{hash}`. */
export function photoFile(dataDir: string, hash: string): string {
  return path.join(dataDir, 'photos', hash.slice(0, 2), hash);
}

/** The PhotoStore of one engine. */
export function photoStore(db: Kysely<Schema>, engine: Engine, dataDir: string): PhotoStore {
  const fileOf = (hash: string) => photoFile(dataDir, hash);
  return {
    async put(bytes, contentType, executor = db) {
      if (!(contentType in PHOTO_EXTENSIONS)) throw new Error(`Not a photo content type: ${contentType}`);
      const hash = createHash('sha256').update(bytes).digest('hex');
      if (engine === 'sqlite') {
        const file = fileOf(hash);
        if (!fs.existsSync(file)) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          // Written aside and renamed: a reader never sees half a file.
          const partial = `${file}.${process.pid}.part`;
          fs.writeFileSync(partial, bytes);
          fs.renameSync(partial, file);
        }
      }
      await executor
        .insertInto('photos')
        .values({ hash, content_type: contentType, size: bytes.length, bytes: engine === 'postgres' ? bytes : null })
        .onConflict((conflict) => conflict.column('hash').doNothing())
        .execute();
      return hash;
    },

    async get(hash) {
      if (!HASH_RE.test(hash)) return undefined;
      const row = await db.selectFrom('photos').select(['content_type', 'bytes']).where('hash', '=', hash).executeTakeFirst();
      if (!row) return undefined;
      if (row.bytes) return { hash, contentType: row.content_type, bytes: Buffer.from(row.bytes) };
      try {
        return { hash, contentType: row.content_type, bytes: fs.readFileSync(fileOf(hash)) };
      } catch {
        return undefined;
      }
    },
  };
}
