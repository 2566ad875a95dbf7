/**
 * `npm run perf:ingestion`: how fast the provider takes in tracking events, and what they cost in
 * storage. Starts the demo shop's provider (rate limits off) on SQLite, and on PostgreSQL (a
 * throwaway server, or DATABASE_URL) unless `--sqlite-only`; autocannon posts tracking requests as
 * the tracking chunk sends them (`text/plain` JSON, a meta of about 450 bytes, each request its own
 * request uid, visitor and session spread over 1,000 visitors) for PERF_SECONDS (default 10) at 10
 * and 50 connections. Prints requests/s, events ingested/s, p50/p99 and store growth per 1,000
 * events (the tables and indexes, measured by the database before and after).
 *
 *   PERF_SECONDS=20 npm run perf:ingestion
 *   npm run perf:ingestion -- --sqlite-only
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startProvider, type Provider } from './lib/providerProcess.ts';
import { formatTable, type Table } from './lib/table.ts';
// @ts-expect-error -- a plain .mjs helper shared with the npm scripts (no types)
import { startTestPostgres } from '../scripts/lib.mjs';

const SECONDS = Number(process.env.PERF_SECONDS || 10);
const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * The events of one request, as a heartbeat of a visitor who looks at the reviews carries them
 * (spec §4): the heartbeat, two impressions, an interaction, and every 8th request an add-to-cart.
 */
function eventsOf(index: number): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    { type: 'heartbeat' },
    { type: 'impression', widget: 'reviews', count: 1 },
    { type: 'impression', widget: 'star-snippets', count: 6 },
    { type: 'interaction', name: index % 2 ? 'photo-opened' : 'filter-used' },
  ];
  if (index % 8 === 0) events.push({ type: 'add_to_cart' });
  return events;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** One request's body; `run` keeps request uids unique across measurements. */
function body(run: number, index: number): string {
  const visitor = index % 1000;
  return JSON.stringify({
    version: '0.1.0',
    shopId: 'demo',
    events: eventsOf(index),
    meta: {
      shopId: 'demo',
      clientDate: new Date().toISOString(),
      cartToken: `c${hex(visitor, 23)}`,
      pageType: 'product',
      pageUrl: 'https://vitrine-demo.myshopify.com/products/classic-cotton-tee?variant=40000000001&utm_source=newsletter',
      pageUid: hex(index, 24),
      requestType: 2,
      requestUid: `${hex(run, 4)}${hex(index, 20)}`,
      sessionId: `5${hex(visitor, 23)}`,
      userUid: `a${hex(visitor, 23)}`,
      referrer: 'https://www.google.com/',
      productId: '7000000000001',
    },
  });
}

/** Bytes of the provider's tables and indexes, as its database counts them. */
async function storeBytes(provider: Provider, databaseUrl: string | undefined): Promise<number> {
  if (!databaseUrl) {
    const db = new Database(join(provider.dataDir, 'vitrine.sqlite'), { readonly: true, fileMustExist: true });
    try {
      // Pages in use as this connection sees the database (the WAL's committed frames included).
      const pages = Number(db.pragma('page_count', { simple: true })) - Number(db.pragma('freelist_count', { simple: true }));
      return pages * Number(db.pragma('page_size', { simple: true }));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    return Number(rows[0]!.bytes);
  } finally {
    await client.end();
  }
}

let runs = 0;

/** One measurement: autocannon posting tracking requests for SECONDS. */
async function ingest(provider: Provider, databaseUrl: string | undefined, connections: number) {
  const run = ++runs;
  let sent = 0;
  let events = 0;
  const before = await storeBytes(provider, databaseUrl);
  const result = await autocannon({
    url: `${provider.origin}/api/track`,
    connections,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    requests: [
      {
        setupRequest: (request) => {
          const index = sent++;
          events += eventsOf(index).length;
          return { ...request, body: body(run, index) };
        },
      },
    ],
  });
  const ok = result['2xx'];
  // Requests set up but not answered when the time was up carry events that were not ingested.
  const eventsIngested = Math.round((events * ok) / Math.max(1, sent));
  const grown = (await storeBytes(provider, databaseUrl)) - before;
  return {
    rps: result.requests.average,
    eventsPerSecond: eventsIngested / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    events: eventsIngested,
    bytesPer1000: (grown / Math.max(1, eventsIngested)) * 1000,
  };
}

async function main(): Promise<void> {
  const sqliteOnly = process.argv.includes('--sqlite-only');
  const started: Provider[] = [];
  let postgres: { url: string; stop(): void } | null = null;
  const rows: (string | number)[][] = [];
  try {
    const targets: { provider: Provider; databaseUrl?: string }[] = [];
    const sqlite = await startProvider('SQLite', {});
    started.push(sqlite);
    targets.push({ provider: sqlite });
    if (!sqliteOnly) {
      postgres = (await startTestPostgres()) as { url: string; stop(): void };
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS vitrine_perf_ingest WITH (FORCE)');
      await admin.query('CREATE DATABASE vitrine_perf_ingest');
      await admin.end();
      const url = new URL(postgres.url);
      url.pathname = '/vitrine_perf_ingest';
      const provider = await startProvider('PostgreSQL', { databaseUrl: url.toString() });
      started.push(provider);
      targets.push({ provider, databaseUrl: url.toString() });
    }
    for (const { provider, databaseUrl } of targets) {
      for (const connections of [10, 50]) {
        log(`ingestion: ${provider.label}, ${connections} connections, ${SECONDS} s`);
        const result = await ingest(provider, databaseUrl, connections);
        rows.push([
          provider.label,
          connections,
          Math.round(result.rps),
          Math.round(result.eventsPerSecond),
          result.p50,
          result.p99,
          result.errors,
          result.events,
          Math.round(result.bytesPer1000 / 1024),
        ]);
      }
    }
  } finally {
    for (const provider of started) await provider.stop();
    postgres?.stop();
  }
  const table: Table = {
    title: `Tracking ingestion (POST /api/track, ${SECONDS} s per row, autocannon on loopback; ${cpus().length} cores shared with the load tool)`,
    columns: ['store', 'connections', 'requests/s', 'events/s', 'p50 ms', 'p99 ms', 'errors', 'events stored', 'kB per 1,000 events'],
    rows,
    notes: [
      'Each request: 4 or 5 events (heartbeat, 2 impressions, an interaction, every 8th an add-to-cart) and a meta of about 450 bytes, stored once per request;',
      'the day aggregates (counters, visitors, visits) are updated in the same transaction. Store growth: tables and indexes, before and after.',
    ],
  };
  process.stdout.write(`${formatTable(table)}\n`);
}

await main();
