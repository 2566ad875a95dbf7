import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../server/db/migrations.ts';
import { PRODUCTS } from '../../../server/shop/catalog.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DB_MODULE = path.join(ROOT, 'server/db/index.ts');

/**
 * A child process that opens the database in each of `dirs` in turn. Before each open it waits
 * at a file barrier until its partner process is ready for the same dir, so both call
 * `openDatabase` on the same fresh folder at (nearly) the same moment. Prints one result per dir.
 */
const CHILD = `
import fs from 'node:fs';
import path from 'node:path';
const { openDatabase } = await import(process.env.DB_MODULE);
const dirs = JSON.parse(process.env.DIRS);
const pause = new Int32Array(new SharedArrayBuffer(4));
const results = [];
for (const dir of dirs) {
  const parent = path.dirname(dir);
  const tag = path.basename(dir) + '.ready.';
  fs.writeFileSync(path.join(parent, tag + process.pid), '');
  while (fs.readdirSync(parent).filter((name) => name.startsWith(tag)).length < 2) Atomics.wait(pause, 0, 0, 1);
  try {
    openDatabase(dir).close();
    results.push('ok');
  } catch (err) {
    results.push(String(err && err.message));
  }
}
process.stdout.write(JSON.stringify(results));
`;

function runChild(dirs: string[]): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, DB_MODULE, DIRS: JSON.stringify(dirs) };
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

describe('two providers starting on one fresh data dir', () => {
  it('never fail, and migrate and seed exactly once', async () => {
    const PAIRS = 2;
    const ROUNDS = 12;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-race-'));
    const runs: Promise<string[]>[] = [];
    const allDirs: string[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const pairRoot = path.join(root, `pair-${pair}`);
      fs.mkdirSync(pairRoot);
      const dirs = Array.from({ length: ROUNDS }, (_, round) => path.join(pairRoot, `data-${round}`));
      allDirs.push(...dirs);
      runs.push(runChild(dirs), runChild(dirs));
    }
    const results = (await Promise.all(runs)).flat();
    expect(results.filter((r) => r !== 'ok')).toEqual([]);
    expect(results).toHaveLength(PAIRS * 2 * ROUNDS);

    const latest = migrations[migrations.length - 1]!.version;
    let reviewsPerSeed: number | undefined;
    for (const dir of allDirs) {
      const db = new Database(path.join(dir, 'vitrine.sqlite'), { readonly: true });
      try {
        expect(db.pragma('user_version', { simple: true })).toBe(latest);
        expect(
          (db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'shops'").get() as { n: number }).n,
        ).toBe(1);
        expect((db.prepare('SELECT COUNT(*) AS n FROM shops').get() as { n: number }).n).toBe(1);
        expect((db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n).toBe(PRODUCTS.length);
        const reviews = (db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
        reviewsPerSeed ??= reviews;
        expect(reviews).toBe(reviewsPerSeed);
      } finally {
        db.close();
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);
});
