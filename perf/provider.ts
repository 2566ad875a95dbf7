/**
 * `npm run perf:provider`: the provider under load, against processes this script starts (the
 * demo shop's provider, rate limits off): SQLite in one process, PostgreSQL (a throwaway server,
 * or DATABASE_URL) in one and in four processes. Prints tables on stdout (progress on stderr):
 *
 * - read path: `GET` reviews (the current versioned URL, brotli accepted) and stats at 10 and 100
 *   connections: requests/s, p50 and p99 latency (autocannon);
 * - write path: 1,000 concurrent clients spread over 4 processes, each sending one tracking beacon
 *   with its own request uid, one review with its own idempotency key and one owner reply or hide:
 *   every beacon and review stored exactly once, the stats equal to the stored rows;
 * - fault: the same load with one of the 4 processes killed in the middle; clients that fail retry
 *   (on another process): nothing lost, nothing stored twice.
 *
 *   PERF_SECONDS=8 npm run perf:provider          # seconds per read measurement (default 8)
 *   npm run perf:provider -- --read-only          # skip the write and fault runs
 */
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminToken, percentile, startProvider, withRetry, type Provider } from './lib/providerProcess.ts';
import { formatTable, type Table } from './lib/table.ts';
// @ts-expect-error -- a plain .mjs helper shared with the npm scripts (no types)
import { startTestPostgres } from '../scripts/lib.mjs';

const SECONDS = Number(process.env.PERF_SECONDS || 8);
const HANDLE = 'classic-cotton-tee';
const log = (line: string) => process.stderr.write(`${line}\n`);

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

/** Products the write path's review submissions are about. */
const REVIEWED = ['classic-cotton-tee', 'ceramic-mug', 'wool-beanie', 'canvas-tote-bag'];

/** A shopper's review (published at once: 4 or 5 stars) with its own idempotency key and address. */
function submitReview(origin: string, run: string, index: number): Promise<Response> {
  const form = new FormData();
  form.set('shopId', 'demo');
  form.set('productHandle', REVIEWED[index % REVIEWED.length]!);
  form.set('review[name]', `Load ${index}`);
  form.set('review[email]', `${run}-${index}@example.com`);
  form.set('review[review]', `Load test review ${index}`);
  form.set('review[stars]', String(4 + (index % 2)));
  form.set('idempotencyKey', `${run}-${index}`);
  return fetch(`${origin}/api/add-new-review`, { method: 'POST', body: form });
}

/** Reviews stored per idempotency key of the run: how many keys, and how many of them more than once. */
async function storedReviews(db: pg.Client, run: string): Promise<{ stored: number; twice: number }> {
  const rows = (
    await db.query<{ n: string }>('SELECT count(*) AS n FROM reviews WHERE idempotency_key LIKE $1 GROUP BY idempotency_key', [`${run}-%`])
  ).rows;
  return { stored: rows.length, twice: rows.filter((row) => Number(row.n) > 1).length };
}

/** 1,000 concurrent clients: a beacon (own request uid), a review (own idempotency key) and an owner write each; then the checks. */
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
    // A retried submission carries the same idempotency key.
    const reviewed = await withRetry(() => submitReview(provider.origin, run, index));
    latencies.push(performance.now() - t0);
    retries += tracked.retries + owned.retries + reviewed.retries;
    const statuses = [tracked.response.status, owned.response.status, reviewed.response.status];
    if (statuses.join() !== '204,200,200') throw new Error(`client ${index}: ${statuses.join('/')}`);
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
  const reviews = await storedReviews(db, run);
  const after = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM track_batches')).rows[0]!.n);
  const statsOk = await statsMatchRows(provider, db);
  await db.end();
  latencies.sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    failed,
    stored: stored.length,
    reviews: reviews.stored,
    twice: twice + reviews.twice,
    growth: after - before,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
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
      "SELECT product_handle AS handle, count(*) AS n FROM reviews WHERE shop_id = 'demo' AND hidden = 0 AND status = 'published' GROUP BY 1",
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
          result.reviews,
          result.twice,
          result.growth,
          result.statsOk ? 'yes' : 'NO',
          result.retries,
          result.p50,
          result.p99,
          Math.round((result.clients * 3) / result.seconds),
        ]);
      }
      tables.push({
        title:
          'Write path on PostgreSQL: 1,000 concurrent clients, each one beacon (own request uid), one review (own idempotency key) and one owner reply or hide',
        columns: [
          'run',
          'clients',
          'failed',
          'beacons stored',
          'reviews stored',
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
          'Failed requests (connection reset by the killed process, 5xx) are retried by the client; a retried beacon carries the same request uid, a retried review the same idempotency key.',
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
