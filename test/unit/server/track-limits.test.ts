import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config.ts';
import { pruneExpired } from '../../../server/provider/retention.ts';
import type { Storage } from '../../../server/storage/index.ts';
import { countRows, makeServer, makeStorage, storeBytes, TEST_ENGINE, type TestServer } from './helpers.ts';

type App = TestServer['app'];
const json = (body: string) => JSON.parse(body) as { error: { code: string; message: string } };
const count = (app: App, table: 'events' | 'track_batches' | 'error_reports') => countRows(app, table);

const track = (app: App, payload: unknown, remoteAddress = '203.0.113.10') =>
  app.inject({
    method: 'POST',
    url: '/api/track',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const storeError = (app: App, form: Record<string, string>, remoteAddress = '203.0.113.10') =>
  app.inject({
    method: 'POST',
    url: '/api/store-error',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** A meta object of about `bytes` bytes serialized, like the client's (URLs, ids, referrer). */
function metaOf(bytes: number, shopId = 'demo'): Record<string, unknown> {
  return {
    shopId,
    pageType: 'product',
    pageUrl: `https://shop.example/products/x?utm=${'u'.repeat(Math.max(0, bytes - 120))}`,
    sessionId: 's-123',
    userUid: 'u-456',
  };
}
const events = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'widget_view', id: 21, i }));

describe('POST /api/track storage', () => {
  it('stores the meta once per request, not once per event: the store grows about as much as it receives', async () => {
    const { app } = await makeServer();
    try {
      if (TEST_ENGINE === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(app.vitrine.storage.db);
      const before = await storeBytes(app);
      let received = 0;
      const POSTS = 8;
      for (let i = 0; i < POSTS; i++) {
        const body = JSON.stringify({ version: '1.0.0', events: events(100), meta: metaOf(3500) });
        received += body.length;
        const res = await app.inject({ method: 'POST', url: '/api/track', headers: { 'content-type': 'text/plain' }, payload: body });
        expect(res.statusCode).toBe(204);
      }
      expect(await count(app, 'events')).toBe(POSTS * 100);
      const grown = (await storeBytes(app)) - before;
      // Copying the 3.5 kB meta into each of the 800 rows grew it by ~3.3 MB (56× what was sent);
      // now ~2.5× (rows, two indexes, page slack).
      expect(grown).toBeLessThan(4 * received);
      expect(await count(app, 'track_batches')).toBe(POSTS);
    } finally {
      await app.close();
    }
  });

  it('a meta or an event over its caps is 413 in the error shape, and nothing is stored', async () => {
    const { app } = await makeServer();
    try {
      const before = await count(app, 'events');
      /** An object nested `levels` deep ({ leaf: 1 } is 1); spread into another object it keeps that depth. */
      const deep = (levels: number): Record<string, unknown> => (levels <= 1 ? { leaf: 1 } : { next: deep(levels - 1) });
      const cases = [
        { version: '1', events: events(1), meta: metaOf(250_000) }, // the 250 kB meta of the report
        { version: '1', events: events(1), meta: metaOf(4200) },
        { version: '1', events: events(1), meta: { shopId: 'demo', ...deep(6) } },
        { version: '1', events: [{ type: 'a', blob: 'x'.repeat(2100) }], meta: { shopId: 'demo' } },
        { version: '1', events: [{ type: 'a', ...deep(6) }], meta: { shopId: 'demo' } },
      ];
      for (const [index, payload] of cases.entries()) {
        const res = await track(app, payload);
        expect(res.statusCode, `case ${index}`).toBe(413);
        expect(json(res.body)).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/meta|events\[0\]/) } });
      }
      // Right at the caps is fine: 5 levels, ~4 kB.
      expect(
        (await track(app, { version: '1', events: [{ type: 'a', ...deep(5) }], meta: { shopId: 'demo', ...deep(5) } })).statusCode,
      ).toBe(204);
      expect((await track(app, { version: '1', events: events(1), meta: metaOf(4000) })).statusCode).toBe(204);
      expect(await count(app, 'events')).toBe(before + 2);
    } finally {
      await app.close();
    }
  });

  it('needs a known shop: none → 400, unknown → 404 SHOP_NOT_FOUND (track and store-error)', async () => {
    const { app } = await makeServer();
    try {
      const missing = await track(app, { version: '1', events: events(1), meta: { pageType: 'home' } });
      expect(missing.statusCode).toBe(400);
      expect(json(missing.body).error.code).toBe('VALIDATION_ERROR');
      const unknown = await track(app, { version: '1', events: events(1), meta: { shopId: 'no-such-shop' } });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown.body)).toEqual({ error: { code: 'SHOP_NOT_FOUND', message: expect.any(String) } });
      expect(await count(app, 'events')).toBe(0);

      expect((await storeError(app, { code: '2280' })).statusCode).toBe(400);
      const unknownReport = await storeError(app, { code: '2280', sid: 'no-such-shop' });
      expect(unknownReport.statusCode).toBe(404);
      expect(json(unknownReport.body).error.code).toBe('SHOP_NOT_FOUND');
      expect(await count(app, 'error_reports')).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/store-error limits', () => {
  it('nested JSON values are 400; a report still over 8 kB after the cuts is 413', async () => {
    const { app } = await makeServer();
    try {
      const nested = await app.inject({
        method: 'POST',
        url: '/api/store-error',
        payload: { code: '2280', sid: 'demo', extra: { deep: [1] } },
      });
      expect(nested.statusCode).toBe(400);
      expect(json(nested.body).error.code).toBe('VALIDATION_ERROR');
      const form: Record<string, string> = { code: '2280', sid: 'demo' };
      for (let i = 0; i < 10; i++) form[`errors[${i}][msg]`] = 'm'.repeat(1000);
      const big = await storeError(app, form);
      expect(big.statusCode).toBe(413);
      expect(json(big.body).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await count(app, 'error_reports')).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('rate limits', () => {
  it('track and store-error: 429 with Retry-After and the error shape, per client address and shop', async () => {
    const { app } = await makeServer({ rateLimit: { trackPerMinute: 3, storeErrorPerMinute: 2 } });
    try {
      await app.vitrine.storage.db.insertInto('shops').values({ id: 'other', domain: 'other.myshopify.com' }).execute();
      const beacon = (shopId: string) => ({ version: '1', events: events(1), meta: { shopId } });
      for (let i = 0; i < 3; i++) expect((await track(app, beacon('demo'))).statusCode).toBe(204);
      const limited = await track(app, beacon('demo'));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(json(limited.body)).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
      // Another shop from the same address, and the same shop from another address, are not limited.
      expect((await track(app, beacon('other'))).statusCode).toBe(204);
      expect((await track(app, beacon('demo'), '198.51.100.20')).statusCode).toBe(204);

      for (let i = 0; i < 2; i++) expect((await storeError(app, { code: '2280', sid: 'demo' })).statusCode).toBe(204);
      const reports = await storeError(app, { code: '2280', sid: 'demo' });
      expect(reports.statusCode).toBe(429);
      expect(Number(reports.headers['retry-after'])).toBeGreaterThan(0);
      expect(json(reports.body).error.code).toBe('RATE_LIMITED');
      expect((await storeError(app, { code: '2280', sid: 'other' })).statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });

  it('track and store-error count before the shop lookup: unknown shops use up the limit too', async () => {
    const { app } = await makeServer({ rateLimit: { trackPerMinute: 2, storeErrorPerMinute: 2 } });
    try {
      const beacon = { version: '1', events: events(1), meta: { shopId: 'no-such-shop' } };
      for (let i = 0; i < 2; i++) expect((await track(app, beacon)).statusCode).toBe(404);
      expect((await track(app, beacon)).statusCode).toBe(429);
      for (let i = 0; i < 2; i++) expect((await storeError(app, { code: '2280', sid: 'no-such-shop' })).statusCode).toBe(404);
      expect((await storeError(app, { code: '2280', sid: 'no-such-shop' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('VITRINE_RATE_LIMIT=0 (rateLimit: false) turns every limit off', async () => {
    expect(configFromEnv({ VITRINE_RATE_LIMIT: '0', VITRINE_TRACK_RATE_PER_MIN: '5' })).toEqual({ rateLimit: false });
    expect(
      configFromEnv({ VITRINE_TRACK_RATE_PER_MIN: '5', VITRINE_STORE_ERROR_RATE_PER_MIN: '7', VITRINE_ADMIN_FAILURES_PER_15_MIN: '3' }),
    ).toEqual({
      rateLimit: { trackPerMinute: 5, storeErrorPerMinute: 7, adminFailuresPer15Min: 3 },
    });
    expect(() => configFromEnv({ VITRINE_RATE_LIMIT: 'off' })).toThrow(/^VITRINE_RATE_LIMIT must be 0/);
    const { app } = await makeServer({ rateLimit: false });
    try {
      // More than the default 300 per minute from one address for one shop.
      for (let i = 0; i < 320; i++) {
        const res = await track(app, { version: '1', events: events(1), meta: { shopId: 'demo' } });
        if (res.statusCode !== 204) throw new Error(`request ${i}: ${res.statusCode}`);
      }
      for (let i = 0; i < 70; i++) {
        const res = await storeError(app, { code: '2280', sid: 'demo' });
        if (res.statusCode !== 204) throw new Error(`report ${i}: ${res.statusCode}`);
      }
    } finally {
      await app.close();
    }
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('rate limits across provider processes', () => {
  it('count in the shared database: requests spread over two processes share one limit', async () => {
    const first = await makeServer({ rateLimit: { trackPerMinute: 4 } });
    const databaseUrl = (first.app.vitrine.config as { databaseUrl: string }).databaseUrl;
    const second = await makeServer({ rateLimit: { trackPerMinute: 4 }, databaseUrl, dataDir: first.dataDir });
    try {
      const beacon = { version: '1', events: events(1), meta: { shopId: 'demo' } };
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await track(i % 2 ? second.app : first.app, beacon)).statusCode);
      expect(codes).toEqual([204, 204, 204, 204, 429, 429]);
    } finally {
      await second.app.close();
      await first.app.close();
    }
  });
});

describe('retention', () => {
  const DAY = 86_400_000;
  const now = new Date('2030-06-01T12:00:00.000Z');
  const iso = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();

  async function seedRows(storage: Storage): Promise<void> {
    for (const daysAgo of [400, 120, 91, 89, 1]) {
      const createdAt = iso(daysAgo);
      const { id } = await storage.db
        .insertInto('track_batches')
        .values({ shop_id: 'demo', version: '1', meta_json: '{}', created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = { shop_id: 'demo', batch_id: Number(id), type: 'a', payload_json: '{}', created_at: createdAt };
      await storage.db.insertInto('events').values([event, event, event]).execute();
      await storage.db
        .insertInto('error_reports')
        .values({ shop_id: 'demo', code: '2280', payload_json: '{}', created_at: createdAt })
        .execute();
    }
  }
  const tableCount = async (storage: Storage, table: 'events' | 'track_batches' | 'error_reports') =>
    Number(
      (
        await storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('deletes events, track batches and error reports older than the configured days, in chunks', async () => {
    const { storage, dispose } = await makeStorage();
    try {
      await seedRows(storage);
      const deleted = await pruneExpired(storage.tracking, { retentionDays: 90, now, chunkSize: 2 });
      expect(deleted).toMatchObject({ events: 9, track_batches: 3, error_reports: 3 });
      for (const table of ['events', 'track_batches', 'error_reports'] as const) {
        const oldest = await storage.db
          .selectFrom(table)
          .select((eb) => eb.fn.min('created_at').as('t'))
          .executeTakeFirstOrThrow();
        expect(oldest.t, table).toBe(iso(89));
      }
      expect(await tableCount(storage, 'events')).toBe(6);
      expect(await tableCount(storage, 'track_batches')).toBe(2);
      expect(await tableCount(storage, 'error_reports')).toBe(2);
      expect(await pruneExpired(storage.tracking, { retentionDays: 90, now })).toMatchObject({
        events: 0,
        track_batches: 0,
        error_reports: 0,
      });
      expect(await pruneExpired(storage.tracking, { retentionDays: 1, now: new Date(now.getTime() + 10 * DAY) })).toMatchObject({
        events: 6,
        track_batches: 2,
        error_reports: 2,
      });
    } finally {
      await dispose();
    }
  });

  it('runs when the server starts, with the configured number of days', async () => {
    const { storage, dataDir, databaseUrl, dispose } = await makeStorage();
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    await storage.db
      .insertInto('track_batches')
      .values([
        { shop_id: 'demo', version: '1', meta_json: '{}', created_at: day(40) },
        { shop_id: 'demo', version: '1', meta_json: '{}', created_at: day(20) },
      ])
      .execute();
    await storage.close();
    const { app } = await makeServer({ dataDir, databaseUrl, retentionDays: 30 });
    try {
      await app.vitrine.retention.whenIdle();
      const left = await app.vitrine.storage.db.selectFrom('track_batches').select('created_at').execute();
      expect(left).toHaveLength(1);
      expect(Date.parse(left[0]!.created_at)).toBeGreaterThan(Date.now() - 30 * 86_400_000);
    } finally {
      await app.close();
      await dispose();
    }
    expect(configFromEnv({ VITRINE_RETENTION_DAYS: '30' })).toEqual({ retentionDays: 30 });
    expect(() => configFromEnv({ VITRINE_RETENTION_DAYS: '0' })).toThrow(/^VITRINE_RETENTION_DAYS must be a whole number/);
  });
});
