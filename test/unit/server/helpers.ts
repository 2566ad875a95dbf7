/**
 * The provider's test servers, on either engine: SQLite by default, PostgreSQL when the suite runs
 * as the `server-postgres` project (`VITRINE_TEST_ENGINE=postgres`, with an admin URL of a
 * throwaway server in `VITRINE_TEST_PG_ADMIN_URL`; scripts/test.mjs starts one). Each PostgreSQL
 * test server gets a fresh database, dropped when the app closes. Tests check what was stored
 * through the query builder (`storedRows`), the same on both engines.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../../server/app.ts';
import { statsFromRows, type ReviewStats } from '../../../server/provider/reviewStats.ts';
import { openStorage, type Engine, type Storage } from '../../../server/storage/index.ts';
import type { Schema } from '../../../server/storage/schema.ts';

/** The engine this run of the suite tests. */
export const TEST_ENGINE: Engine = process.env.VITRINE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  distDir: string;
}

/** A fake dist dir with a loader and one chunk. */
export function makeFakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-dist-'));
  fs.writeFileSync(path.join(dir, 'vitrine.js'), 'console.log("FAKE_LOADER");\n');
  fs.mkdirSync(path.join(dir, 'chunks'));
  fs.writeFileSync(path.join(dir, 'chunks', 'reviews-abc123.js'), 'export const reviews = 1;\n'.repeat(100));
  return dir;
}

function adminUrl(): string {
  const url = process.env.VITRINE_TEST_PG_ADMIN_URL;
  if (!url) throw new Error('VITRINE_TEST_ENGINE=postgres needs VITRINE_TEST_PG_ADMIN_URL (scripts/test.mjs sets both)');
  return url;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the test server; its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `vitrine_t_${randomBytes(6).toString('hex')}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase (closing its remaining connections). */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^vitrine_t_[0-9a-f]{12}$/.test(name)) throw new Error(`not a test database: ${name}`);
  await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Builds the app on the suite's engine. On PostgreSQL a fresh database is created unless
 * `overrides.databaseUrl` names one, and dropped when the app closes.
 */
export async function makeServer(overrides: Partial<BuildAppOptions> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
  const distDir = overrides.distDir ?? makeFakeDist();
  const fresh = TEST_ENGINE === 'postgres' && overrides.databaseUrl === undefined ? await createTestDatabase() : undefined;
  const throwaway = fresh ? { databaseUrl: fresh, afterClose: () => dropTestDatabase(fresh) } : {};
  try {
    const app = await buildApp({ dataDir, distDir, logger: false, ...throwaway, ...overrides });
    return { app, dataDir, distDir };
  } catch (err) {
    if (fresh) await dropTestDatabase(fresh);
    throw err;
  }
}

/** A storage opened directly (no app) on the suite's engine, in a fresh data dir / database. */
export interface TestStorage {
  storage: Storage;
  dataDir: string;
  /** The PostgreSQL URL (fresh database), or undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Closes the storage (if still open) and drops its database. */
  dispose(): Promise<void>;
}

/** Opens a storage on the suite's engine; `dispose()` when done. Reopen the same data with makeServer({ dataDir, databaseUrl }). */
export async function makeStorage(options: { adminToken?: string } = {}): Promise<TestStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
  const databaseUrl = TEST_ENGINE === 'postgres' ? await createTestDatabase() : undefined;
  const storage = await openStorage({ dataDir, databaseUrl, adminToken: options.adminToken });
  return {
    storage,
    dataDir,
    databaseUrl,
    async dispose() {
      await storage.close();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
    },
  };
}

/**
 * Bytes the store takes: on SQLite the database pages in use (WAL included: what the connection
 * sees), on PostgreSQL the tables with their indexes and TOAST data.
 */
export async function storeBytes(server: HasStorage): Promise<number> {
  const storage = storageOf(server);
  if (storage.engine === 'sqlite') {
    const count = await sql<{ page_count: number }>`PRAGMA page_count`.execute(storage.db);
    const size = await sql<{ page_size: number }>`PRAGMA page_size`.execute(storage.db);
    return Number(count.rows[0]!.page_count) * Number(size.rows[0]!.page_size);
  }
  const { rows } = await sql<{ bytes: number }>`SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`.execute(storage.db);
  return Number(rows[0]!.bytes);
}

/** Something that has a storage: a test server, its app, or a storage opened directly. */
type HasStorage = TestServer | FastifyInstance | Storage;

/** The storage of a test server, its app, or itself. */
export function storageOf(holder: HasStorage): Storage {
  if ('engine' in holder && 'db' in holder) return holder;
  return ('app' in holder ? holder.app : holder).vitrine.storage;
}

/** The query builder of a test server's storage. */
export const storedDb = (holder: HasStorage): Kysely<Schema> => storageOf(holder).db;

/** Runs a raw SQL query (written once, valid on both engines) on a test server's storage; its rows. */
export async function storedRows<Row>(server: HasStorage, query: RawBuilder<Row>): Promise<Row[]> {
  return (await query.execute(storedDb(server))).rows;
}

/** Row count of a table. */
export async function countRows(server: HasStorage, table: keyof Schema): Promise<number> {
  const row = await storedDb(server)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Stats for every product handle of a shop, computed with a straightforward query (visible
 * reviews only: published and not hidden): the expected values the endpoints are compared with.
 */
export async function expectedStats(server: HasStorage, shopId = 'demo'): Promise<Record<string, ReviewStats>> {
  const db = storedDb(server);
  const handles = await db.selectFrom('products').select('handle').where('shop_id', '=', shopId).orderBy('handle').execute();
  const out: Record<string, ReviewStats> = {};
  for (const { handle } of handles) {
    const rows = await db
      .selectFrom('reviews')
      .select((eb) => ['stars', eb.fn.countAll<number>().as('count')])
      .where('shop_id', '=', shopId)
      .where('product_handle', '=', handle)
      .where('hidden', '=', 0)
      .where('status', '=', 'published')
      .groupBy('stars')
      .execute();
    out[handle] = statsFromRows(rows.map((row) => ({ stars: row.stars, count: Number(row.count) })));
  }
  return out;
}

/** Extract `name=value` of a Set-Cookie header. */
export function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  for (const header of list) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(String(header));
    if (match) return match[1];
  }
  return undefined;
}
