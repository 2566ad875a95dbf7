/**
 * The operator's store commands: an online backup of a SQLite store that is itself a working data
 * folder, and the copy of a SQLite store into PostgreSQL (run in the PostgreSQL suite, which has a
 * server to copy into) that keeps every row, id and photo.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStoreCli } from '../../../server/store-cli.ts';
import { openStorage, type Storage } from '../../../server/storage/index.ts';
import { photoPath } from '../../../server/storage/photos.ts';
import type { Schema } from '../../../server/storage/schema.ts';
import { createTestDatabase, dropTestDatabase, makeServer, TEST_ENGINE } from './helpers.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9a0e30000000049454e44ae426082',
  'hex',
);

function captured() {
  const lines: { out: string[]; err: string[] } = { out: [], err: [] };
  return { lines, io: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } };
}

/** A SQLite store with writes beyond the demo seed: an owner reply, a tracking batch, a photo. */
async function sqliteStoreWithData(): Promise<{ dataDir: string; hash: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
  const storage = await openStorage({ dataDir });
  try {
    const [review] = await storage.db.selectFrom('reviews').select('id').orderBy('id').limit(1).execute();
    await storage.reviews.saveReply('demo', review!.id, '<p>Thank you — ありがとう</p>');
    await storage.tracking.insertBatch({
      shopId: 'demo',
      version: '1',
      metaJson: '{}',
      requestUid: 'r-1',
      events: [{ type: 'view', json: '{"a":1}' }],
    });
    const hash = await storage.photos.put(PNG, 'image/png');
    return { dataDir, hash };
  } finally {
    await storage.close();
  }
}

async function counts(storage: Storage): Promise<Record<string, number>> {
  const tables: (keyof Schema)[] = [
    'shops',
    'shop_state',
    'products',
    'reviews',
    'review_photos',
    'orders',
    'track_batches',
    'events',
    'photos',
    'captured_emails',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await storage.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe.runIf(TEST_ENGINE === 'sqlite')('npm run store -- backup', () => {
  it('writes a consistent copy that is a working data folder', async () => {
    const { dataDir, hash } = await sqliteStoreWithData();
    const to = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-')), 'b1');
    const { lines, io } = captured();
    expect(await runStoreCli(['backup', to], { VITRINE_DATA_DIR: dataDir }, io)).toBe(0);
    expect(lines.out[0]).toMatch(/1 photo files/);

    const server = await makeServer({ dataDir: to });
    try {
      const photo = await server.app.inject({ method: 'GET', url: photoPath(hash, 'image/png') });
      expect(photo.statusCode).toBe(200);
      const original = await openStorage({ dataDir });
      const copy = await openStorage({ dataDir: to });
      expect(await counts(copy)).toEqual(await counts(original));
      await Promise.all([original.close(), copy.close()]);
    } finally {
      await server.app.close();
    }
    expect(await runStoreCli(['backup', to], { VITRINE_DATA_DIR: dataDir }, io)).toBe(1);
    expect(lines.err.at(-1)).toMatch(/already exists/);
  });

  it('says how to back up PostgreSQL, and how to call it', async () => {
    const { lines, io } = captured();
    expect(await runStoreCli(['backup', '/tmp/x'], { DATABASE_URL: 'postgres://h/db' }, io)).toBe(1);
    expect(lines.err[0]).toMatch(/pg_dump/);
    expect(await runStoreCli(['restore'], {}, io)).toBe(1);
    expect(lines.err[1]).toMatch(/^usage:/);
    expect(await runStoreCli(['backup', '/tmp/nothing'], { VITRINE_DATA_DIR: '/nonexistent-vitrine' }, io)).toBe(1);
    expect(lines.err[2]).toMatch(/no SQLite store/);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('npm run store -- copy-to-postgres', () => {
  it('copies every row, id and photo; refuses to overwrite a store with data unless told to', async () => {
    const { dataDir, hash } = await sqliteStoreWithData();
    const databaseUrl = await createTestDatabase();
    try {
      const { lines, io } = captured();
      const env = { VITRINE_DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
      expect(await runStoreCli(['copy-to-postgres'], env, io)).toBe(0);
      expect(lines.out[0]).toMatch(/reviews \d+/);

      const source = await openStorage({ dataDir });
      const target = await openStorage({ dataDir, databaseUrl });
      try {
        expect(await counts(target)).toEqual(await counts(source));
        const shop = (await target.shops.get('demo'))!;
        expect(shop.last_updated).toBe((await source.shops.get('demo'))!.last_updated);
        const firstTarget = await target.db.selectFrom('reviews').selectAll().orderBy('id').limit(3).execute();
        const firstSource = await source.db.selectFrom('reviews').selectAll().orderBy('id').limit(3).execute();
        expect(firstTarget.map((row) => [row.id, row.reply_html, row.stars])).toEqual(
          firstSource.map((row) => [row.id, row.reply_html, row.stars]),
        );
        expect((await target.photos.get(hash))!.bytes.equals(PNG)).toBe(true);
        // New rows get ids after the copied ones.
        const next = await target.db
          .insertInto('review_photos')
          .values({ review_id: firstTarget[0]!.id, url: 'x.jpg', position: 9 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const max = await source.db
          .selectFrom('review_photos')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirstOrThrow();
        expect(Number(next.id)).toBeGreaterThan(Number(max.m));
      } finally {
        await Promise.all([source.close(), target.close()]);
      }

      expect(await runStoreCli(['copy-to-postgres'], env, io)).toBe(1);
      expect(lines.err[0]).toMatch(/not empty: its track_batches table has rows \(pass --replace/);
      expect(await runStoreCli(['copy-to-postgres', '--replace'], env, io)).toBe(0);
    } finally {
      await dropTestDatabase(databaseUrl);
    }
  });
});
