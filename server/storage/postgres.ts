/**
 * The PostgreSQL engine (`DATABASE_URL=postgres://…`): a connection pool shared by the stores,
 * with the schema migrated and the demo shop seeded under an advisory lock, so any number of
 * provider processes can start at once against one database.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { buildDemoData, buildDemoOrders, demoProductImages, demoSettingsWithOffer, type DemoData } from './demoData.ts';
import { postgresMigrations } from './postgresMigrations.ts';
import type { Schema } from './schema.ts';
import { applyDemoAdminToken, type SetupResult } from './setup.ts';

/** The advisory lock held while a process migrates and seeds (any constant; ours spells "vitrine" on a keypad). */
const SETUP_LOCK = 8487463;

/**
 * Values as the stores expect them whatever the engine: `bigint` counts and ids as numbers (ids
 * stay far below 2^53), `numeric` as numbers, times as ISO 8601 strings (SQLite stores those).
 */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case pg.types.builtins.INT8:
      case pg.types.builtins.NUMERIC:
        return (value: string) => Number(value);
      case pg.types.builtins.TIMESTAMPTZ:
      case pg.types.builtins.TIMESTAMP:
        return (value: string) => new Date(value).toISOString();
      default:
        return pg.types.getTypeParser(oid, format);
    }
  },
} as pg.CustomTypesConfig;

/** Options of the PostgreSQL engine. */
export interface PostgresOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  adminToken: string | null;
  /** Connections of this process's pool (default 10). */
  poolSize?: number;
  now?: Date;
}

/** Rows in multi-row INSERTs of the seed: well under PostgreSQL's 65,535 parameters. */
const SEED_BATCH = 500;

async function insertRows(client: pg.PoolClient, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += SEED_BATCH) {
    const batch = rows.slice(start, start + SEED_BATCH);
    const columns = Object.keys(batch[0]!);
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${columns.map((column) => `$${values.push(row[column])}`).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

/** Inserts the demo data set; the identity sequences then continue after its explicit ids. */
async function insertDemoData(client: pg.PoolClient, data: DemoData): Promise<void> {
  await insertRows(client, 'shops', [data.shop]);
  await insertRows(client, 'products', data.products);
  await insertRows(client, 'reviews', data.reviews as unknown as Record<string, unknown>[]);
  if (data.photos.length) await insertRows(client, 'review_photos', data.photos);
  await insertRows(client, 'orders', data.orders);
  await insertRows(client, 'shop_state', [{ shop_id: data.shop.id, last_updated: data.lastUpdated }]);
  for (const table of ['reviews', 'review_photos']) {
    await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`);
  }
}

/** A demo shop seeded before orders existed gets the demo orders once (its review links then work too). */
async function topUpDemoOrders(client: pg.PoolClient, now: Date): Promise<void> {
  if ((await client.query('SELECT 1 FROM orders WHERE shop_id = $1 LIMIT 1', [DEMO_SHOP_ID])).rowCount) return;
  await insertRows(client, 'orders', buildDemoOrders(now));
}

/** A demo shop seeded before the offer card gets module 47 and the demo offer once (demoData.ts). */
async function topUpDemoOffer(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ settings_json: string }>('SELECT settings_json FROM shops WHERE id = $1', [DEMO_SHOP_ID]);
  const updated = rows[0] && demoSettingsWithOffer(rows[0].settings_json);
  if (updated) await client.query('UPDATE shops SET settings_json = $1 WHERE id = $2', [updated, DEMO_SHOP_ID]);
}

/** The demo products' images as the catalogue has them now (demoProductImages). */
async function topUpDemoProductImages(client: pg.PoolClient): Promise<void> {
  for (const { handle, image_url } of demoProductImages())
    await client.query('UPDATE products SET image_url = $1 WHERE shop_id = $2 AND handle = $3 AND image_url IS DISTINCT FROM $1', [
      image_url,
      DEMO_SHOP_ID,
      handle,
    ]);
}

/** Migrates and seeds under the advisory lock; a process that waited for it finds the work done. */
async function setUp(pool: pg.Pool, options: PostgresOptions): Promise<SetupResult> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
    try {
      await client.query('BEGIN');
      await client.query('CREATE TABLE IF NOT EXISTS vitrine_schema (version integer NOT NULL)');
      const { rows } = await client.query<{ version: number }>('SELECT coalesce(max(version), 0) AS version FROM vitrine_schema');
      let version = rows[0]!.version;
      for (const migration of postgresMigrations) {
        if (migration.version <= version) continue;
        await client.query(migration.sql);
        await client.query('DELETE FROM vitrine_schema');
        await client.query('INSERT INTO vitrine_schema (version) VALUES ($1)', [migration.version]);
        version = migration.version;
      }
      const seeded = (await client.query('SELECT 1 FROM shops WHERE id = $1', [DEMO_SHOP_ID])).rowCount === 0;
      if (seeded) await insertDemoData(client, buildDemoData(options.now ?? new Date()));
      else {
        await topUpDemoOrders(client, options.now ?? new Date());
        await topUpDemoOffer(client);
        await topUpDemoProductImages(client);
      }
      let setHash: Promise<unknown> = Promise.resolve();
      const result = applyDemoAdminToken(options.adminToken, seeded, null, (hash) => {
        setHash = client.query('UPDATE shops SET admin_token_sha256 = $1 WHERE id = $2', [hash, DEMO_SHOP_ID]);
      });
      await setHash;
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/** Opens the pool, migrates and seeds, and returns the query builder over it. */
export async function openPostgres(options: PostgresOptions): Promise<{ db: Kysely<Schema>; pool: pg.Pool; setup: SetupResult }> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, types: TYPES });
  // An idle client's connection error (a restarted server) must not crash the process: the pool
  // drops that client and the next query gets a fresh one.
  pool.on('error', () => {});
  try {
    const setup = await setUp(pool, options);
    return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), pool, setup };
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}
