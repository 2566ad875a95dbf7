/**
 * The storage on the suite's engine: schema migrations, the setup that runs once however often the
 * provider starts, durability, and the deterministic demo data set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { openStorage } from '../../../server/storage/index.ts';
import { postgresMigrations } from '../../../server/storage/postgresMigrations.ts';
import { currentVersion, migrate, migrations } from '../../../server/storage/sqliteMigrations.ts';
import { PRODUCTS } from '../../../server/shop/catalog.ts';
import { expectedStats, makeStorage, TEST_ENGINE } from './helpers.ts';

const TABLES = [
  'shops',
  'shop_state',
  'products',
  'reviews',
  'review_photos',
  'track_batches',
  'events',
  'error_reports',
  'carts',
  'rate_limits',
  'owner_placements',
  'placement_reports',
  'provider_secrets',
  'platform_metafields',
];

describe.runIf(TEST_ENGINE === 'sqlite')('SQLite migrations', () => {
  it('apply in order, set user_version and are idempotent', () => {
    const db = new Database(':memory:');
    try {
      expect(currentVersion(db)).toBe(0);
      expect(migrate(db)).toEqual(migrations.map((migration) => migration.version));
      expect(currentVersion(db)).toBe(migrations.at(-1)!.version);
      expect(migrate(db)).toEqual([]);
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map((row) => row.name);
      for (const table of TABLES) expect(tables).toContain(table);
    } finally {
      db.close();
    }
  });

  it('creates the data dir, uses WAL with a busy timeout, and commits with synchronous = FULL', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-db-')), 'nested', 'data');
    const storage = await openStorage({ dataDir });
    try {
      expect(fs.existsSync(path.join(dataDir, 'vitrine.sqlite'))).toBe(true);
      const pragma = async (name: string) =>
        Object.values((await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(storage.db)).rows[0]!)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('busy_timeout')).toBe(5000);
      // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA): an answered review write survives a power loss.
      expect(await pragma('synchronous')).toBe(2);
    } finally {
      await storage.close();
    }
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL migrations', () => {
  it('create every table and record the version; commits are durable (synchronous_commit on)', async () => {
    const { storage, dispose } = await makeStorage();
    try {
      const { rows } = await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`.execute(storage.db);
      for (const table of TABLES) expect(rows.map((row) => row.tablename)).toContain(table);
      const version = await sql<{ version: number }>`SELECT version FROM vitrine_schema`.execute(storage.db);
      expect(version.rows).toEqual([{ version: postgresMigrations.at(-1)!.version }]);
      const commit = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(storage.db);
      expect(commit.rows[0]!.synchronous_commit).toBe('on');
    } finally {
      await dispose();
    }
  });
});

describe('setup runs once', () => {
  it('reopening does not migrate or seed again, and keeps the admin token', async () => {
    const { storage, dataDir, databaseUrl, dispose } = await makeStorage();
    try {
      const reviews = async (db = storage.db) =>
        Number(
          (
            await db
              .selectFrom('reviews')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const hash = async (db = storage.db) =>
        (await db.selectFrom('shops').select('admin_token_sha256').where('id', '=', 'demo').executeTakeFirstOrThrow()).admin_token_sha256;
      const count1 = await reviews();
      const hash1 = await hash();
      const tokenFile = fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8');
      expect(hash1).toMatch(/^[0-9a-f]{64}$/);
      const first = await storage.db.selectFrom('reviews').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
      await storage.db.deleteFrom('review_photos').where('review_id', '=', first.id).execute();
      await storage.db.deleteFrom('reviews').where('id', '=', first.id).execute();
      await storage.close();
      const reopened = await openStorage({ dataDir, databaseUrl });
      try {
        expect(await reviews(reopened.db)).toBe(count1 - 1); // not re-seeded
        expect(await hash(reopened.db)).toBe(hash1);
        expect(fs.readFileSync(path.join(dataDir, 'admin-token'), 'utf8')).toBe(tokenFile);
      } finally {
        await reopened.close();
      }
    } finally {
      await dispose();
    }
  });
});

describe('demo data', () => {
  it('is deterministic and matches the documented facts', async () => {
    const a = await makeStorage();
    const b = await makeStorage();
    try {
      const statsA = await expectedStats(a.storage);
      expect(statsA).toEqual(await expectedStats(b.storage));
      expect(Object.keys(statsA)).toHaveLength(SEED_FACTS.productCount);
      expect(SEED_FACTS.productCount).toBeGreaterThanOrEqual(24);
      for (const handle of SEED_FACTS.productsWithoutReviews) expect(statsA[handle]!.r).toBe(0);
      expect(statsA[SEED_FACTS.manyReviewsHandle]!.r).toBe(SEED_FACTS.manyReviewsCount);
      const many = statsA[SEED_FACTS.manyReviewsHandle]!;
      for (const star of ['1', '2', '3', '4', '5'] as const) expect(many.d[star]).toBeGreaterThan(0);
      const db = a.storage.db;
      const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db)).rows[0]!.n);
      const withReviews = PRODUCTS.filter(
        (entry) =>
          !SEED_FACTS.productsWithoutReviews.includes(entry.product.handle) && entry.product.handle !== SEED_FACTS.manyReviewsHandle,
      );
      for (const entry of withReviews) {
        const total = await count(sql`SELECT COUNT(*) AS n FROM reviews WHERE product_handle = ${entry.product.handle}`);
        expect(total).toBeGreaterThanOrEqual(6);
        expect(total).toBeLessThanOrEqual(15);
      }
      expect(await count(sql`SELECT COUNT(*) AS n FROM review_photos`)).toBeGreaterThan(20);
      expect(await count(sql`SELECT COUNT(*) AS n FROM reviews WHERE reply_html IS NOT NULL`)).toBeGreaterThan(5);
      const locales = await db.selectFrom('reviews').select('locale').distinct().orderBy('locale').execute();
      expect(locales.map((row) => row.locale)).toEqual(['en', 'es', 'nl']);
      const verified = await db.selectFrom('reviews').select('verified').distinct().orderBy('verified').execute();
      expect(verified.map((row) => row.verified)).toEqual([0, 1]);
      // Photo paths carry the review id: the same on both engines (explicit ids in the data set).
      const photo = await db.selectFrom('review_photos').select(['review_id', 'url']).orderBy('id').limit(1).executeTakeFirstOrThrow();
      expect(photo.url).toMatch(new RegExp(`^reviews/${photo.review_id}/\\d+\\.svg$`));
      // New rows continue after the explicit ids.
      const inserted = await db
        .insertInto('reviews')
        .values({ shop_id: 'demo', name: 'N', stars: 5, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const max = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      expect(Number(inserted.id)).toBe(Number(max.id));
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});

describe('concurrent writers', () => {
  it('every review change gets its own lastUpdated, and the shop ends at the newest', async () => {
    const { storage, dispose } = await makeStorage();
    try {
      const ids = (await storage.db.selectFrom('reviews').select('id').orderBy('id').limit(20).execute()).map((row) => row.id);
      const versions = await Promise.all(
        ids.map((id, index) =>
          index % 2 ? storage.reviews.saveHidden('demo', id, true) : storage.reviews.saveReply('demo', id, '<b>Thanks</b>'),
        ),
      );
      expect(new Set(versions).size).toBe(ids.length);
      expect(await storage.shops.lastUpdated('demo')).toBe(Math.max(...versions));
    } finally {
      await dispose();
    }
  });

  it('batches written at once are all stored, each exactly once', async () => {
    const { storage, dispose } = await makeStorage();
    try {
      const batches = Array.from({ length: 40 }, (_, index) => ({
        shopId: 'demo',
        version: '1',
        metaJson: JSON.stringify({ index }),
        events: Array.from({ length: 5 }, (__, event) => ({ type: 'view', json: JSON.stringify({ index, event }) })),
      }));
      const batchIds = await Promise.all(batches.map((batch) => storage.tracking.insertBatch(batch)));
      expect(new Set(batchIds).size).toBe(40);
      const events = await storage.db.selectFrom('events').select(['batch_id', 'payload_json']).execute();
      expect(events).toHaveLength(200);
      for (const event of events) expect(batchIds).toContain(event.batch_id);
      expect(new Set(events.map((event) => event.payload_json)).size).toBe(200);
    } finally {
      await dispose();
    }
  });

  it('rate-limit counters count every hit once, however many arrive together', async () => {
    const { storage, dispose } = await makeStorage();
    try {
      const counts = await Promise.all(Array.from({ length: 50 }, () => storage.rateLimits.hit('client|demo', 60_000)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      expect(await storage.rateLimits.read('client|demo', 60_000)).toBe(50);
      expect(await storage.rateLimits.prune(120_000)).toBe(1);
    } finally {
      await dispose();
    }
  });
});
