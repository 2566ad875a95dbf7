/**
 * `npm run perf:submissions`: the review write path under load, against providers this script
 * starts (rate limits off): SQLite in one process, and PostgreSQL (a throwaway server, or
 * DATABASE_URL) in four. Prints a table on stdout (progress on stderr).
 *
 * Per provider: 1,000 concurrent submissions (`POST /api/add-new-review`), each with its own
 * idempotency key and address, a fifth with a 1–3 MB photo made here with sharp, 70% with 4–5
 * stars (published at once) and the rest pending. 50 of them are sent twice at once (a retry while
 * the first is in flight) and 100 are sent again afterwards (a retry after a lost answer). Then the
 * checks: every key stored exactly once, every retry answered with the first review, each photo
 * stored with its thumbnail, and the stats the provider answers equal to the published rows.
 *
 *   PERF_SUBMISSIONS=1000 npm run perf:submissions
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { percentile, startProvider, withRetry, type Provider } from './lib/providerProcess.ts';
import { formatTable, type Table } from './lib/table.ts';
// @ts-expect-error -- a plain .mjs helper shared with the npm scripts (no types)
import { startTestPostgres } from '../scripts/lib.mjs';

const SUBMISSIONS = Number(process.env.PERF_SUBMISSIONS || 1000);
/** Every PHOTO_EVERY-th submission carries a photo. */
const PHOTO_EVERY = 5;
/** Submissions sent twice at once, and sent again once all are answered. */
const RETRIED_AT_ONCE = 50;
const RETRIED_AFTER = 100;
/** Stars by submission index (mod 10): 7 of 10 are 4 or 5 stars, published at once by default. */
const STARS = [5, 5, 5, 4, 4, 3, 5, 4, 2, 1];
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Rows of a query written with `?` placeholders, on the provider's store. */
type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** Read access to a provider's store: PostgreSQL through pg, SQLite through a read-only connection. */
async function storeOf(provider: Provider, databaseUrl: string | undefined): Promise<{ query: Query; close(): Promise<void> }> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async <Row>(text: string, params: unknown[] = []) => {
        let n = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as Row[];
      },
      close: () => client.end(),
    };
  }
  const db = new Database(join(provider.dataDir, 'vitrine.sqlite'), { readonly: true });
  return {
    query: async <Row>(text: string, params: unknown[] = []) => db.prepare(text).all(...params) as Row[],
    close: async () => {
      db.close();
    },
  };
}

/** Three distinct phone-sized JPEGs of 1–3 MB (12 megapixels of soft noise). */
async function makePhotos(): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (const mean of [90, 128, 170]) {
    const noise = sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean, sigma: 35 } },
    });
    photos.push(
      await sharp(await noise.png({ compressionLevel: 1 }).toBuffer())
        .blur(1.2)
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  log(`photos: ${photos.map((photo) => `${(photo.length / 1024 / 1024).toFixed(1)} MB`).join(', ')}`);
  return photos;
}

/** Submission `index` of a run: its own key and address; a photo every PHOTO_EVERY-th. */
function submissionForm(run: string, index: number, handles: string[], photos: Buffer[]): FormData {
  const form = new FormData();
  form.set('shopId', 'demo');
  form.set('productHandle', handles[index % handles.length]!);
  form.set('review[name]', `Shopper ${index}`);
  form.set('review[email]', `${run}-${index}@example.com`);
  form.set('review[review]', `Submission ${index} of a load test.\nSecond line.`);
  form.set('review[stars]', String(STARS[index % STARS.length]));
  form.set('idempotencyKey', `${run}-${index}`);
  if (index % PHOTO_EVERY === 0)
    form.append('images[]', new Blob([new Uint8Array(photos[index % photos.length]!)], { type: 'image/jpeg' }), `IMG_${index}.JPG`);
  return form;
}

/** One submission (retried on a connection error or 5xx, with the same key): its review id and latency. */
async function send(provider: Provider, form: FormData): Promise<{ id: number; ms: number; retries: number }> {
  const started = performance.now();
  const { response, retries } = await withRetry(() => fetch(`${provider.origin}/api/add-new-review`, { method: 'POST', body: form }));
  const body = (await response.json()) as { success: boolean; review?: { id: number }; errors?: string[] };
  if (response.status !== 200 || !body.review) throw new Error(`HTTP ${response.status}: ${body.errors?.join('; ')}`);
  return { id: body.review.id, ms: performance.now() - started, retries };
}

/** What the store holds for a run, and whether the answered stats equal its published rows. */
async function verify(provider: Provider, query: Query, run: string, handles: string[]) {
  const perKey = await query<{ n: number }>('SELECT count(*) AS n FROM reviews WHERE idempotency_key LIKE ? GROUP BY idempotency_key', [
    `${run}-%`,
  ]);
  const photos = await query<{ n: number; thumbnails: number }>(
    'SELECT count(*) AS n, count(p.thumbnail_url) AS thumbnails FROM review_photos p JOIN reviews r ON r.id = p.review_id WHERE r.idempotency_key LIKE ?',
    [`${run}-%`],
  );
  const published = await query<{ handle: string; n: number }>(
    "SELECT product_handle AS handle, count(*) AS n FROM reviews WHERE shop_id = 'demo' AND hidden = 0 AND status = 'published' GROUP BY product_handle",
  );
  const answered = (await (
    await fetch(`${provider.origin}/api/sf/prs/demo/stats.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handles }),
    })
  ).json()) as Record<string, { r: number }>;
  const expected = new Map(published.map((row) => [row.handle, Number(row.n)]));
  return {
    keys: perKey.length,
    twice: perKey.filter((row) => Number(row.n) > 1).length,
    photos: Number(photos[0]!.n),
    thumbnails: Number(photos[0]!.thumbnails),
    statsOk: handles.every((handle) => answered[handle]!.r === (expected.get(handle) ?? 0)),
  };
}

/** The load and the checks on one provider; a table row. */
async function measure(provider: Provider, databaseUrl: string | undefined, photos: Buffer[]): Promise<(string | number)[]> {
  const store = await storeOf(provider, databaseUrl);
  try {
    const handles = (await store.query<{ handle: string }>("SELECT handle FROM products WHERE shop_id = 'demo' ORDER BY handle")).map(
      (row) => row.handle,
    );
    const run = `s${Date.now().toString(36)}`;
    const forms = Array.from({ length: SUBMISSIONS }, (_, index) => submissionForm(run, index, handles, photos));
    log(
      `${provider.label}: ${SUBMISSIONS} submissions (${Math.ceil(SUBMISSIONS / PHOTO_EVERY)} with a photo), ${RETRIED_AT_ONCE} sent twice at once`,
    );
    const started = performance.now();
    const first = await Promise.allSettled([...forms, ...forms.slice(0, RETRIED_AT_ONCE)].map((form) => send(provider, form)));
    const seconds = (performance.now() - started) / 1000;
    const answers = first.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = first.length - answers.length;
    if (failed)
      log(
        `${provider.label}: ${failed} failed, e.g. ${String((first.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason)}`,
      );
    const idOf = (index: number) => {
      const outcome = first[index];
      return outcome?.status === 'fulfilled' ? outcome.value.id : -1;
    };
    const twinsAgree = Array.from({ length: RETRIED_AT_ONCE }, (_, index) => idOf(index) === idOf(SUBMISSIONS + index)).every(Boolean);
    log(`${provider.label}: ${RETRIED_AFTER} sent again`);
    const again = await Promise.all(forms.slice(0, RETRIED_AFTER).map((form) => send(provider, form)));
    const retriesAgree = twinsAgree && again.every((answer, index) => answer.id === idOf(index));
    const checks = await verify(provider, store.query, run, handles);
    const latencies = answers
      .slice(0, SUBMISSIONS)
      .map((answer) => answer.ms)
      .sort((a, b) => a - b);
    return [
      provider.label,
      SUBMISSIONS,
      failed,
      checks.keys,
      checks.twice,
      retriesAgree ? 'yes' : 'NO',
      `${checks.photos}/${checks.thumbnails}`,
      checks.statsOk ? 'yes' : 'NO',
      percentile(latencies, 50),
      percentile(latencies, 99),
      Math.round(SUBMISSIONS / seconds),
      Math.round((Math.ceil(SUBMISSIONS / PHOTO_EVERY) / seconds) * 10) / 10,
      Math.round(seconds * 10) / 10,
    ];
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const photos = await makePhotos();
  const postgres = await startTestPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const rows: (string | number)[][] = [];
  const started: Provider[] = [];
  try {
    const sqlite = await startProvider('1 process, SQLite', {});
    started.push(sqlite);
    rows.push(await measure(sqlite, undefined, photos));
    await admin.query('DROP DATABASE IF EXISTS vitrine_perf_submissions WITH (FORCE)');
    await admin.query('CREATE DATABASE vitrine_perf_submissions');
    const url = new URL(postgres.url);
    url.pathname = '/vitrine_perf_submissions';
    const fourPg = await startProvider('4 processes, PostgreSQL', { databaseUrl: url.toString(), workers: 4 });
    started.push(fourPg);
    rows.push(await measure(fourPg, url.toString(), photos));
  } finally {
    for (const provider of started) await provider.stop();
    await admin.end();
    postgres.stop();
  }
  const table: Table = {
    title: `Review submissions: ${SUBMISSIONS} concurrent POST /api/add-new-review per provider, a fifth with a 1–3 MB photo (${cpus().length} cores shared with PostgreSQL and the load tool)`,
    columns: [
      'provider',
      'sent',
      'failed',
      'keys stored',
      'stored twice',
      'retries = first',
      'photos/thumbs',
      'stats = rows',
      'p50 ms',
      'p99 ms',
      'submissions/s',
      'photos/s',
      'seconds',
    ],
    rows,
    notes: [
      `Each submission has its own idempotency key and address; ${RETRIED_AT_ONCE} are sent twice at once and ${RETRIED_AFTER} again afterwards: "retries = first" says every retry was answered with the first review.`,
      'Latency is per submission, from sending the form to its answer, while all the others are in flight; submissions/s and photos/s are over the whole burst.',
      'Photos are decoded, rotated, resized to 2048 px and re-encoded with a 400 px thumbnail (sharp, mozjpeg), at most one per core at a time per process.',
    ],
  };
  process.stdout.write(`${formatTable(table)}\n`);
}

await main();
