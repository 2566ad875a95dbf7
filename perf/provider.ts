/**
 * `npm run perf:provider`: the provider under load, against processes this script starts (the
 * demo shop's provider, rate limits off): SQLite in one process, PostgreSQL (a throwaway server,
 * or DATABASE_URL) in one and in four processes. Prints tables on stdout (progress on stderr):
 *
 * - read path: `GET` reviews (the current versioned URL, brotli accepted) and stats at 10 and 100
 *   connections: requests/s, p50 and p99 latency (autocannon);
 * - write path: 1,000 concurrent clients spread over 4 processes, each sending one tracking beacon
 *   with its own request uid and one owner reply or hide: every beacon stored exactly once, the
 *   stats equal to the stored rows;
 * - fault: the same load with one of the 4 processes killed in the middle; clients that fail retry
 *   (on another process): nothing lost, nothing stored twice.
 *
 *   PERF_SECONDS=8 npm run perf:provider          # seconds per read measurement (default 8)
 *   npm run perf:provider -- --read-only          # skip the write and fault runs
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatTable, type Table } from './lib/table.ts';
// @ts-expect-error -- a plain .mjs helper shared with the npm scripts (no types)
import { startTestPostgres } from '../scripts/lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.PERF_SECONDS || 8);
const HANDLE = 'classic-cotton-tee';
const log = (line: string) => process.stderr.write(`${line}\n`);

/** A provider (one process or a cluster) started for the measurement. */
interface Provider {
  label: string;
  origin: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

let nextPort = 18500;

/** Starts `server/main.ts` (rate limits off) and waits until it answers. */
async function startProvider(label: string, options: { databaseUrl?: string; workers?: number }): Promise<Provider> {
  const port = nextPort++;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-perf-'));
  const args = ['--import', 'tsx', 'server/main.ts', ...(options.workers ? ['--workers', String(options.workers)] : [])];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    VITRINE_DATA_DIR: dataDir,
    VITRINE_LOG: '0',
    VITRINE_RATE_LIMIT: '0',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (attempt > 300) throw new Error(`${label} did not start`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    label,
    origin,
    dataDir,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The shop's current lastUpdated, as the settings publish it. */
async function lastUpdated(provider: Provider): Promise<number> {
  const script = await (await fetch(`${provider.origin}/demo/vitrine.js`)).text();
  return Number(/"lastUpdated":(\d+)/.exec(script)![1]);
}

/** One autocannon measurement: requests/s and latency percentiles. */
async function load(url: string, connections: number, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    method: (init.method ?? 'GET') as 'GET',
    body: init.body,
    headers: { 'accept-encoding': 'br, gzip', ...init.headers },
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function readPath(providers: Provider[]): Promise<Table> {
  const rows: (string | number)[][] = [];
  for (const provider of providers) {
    const version = await lastUpdated(provider);
    const urls = {
      reviews: `${provider.origin}/api/reviews/demo/${version}/${HANDLE}.json?page=1&limit=100`,
      stats: `${provider.origin}/api/sf/prs/demo/${HANDLE}.json`,
    };
    for (const [endpoint, url] of Object.entries(urls)) {
      for (const connections of [10, 100]) {
        log(`read path: ${provider.label}, ${endpoint}, ${connections} connections`);
        const result = await load(url, connections);
        rows.push([provider.label, endpoint, connections, Math.round(result.rps), result.p50, result.p99, result.errors]);
      }
    }
  }
  return {
    title: `Read path (${SECONDS} s per row, autocannon on loopback, brotli accepted; ${cpus().length} cores shared with the load tool)`,
    columns: ['provider', 'endpoint', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    rows,
    notes: [
      `reviews: GET /api/reviews/demo/{lastUpdated}/${HANDLE}.json?page=1&limit=100 (the current, immutable URL)`,
      `stats: GET /api/sf/prs/demo/${HANDLE}.json`,
    ],
  };
}

/** The demo shop's admin token, written by the provider that seeded the data folder. */
const adminToken = (provider: Provider) => readFileSync(join(provider.dataDir, 'admin-token'), 'utf8').trim();

/** A request that fails on a dead process is retried (a new connection reaches a live one). */
async function withRetry(send: () => Promise<Response>): Promise<{ response: Response; retries: number }> {
  for (let retries = 0; ; retries++) {
    try {
      const response = await send();
      if (response.status < 500 || retries >= 20) return { response, retries };
    } catch (error) {
      if (retries >= 20) throw error;
    }
    await new Promise((wait) => setTimeout(wait, 20 * (retries + 1)));
  }
}

/** 1,000 concurrent clients: a beacon (own request uid) and an owner write each; then the checks. */
async function writeLoad(provider: Provider, databaseUrl: string, options: { killOne?: boolean }) {
  const CLIENTS = 1000;
  const token = adminToken(provider);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const reviewIds = (await db.query<{ id: string }>("SELECT id FROM reviews WHERE shop_id = 'demo' ORDER BY id LIMIT 200")).rows.map(
    (row) => Number(row.id),
  );
  const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM track_batches')).rows[0]!.n);
  const run = `w${Date.now().toString(36)}`;
  const latencies: number[] = [];
  let retries = 0;
  let killed = false;
  const started = performance.now();
  const client = async (index: number) => {
    const beacon = JSON.stringify({
      version: '1',
      events: [{ type: 'page_view', index }],
      meta: { shopId: 'demo', requestUid: `${run}-${index}` },
    });
    const t0 = performance.now();
    const tracked = await withRetry(() =>
      fetch(`${provider.origin}/api/track`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: beacon }),
    );
    const reviewId = reviewIds[index % reviewIds.length]!;
    const write =
      index % 2
        ? { path: `${reviewId}/hide`, body: { hidden: index % 4 === 1 } }
        : { path: `${reviewId}/reply`, body: { reply: `Thanks (${run} ${index})` } };
    const owned = await withRetry(() =>
      fetch(`${provider.origin}/api/admin/demo/reviews/${write.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(write.body),
      }),
    );
    latencies.push(performance.now() - t0);
    retries += tracked.retries + owned.retries;
    if (tracked.response.status !== 204 || owned.response.status !== 200)
      throw new Error(`client ${index}: ${tracked.response.status}/${owned.response.status}`);
  };
  const pending = Array.from({ length: CLIENTS }, (_, index) => client(index));
  if (options.killOne) {
    // Kill a worker (not the primary that holds the port) once the load is under way.
    setTimeout(async () => {
      const pids = await workerPids(provider.child.pid!);
      if (pids.length) {
        process.kill(pids[0]!, 'SIGKILL');
        killed = true;
      }
    }, 150);
  }
  const outcomes = await Promise.allSettled(pending);
  const seconds = (performance.now() - started) / 1000;
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
  const stored = (
    await db.query<{ uid: string; n: string }>(
      `SELECT meta_json::json->>'requestUid' AS uid, count(*) AS n FROM track_batches WHERE meta_json LIKE $1 GROUP BY 1`,
      [`%${run}-%`],
    )
  ).rows;
  const twice = stored.filter((row) => Number(row.n) > 1).length;
  const after = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM track_batches')).rows[0]!.n);
  const statsOk = await statsMatchRows(provider, db);
  await db.end();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN);
  return {
    clients: CLIENTS,
    failed,
    stored: stored.length,
    twice,
    growth: after - before,
    seconds,
    p50: pct(50),
    p99: pct(99),
    retries,
    killed,
    statsOk,
  };
}

/** Stats the provider answers for every product equal a count of the stored visible reviews. */
async function statsMatchRows(provider: Provider, db: pg.Client): Promise<boolean> {
  const handles = (await db.query<{ handle: string }>("SELECT handle FROM products WHERE shop_id = 'demo'")).rows.map((row) => row.handle);
  const counted = (
    await db.query<{ handle: string; n: string }>(
      "SELECT product_handle AS handle, count(*) AS n FROM reviews WHERE shop_id = 'demo' AND hidden = 0 GROUP BY 1",
    )
  ).rows;
  const expected = new Map(counted.map((row) => [row.handle, Number(row.n)]));
  const answered = (await (
    await fetch(`${provider.origin}/api/sf/prs/demo/stats.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handles }),
    })
  ).json()) as Record<string, { r: number }>;
  return handles.every((handle) => answered[handle]!.r === (expected.get(handle) ?? 0));
}

/** The cluster's worker processes (children of the primary). */
async function workerPids(primary: number): Promise<number[]> {
  const { execFileSync } = await import('node:child_process');
  try {
    return execFileSync('pgrep', ['-P', String(primary)])
      .toString()
      .trim()
      .split('\n')
      .map(Number)
      .filter(Boolean);
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  const readOnly = process.argv.includes('--read-only');
  const postgres = await startTestPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const database = async (name: string) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const tables: Table[] = [];
  const started: Provider[] = [];
  try {
    const sqlite = await startProvider('1 process, SQLite', {});
    started.push(sqlite);
    const onePg = await startProvider('1 process, PostgreSQL', { databaseUrl: await database('vitrine_perf_one') });
    started.push(onePg);
    const fourUrl = await database('vitrine_perf_four');
    const fourPg = await startProvider('4 processes, PostgreSQL', { databaseUrl: fourUrl, workers: 4 });
    started.push(fourPg);
    tables.push(await readPath(started));
    if (!readOnly) {
      const rows: (string | number)[][] = [];
      for (const [label, killOne] of [
        ['4 processes', false],
        ['4 processes, one killed mid-load', true],
      ] as const) {
        log(`write path: ${label}`);
        const result = await writeLoad(fourPg, fourUrl, { killOne });
        rows.push([
          label,
          result.clients,
          result.failed,
          result.stored,
          result.twice,
          result.growth,
          result.statsOk ? 'yes' : 'NO',
          result.retries,
          result.p50,
          result.p99,
          Math.round((result.clients * 2) / result.seconds),
        ]);
      }
      tables.push({
        title: 'Write path on PostgreSQL: 1,000 concurrent clients, each one beacon (own request uid) and one owner reply or hide',
        columns: [
          'run',
          'clients',
          'failed',
          'beacons stored',
          'stored twice',
          'new batches',
          'stats = rows',
          'retries',
          'p50 ms',
          'p99 ms',
          'writes/s',
        ],
        rows,
        notes: [
          'Failed requests (connection reset by the killed process, 5xx) are retried by the client; a retried beacon carries the same request uid.',
        ],
      });
    }
  } finally {
    for (const provider of started) await provider.stop();
    await admin.end();
    postgres.stop();
  }
  for (const table of tables) process.stdout.write(`${formatTable(table)}\n\n`);
}

await main();
