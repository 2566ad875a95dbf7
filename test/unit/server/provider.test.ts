import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { countRows, expectedStats, makeFakeDist, makeServer, storedDb, storedRows, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe('health and country', () => {
  it('GET /api/health', async () => {
    const res = await s.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res.body)).toMatchObject({ ok: true, version: expect.any(String) });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('GET /api/get-country-code from headers, defaulting to US', async () => {
    expect(json((await s.app.inject({ url: '/api/get-country-code' })).body)).toEqual({ countryCode: 'US' });
    expect(json((await s.app.inject({ url: '/api/get-country-code', headers: { 'cf-ipcountry': 'nl' } })).body)).toEqual({
      countryCode: 'NL',
    });
    expect(json((await s.app.inject({ url: '/api/get-country-code', headers: { 'x-country-code': 'ES' } })).body)).toEqual({
      countryCode: 'ES',
    });
  });
});

describe('review stats', () => {
  it('single product stats equal a count computed from the DB', async () => {
    const expected = await expectedStats(s);
    for (const handle of [SEED_FACTS.manyReviewsHandle, 'ceramic-mug', 'dotted-notebook']) {
      const res = await s.app.inject({ url: `/api/sf/prs/demo/${handle}.json` });
      expect(res.statusCode).toBe(200);
      expect(json(res.body)).toEqual(expected[handle]);
    }
    const rows = await storedRows(
      s,
      sql<{
        stars: number;
      }>`SELECT stars FROM reviews WHERE shop_id='demo' AND product_handle=${SEED_FACTS.manyReviewsHandle} AND hidden=0`,
    );
    const body = json((await s.app.inject({ url: `/api/sf/prs/demo/${SEED_FACTS.manyReviewsHandle}.json` })).body) as {
      r: number;
      s: number;
      d: Record<string, number>;
    };
    expect(body.r).toBe(rows.length);
    expect(body.s).toBe(Math.round((rows.reduce((a, r) => a + r.stars, 0) / rows.length) * 10) / 10);
    expect(body.d['5']).toBe(rows.filter((r) => r.stars === 5).length);
  });

  it('zero stats for a product without reviews and for unknown handles', async () => {
    const zero = { r: 0, s: 0, d: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } };
    expect(json((await s.app.inject({ url: '/api/sf/prs/demo/dotted-notebook.json' })).body)).toEqual(zero);
    expect(json((await s.app.inject({ url: '/api/sf/prs/demo/no-such-thing.json' })).body)).toEqual(zero);
  });

  it('accepts a numeric product id', async () => {
    const row = await storedDb(s).selectFrom('products').select('product_id').where('handle', '=', 'ceramic-mug').executeTakeFirstOrThrow();
    const byId = json((await s.app.inject({ url: `/api/sf/prs/demo/${row.product_id}.json` })).body);
    const byHandle = json((await s.app.inject({ url: '/api/sf/prs/demo/ceramic-mug.json' })).body);
    expect(byId).toEqual(byHandle);
  });

  it('404 JSON error for an unknown shop', async () => {
    const res = await s.app.inject({ url: '/api/sf/prs/nope/ceramic-mug.json' });
    expect(res.statusCode).toBe(404);
    expect(json(res.body)).toEqual({ error: { code: 'SHOP_NOT_FOUND', message: expect.any(String) } });
  });

  it('batch stats for all handles in one request', async () => {
    const expected = await expectedStats(s);
    const handles = Object.keys(expected);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/sf/prs/demo/stats.json',
      payload: { handles: [...handles, 'unknown-handle'] },
    });
    expect(res.statusCode).toBe(200);
    const body = json(res.body);
    for (const h of handles) expect(body[h]).toEqual(expected[h]);
    expect((body['unknown-handle'] as { r: number }).r).toBe(0);
    // Handles that objects inherit are answered like any other.
    const inherited = await s.app.inject({
      method: 'POST',
      url: '/api/sf/prs/demo/stats.json',
      payload: { handles: ['__proto__', 'constructor'] },
    });
    expect(Object.keys(json(inherited.body))).toEqual(['__proto__', 'constructor']);
  });

  it('batch validation errors are 400 with the uniform shape', async () => {
    const tooMany = Array.from({ length: 251 }, (_, i) => `h-${i}`);
    for (const payload of [{ handles: tooMany }, { nope: 1 }, { handles: 'x' }, { handles: [1, 2] }, { handles: ['a/b'] }]) {
      const res = await s.app.inject({ method: 'POST', url: '/api/sf/prs/demo/stats.json', payload });
      expect(res.statusCode).toBe(400);
      const body = json(res.body) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(typeof body.error.message).toBe('string');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/sf/prs/demo/stats.json',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad.body)).toHaveProperty('error.code');
  });
});

describe('CORS', () => {
  it('answers preflights on /api/*', async () => {
    const res = await s.app.inject({
      method: 'OPTIONS',
      url: '/api/sf/prs/demo/stats.json',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type');
  });

  it('lists the allowed methods and headers instead of echoing what a preflight asks', async () => {
    const res = await s.app.inject({
      method: 'OPTIONS',
      url: '/api/track',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type, x-evil, authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(String(res.headers['access-control-allow-headers'])).not.toMatch(/x-evil|authorization/i);
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, OPTIONS');
    // Only the owner endpoints take a bearer token.
    const admin = await s.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/demo/reviews/1/hide',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-evil',
      },
    });
    expect(admin.headers['access-control-allow-headers']).toBe('Content-Type, Authorization');
  });

  it('unknown API routes are JSON 404 with CORS', async () => {
    const res = await s.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(json(res.body)).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});

describe('tracking and error reports', () => {
  const count = (table: 'events' | 'error_reports') => countRows(s, table);

  it('POST /api/track stores events (JSON and sendBeacon text/plain)', async () => {
    const before = await count('events');
    const body = {
      version: '1.0.0',
      events: [{ type: 'page_view' }, { type: 'widget_view', id: 21 }],
      meta: { shopId: 'demo', pageType: 'product' },
    };
    const res = await s.app.inject({ method: 'POST', url: '/api/track', payload: body });
    expect(res.statusCode).toBe(204);
    const beacon = await s.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(body),
    });
    expect(beacon.statusCode).toBe(204);
    expect(await count('events')).toBe(before + 4);
    const row = await storedDb(s)
      .selectFrom('events')
      .select(['shop_id', 'batch_id', 'type', 'payload_json'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.shop_id).toBe('demo');
    expect(row.type).toBe('widget_view');
    expect(JSON.parse(row.payload_json)).toEqual({ type: 'widget_view', id: 21 });
    // The request's version and meta are stored once, in the batch the events point to.
    const batch = await storedDb(s)
      .selectFrom('track_batches')
      .select(['shop_id', 'version', 'meta_json'])
      .where('id', '=', row.batch_id!)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ shop_id: 'demo', version: '1.0.0' });
    expect(JSON.parse(batch.meta_json)).toEqual({ shopId: 'demo', pageType: 'product' });
  });

  it('POST /api/track stores a request once: a retry with the same request uid adds nothing', async () => {
    const before = await count('events');
    const batches = () => countRows(s, 'track_batches');
    const batchesBefore = await batches();
    const beacon = {
      version: '1',
      events: [{ type: 'page_view' }, { type: 'heartbeat' }],
      meta: { shopId: 'demo', requestUid: 'r-42-retried' },
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await s.app.inject({ method: 'POST', url: '/api/track', payload: beacon })).statusCode).toBe(204);
    }
    expect(await count('events')).toBe(before + 2);
    expect(await batches()).toBe(batchesBefore + 1);
    // The same uid from another shop, and requests without a uid, are stored each time.
    for (let attempt = 0; attempt < 2; attempt++) {
      const noUid = { ...beacon, meta: { shopId: 'demo' } };
      expect((await s.app.inject({ method: 'POST', url: '/api/track', payload: noUid })).statusCode).toBe(204);
    }
    expect(await batches()).toBe(batchesBefore + 3);
  });

  it('POST /api/track rejects garbage with 400', async () => {
    const before = await count('events');
    const cases = [
      { headers: { 'content-type': 'text/plain' }, payload: 'not json at all' },
      { headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
      { headers: { 'content-type': 'application/json' }, payload: '{"version":"1","events":"x"}' },
      { headers: { 'content-type': 'application/json' }, payload: '{"events":[{"type":"a"}]}' },
      { headers: { 'content-type': 'application/json' }, payload: '{"version":"1","events":[1,2]}' },
    ];
    for (const c of cases) {
      const res = await s.app.inject({ method: 'POST', url: '/api/track', ...c });
      expect(res.statusCode, c.payload).toBe(400);
      expect(json(res.body)).toHaveProperty('error.code');
    }
    expect(await count('events')).toBe(before);
  });

  it('POST /api/store-error stores a form-encoded report', async () => {
    const before = await count('error_reports');
    const form = new URLSearchParams({
      sid: 'demo',
      bid: 'build-1',
      code: '2280',
      url: 'https://shop.example/products/x',
      ua: 'Mozilla/5.0 test',
      ss: '1280x720',
      stl: '10',
      'errors[0][msg]': 'VTL:CRITICAL boom',
      'errors[0][line]': '12',
      stack: 'Error: boom\n at x',
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/store-error',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(204);
    expect(await count('error_reports')).toBe(before + 1);
    const row = await storedDb(s).selectFrom('error_reports').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      shop_id: 'demo',
      code: '2280',
      message: 'VTL:CRITICAL boom',
      url: 'https://shop.example/products/x',
      ua: 'Mozilla/5.0 test',
    });
    expect(JSON.parse(row.payload_json!)).toMatchObject({
      bid: 'build-1',
      ss: '1280x720',
      errors: [{ msg: 'VTL:CRITICAL boom', line: '12' }],
    });
  });

  it('POST /api/store-error as JSON: numbers and booleans are kept as their text, and a number the rules do not allow is a 400', async () => {
    const post = (payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/api/store-error', payload });
    const res = await post({ sid: 'demo', code: 2280, stl: 10, message: 404, 'errors[0][line]': 12, 'errors[0][fatal]': true });
    expect(res.statusCode).toBe(204);
    const row = await storedDb(s).selectFrom('error_reports').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect({ code: row.code, message: row.message }).toEqual({ code: '2280', message: '404' });
    expect(JSON.parse(row.payload_json!)).toMatchObject({ stl: '10', errors: [{ line: '12', fatal: 'true' }] });
    const before = await count('error_reports');
    for (const payload of [
      { sid: 'demo', code: 1e21 },
      { sid: 'demo', code: -1 },
      { sid: 'demo', code: 2.5 },
      { sid: 'demo', code: 2280, stl: 1.2345678901234568e22 },
    ]) {
      const refused = await post(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(refused.body)).toHaveProperty('error.code', 'VALIDATION_ERROR');
    }
    expect(await count('error_reports')).toBe(before);
  });

  it('POST /api/store-error rejects garbage with 400', async () => {
    const before = await count('error_reports');
    for (const payload of ['sid=demo&url=x', 'code=' + encodeURIComponent('<script>'), 'code=' + 'x'.repeat(100)]) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/store-error',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(json(res.body)).toHaveProperty('error.code', 'VALIDATION_ERROR');
    }
    const txt = await s.app.inject({
      method: 'POST',
      url: '/api/store-error',
      headers: { 'content-type': 'text/plain' },
      payload: 'garbage',
    });
    expect(txt.statusCode).toBe(400);
    const xml = await s.app.inject({
      method: 'POST',
      url: '/api/store-error',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(json(xml.body)).toHaveProperty('error.code', 'UNSUPPORTED_MEDIA_TYPE');
    expect(await count('error_reports')).toBe(before);
  });
});

describe('settings + loader', () => {
  it('GET /demo/vitrine.js embeds the settings and then the bundle', async () => {
    const res = await s.app.inject({ url: '/demo/vitrine.js', headers: { host: 'shop.test:1234' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const m = /^window\.vitrineSettings=Object\.assign\((.*),window\.vitrineSettings\|\|\{\}\);\n/.exec(res.body);
    expect(m).not.toBeNull();
    const settings = JSON.parse(m![1]!);
    expect(settings).toMatchObject({
      shopId: 'demo',
      shopDomain: 'vitrine-demo.myshopify.com',
      language: 'auto',
      supportEmail: 'support@vitrine-demo.example',
      modules: [21, 24, 30, 12, 47],
      assetBase: 'http://shop.test:1234/vitrine/',
      providerBase: 'http://shop.test:1234/api/',
    });
    expect(typeof settings.lastUpdated).toBe('number');
    expect(res.body.endsWith('console.log("FAKE_LOADER");\n')).toBe(true);
  });

  it("keeps the build's compile hint on the first line, before the settings (V8 reads it nowhere else)", async () => {
    const dist = makeFakeDist();
    fs.writeFileSync(path.join(dist, 'vitrine.js'), '//# allFunctionsCalledOnLoad\nconsole.log("FAKE_LOADER");\n');
    const t = await makeServer({ distDir: dist });
    try {
      const lines = (await t.app.inject({ url: '/demo/vitrine.js' })).body.split('\n');
      expect(lines[0]).toBe('//# allFunctionsCalledOnLoad');
      expect(lines[1]).toMatch(/^window\.vitrineSettings=Object\.assign\(\{"shopId":"demo"/);
      expect(lines.slice(2)).toEqual(['console.log("FAKE_LOADER");', '']);
    } finally {
      await t.app.close();
    }
  });

  it('ignores X-Forwarded-Proto/Host without a trusted proxy (see origin.test.ts)', async () => {
    const res = await s.app.inject({
      url: '/demo/vitrine.js',
      headers: { host: 'internal', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'cdn.example.com' },
    });
    expect(res.body).toContain('"assetBase":"http://internal/vitrine/"');
  });

  it('unknown shop → 404 JS comment', async () => {
    const res = await s.app.inject({ url: '/nosuchshop/vitrine.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.body.startsWith('/*')).toBe(true);
  });

  it('missing dist → 503 with a build hint', async () => {
    const t = await makeServer({ distDir: path.join(s.distDir, 'does-not-exist') });
    try {
      const res = await t.app.inject({ url: '/demo/vitrine.js' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await t.app.close();
    }
  });

  it('overrides are merged and </script> / U+2028 are escaped', async () => {
    const dist = makeFakeDist();
    const t = await makeServer({
      distDir: dist,
      shopSettingsOverrides: { supportEmail: 'x</script><script>alert(1)</script>', note: 'a\u2028b\u2029c', modules: [21] },
    });
    try {
      const res = await t.app.inject({ url: '/demo/vitrine.js' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('</script>');
      expect(res.body).not.toContain('\u2028');
      expect(res.body).not.toContain('\u2029');
      expect(res.body).toContain('\\u003c/script\\u003e');
      const settings = JSON.parse(/Object\.assign\((.*),window\.vitrineSettings/.exec(res.body)![1]!);
      expect(settings.supportEmail).toBe('x</script><script>alert(1)</script>');
      expect(settings.modules).toEqual([21]);
      expect(settings.note).toBe('a\u2028b\u2029c');
      // bundle changes are picked up (mtime cache)
      fs.writeFileSync(path.join(dist, 'vitrine.js'), 'console.log("V2");\n');
      const future = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(dist, 'vitrine.js'), future, future);
      expect((await t.app.inject({ url: '/demo/vitrine.js' })).body).toContain('V2');
    } finally {
      await t.app.close();
    }
  });
});

describe('static /vitrine/', () => {
  it('chunks are immutable with CORS; vitrine.js short cache; missing → 404', async () => {
    const chunk = await s.app.inject({ url: '/vitrine/chunks/reviews-abc123.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['content-type']).toContain('javascript');
    const loader = await s.app.inject({ url: '/vitrine/vitrine.js' });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['cache-control']).toBe('public, max-age=300');
    expect(loader.headers['access-control-allow-origin']).toBe('*');
    expect((await s.app.inject({ url: '/vitrine/chunks/nope.js' })).statusCode).toBe(404);
    expect((await s.app.inject({ url: '/vitrine/../package.json' })).statusCode).toBe(404);
    expect((await s.app.inject({ url: '/vitrine/%2e%2e/%2e%2e/etc/passwd' })).statusCode).toBe(404);
  });

  it('compresses with gzip when asked, and supports ETag revalidation', async () => {
    const res = await s.app.inject({ url: '/vitrine/chunks/reviews-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('export const reviews');
    const etag = String(res.headers.etag);
    const again = await s.app.inject({ url: '/vitrine/chunks/reviews-abc123.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
