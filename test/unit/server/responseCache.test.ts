/** The immutable-response cache: computed once, bounded by bytes, encoded as accepted, 304s. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../../server/lib/responseCache.ts';
import { makeServer } from './helpers.ts';

/** A bare app with one route answering from `cache`; `produce` counts how often it ran. */
async function appWith(cache: ResponseCache, produce: (key: string) => Promise<unknown>) {
  const app = Fastify();
  app.get<{ Params: { key: string } }>('/r/:key', (request, reply) =>
    cache.send(request, reply, request.params.key, 'public, max-age=31536000, immutable', () => produce(request.params.key)),
  );
  await app.ready();
  return app;
}

const big = (key: string) => ({ key, items: Array.from({ length: 200 }, (_, index) => ({ index, text: `review ${index} of ${key}` })) });

describe('ResponseCache', () => {
  it('computes an answer once, even for concurrent first requests, and serves the same bytes after', async () => {
    let runs = 0;
    const app = await appWith(new ResponseCache(1 << 20), async (key) => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return big(key);
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ url: '/r/a' })));
    expect(runs).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(JSON.parse(answers[0]!.body)).toEqual(big('a'));
    expect(answers[0]!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });

  it('answers br or gzip as accepted (computed once each), identity otherwise, and 304 on a matching ETag', async () => {
    const app = await appWith(new ResponseCache(1 << 20), async (key) => big(key));
    const plain = await app.inject({ url: '/r/b' });
    const br = await app.inject({ url: '/r/b', headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await app.inject({ url: '/r/b', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(br.headers.vary).toBe('Accept-Encoding');
    const etag = String(plain.headers.etag);
    expect(br.headers.etag).toBe(etag);
    const notModified = await app.inject({ url: '/r/b', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    await app.close();
  });

  it('stays within its byte bound, dropping the least recently used answers first', async () => {
    const runs = new Map<string, number>();
    const cache = new ResponseCache(20_000);
    const app = await appWith(cache, async (key) => {
      runs.set(key, (runs.get(key) ?? 0) + 1);
      return big(key);
    });
    for (const key of ['k1', 'k2', 'k3', 'k1', 'k4', 'k5', 'k6']) await app.inject({ url: `/r/${key}` });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cache.size).toBeLessThanOrEqual(20_000);
    expect(cache.size).toBeGreaterThan(0);
    await app.inject({ url: '/r/k6' });
    expect(runs.get('k6')).toBe(1); // still cached: the most recent
    await app.inject({ url: '/r/k2' });
    expect(runs.get('k2')).toBe(2); // evicted long ago: computed again
    await app.close();
  });

  it('does not keep a failed computation: the next request tries again', async () => {
    let fail = true;
    const app = await appWith(new ResponseCache(1 << 20), async (key) => {
      if (fail) throw new Error('database down');
      return big(key);
    });
    expect((await app.inject({ url: '/r/c' })).statusCode).toBe(500);
    fail = false;
    expect((await app.inject({ url: '/r/c' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('versioned review URLs through the cache', () => {
  it('a cached current URL never hides a change: the change makes a new version, the old URL stops being immutable', async () => {
    const server = await makeServer();
    try {
      const version = await server.app.vitrine.storage.shops.lastUpdated('demo');
      const url = (at: number) => `/api/reviews/demo/${at}/classic-cotton-tee.json?limit=100`;
      const first = await server.app.inject({ url: url(version) });
      expect(first.headers['cache-control']).toContain('immutable');
      const reviewId = (JSON.parse(first.body) as { reviews: { id: number }[] }).reviews[0]!.id;
      const again = await server.app.inject({ url: url(version) });
      expect(again.body).toBe(first.body);
      const next = await server.app.vitrine.storage.reviews.saveHidden('demo', reviewId, true);
      const stale = await server.app.inject({ url: url(version) });
      expect(stale.headers['cache-control']).toBe('no-store');
      expect((JSON.parse(stale.body) as { reviews: { id: number }[] }).reviews.some((review) => review.id === reviewId)).toBe(false);
      const fresh = await server.app.inject({ url: url(next) });
      expect(fresh.headers['cache-control']).toContain('immutable');
      expect((JSON.parse(fresh.body) as { reviews: { id: number }[] }).reviews.some((review) => review.id === reviewId)).toBe(false);
    } finally {
      await server.app.close();
    }
  });
});
