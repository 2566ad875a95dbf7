/**
 * "DATABASE_URL=postgres://… npm start serves the demo exactly as npm start does": the demo seeded
 * at the same instant on both engines answers every read endpoint and demo page byte for byte the
 * same, and the same after the same owner writes. Runs in the PostgreSQL suite (it needs both).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { makeServer, TEST_ENGINE, type TestServer } from './helpers.ts';

const SEEDED_AT = new Date('2026-05-04T10:20:30.456Z');

describe.runIf(TEST_ENGINE === 'postgres')('SQLite and PostgreSQL serve the same demo', () => {
  let sqlite: TestServer;
  let postgres: TestServer;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: SEEDED_AT });
    try {
      sqlite = await makeServer({ databaseUrl: null });
      postgres = await makeServer();
    } finally {
      vi.useRealTimers();
    }
  });
  afterAll(async () => {
    await Promise.all([sqlite?.app.close(), postgres?.app.close()]);
  });

  /** The answers of both servers to the same requests: status, type and body. */
  async function answers(server: TestServer): Promise<unknown[]> {
    const lastUpdated = await server.app.vitrine.storage.shops.lastUpdated('demo');
    const handle = SEED_FACTS.manyReviewsHandle;
    const urls = [
      `/api/reviews/demo/${lastUpdated}/${handle}.json?limit=100`,
      `/api/reviews/demo/${lastUpdated}/${handle}.json?page=2&limit=7`,
      `/api/reviews/demo/${lastUpdated}/${handle}/r5.json`,
      `/api/reviews-groups/demo/${lastUpdated}/${handle}.json`,
      '/api/featured-reviews/demo.json',
      '/api/featured-reviews/demo/r4.json',
      `/api/sf/prs/demo/${handle}.json`,
      '/',
      `/products/${handle}`,
      '/collections/all',
      '/pages/top-reviews',
    ];
    const out: unknown[] = [];
    for (const url of urls) {
      const res = await server.app.inject({ url });
      out.push({
        url: url.replace(String(lastUpdated), '{lastUpdated}'),
        status: res.statusCode,
        type: res.headers['content-type'],
        body: res.body,
      });
    }
    const handles = (await server.app.vitrine.storage.db.selectFrom('products').select('handle').orderBy('handle').execute()).map(
      (row) => row.handle,
    );
    const batch = await server.app.inject({
      method: 'POST',
      url: '/api/sf/prs/demo/stats.json',
      payload: { handles: [...handles, 'no-such-product'] },
    });
    out.push({ url: 'POST stats', status: batch.statusCode, body: batch.body });
    return out;
  }

  /** The same owner writes on a server: a unicode reply, a hide, a reply removed. */
  async function ownerWrites(server: TestServer): Promise<void> {
    const token = fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
    const post = (url: string, payload: Record<string, unknown>) =>
      server.app.inject({ method: 'POST', url: `/api/admin/demo/reviews/${url}`, payload, headers: { authorization: `Bearer ${token}` } });
    const ids = (await server.app.vitrine.storage.db.selectFrom('reviews').select('id').orderBy('id').limit(3).execute()).map(
      (row) => row.id,
    );
    for (const [url, payload] of [
      [`${ids[0]}/reply`, { reply: 'Merci ✨ — 谢谢 <b>bold</b><script>x</script>' }],
      [`${ids[1]}/hide`, { hidden: true }],
      [`${ids[2]}/reply`, { reply: '' }],
    ] as const) {
      expect((await post(url, payload)).statusCode).toBe(200);
    }
  }

  it('answers the same to every read, before and after the same owner writes', async () => {
    expect(await answers(postgres)).toEqual(await answers(sqlite));
    await ownerWrites(sqlite);
    await ownerWrites(postgres);
    const fromSqlite = await answers(sqlite);
    expect(JSON.stringify(fromSqlite)).toContain('Merci ✨ — 谢谢 <b>bold</b>');
    expect(await answers(postgres)).toEqual(fromSqlite);
  });
});
