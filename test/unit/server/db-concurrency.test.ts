/**
 * Several provider processes starting at once on one fresh store (a fresh SQLite data dir, or a
 * fresh PostgreSQL database): none fails, and the schema and the demo data exist once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../../server/storage/postgresMigrations.ts';
import { migrations } from '../../../server/storage/sqliteMigrations.ts';
import { PRODUCTS } from '../../../server/shop/catalog.ts';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from './helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STORAGE_MODULE = path.join(ROOT, 'server/storage/index.ts');

/**
 * A child process that opens each store of `TARGETS` (`{ dataDir, databaseUrl }`) in turn. Before
 * each open it waits at a file barrier until its partner process is ready for the same store, so
 * both open it at (nearly) the same moment. Prints one result per store.
 */
const CHILD = `
import fs from 'node:fs';
import path from 'node:path';
const { openStorage } = await import(process.env.STORAGE_MODULE);
const targets = JSON.parse(process.env.TARGETS);
const pause = new Int32Array(new SharedArrayBuffer(4));
const results = [];
for (const target of targets) {
  const parent = path.dirname(target.dataDir);
  const tag = path.basename(target.dataDir) + '.ready.';
  fs.writeFileSync(path.join(parent, tag + process.pid), '');
  while (fs.readdirSync(parent).filter((name) => name.startsWith(tag)).length < 2) Atomics.wait(pause, 0, 0, 1);
  try {
    await (await openStorage(target)).close();
    results.push('ok');
  } catch (err) {
    results.push(String(err && err.message));
  }
}
process.stdout.write(JSON.stringify(results));
`;

interface Target {
  dataDir: string;
  databaseUrl?: string;
}

function runChild(targets: Target[]): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, STORAGE_MODULE, TARGETS: JSON.stringify(targets) };
  delete env.VITRINE_ADMIN_TOKEN;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as string[]);
      } catch {
        reject(new Error(`child exited ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
      }
    });
  });
}

/** What one store holds after the race: schema version, shops, products and reviews. */
async function inspect(target: Target): Promise<{ version: number; shops: number; products: number; reviews: number }> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const one = async (query: string) => Number((await client.query<{ n: string }>(query)).rows[0]!.n);
      return {
        version: await one('SELECT max(version) AS n FROM vitrine_schema'),
        shops: await one('SELECT count(*) AS n FROM shops'),
        products: await one('SELECT count(*) AS n FROM products'),
        reviews: await one('SELECT count(*) AS n FROM reviews'),
      };
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(target.dataDir, 'vitrine.sqlite'), { readonly: true });
  try {
    const one = (query: string) => (db.prepare(query).get() as { n: number }).n;
    return {
      version: Number(db.pragma('user_version', { simple: true })),
      shops: one('SELECT COUNT(*) AS n FROM shops'),
      products: one('SELECT COUNT(*) AS n FROM products'),
      reviews: one('SELECT COUNT(*) AS n FROM reviews'),
    };
  } finally {
    db.close();
  }
}

describe(`two providers starting on one fresh store (${TEST_ENGINE})`, () => {
  it('never fail, and migrate and seed exactly once', async () => {
    const PAIRS = 2;
    const ROUNDS = TEST_ENGINE === 'postgres' ? 4 : 12;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-race-'));
    const runs: Promise<string[]>[] = [];
    const all: Target[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const pairRoot = path.join(root, `pair-${pair}`);
      fs.mkdirSync(pairRoot);
      const targets: Target[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const databaseUrl = TEST_ENGINE === 'postgres' ? await createTestDatabase() : undefined;
        targets.push({ dataDir: path.join(pairRoot, `data-${round}`), databaseUrl });
      }
      all.push(...targets);
      runs.push(runChild(targets), runChild(targets));
    }
    try {
      const results = (await Promise.all(runs)).flat();
      expect(results.filter((result) => result !== 'ok')).toEqual([]);
      expect(results).toHaveLength(PAIRS * 2 * ROUNDS);
      const latest = (TEST_ENGINE === 'postgres' ? postgresMigrations : migrations).at(-1)!.version;
      let reviewsPerSeed: number | undefined;
      for (const target of all) {
        const found = await inspect(target);
        reviewsPerSeed ??= found.reviews;
        expect(found).toEqual({ version: latest, shops: 1, products: PRODUCTS.length, reviews: reviewsPerSeed });
      }
    } finally {
      for (const target of all) if (target.databaseUrl) await dropTestDatabase(target.databaseUrl);
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
