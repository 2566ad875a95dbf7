/**
 * POST /api/store-captured-email: an address a shopper left, stored once per shop, lower-cased
 * address and product (also when sent concurrently), JSON or form-urlencoded, validated and
 * rate-limited per client address and shop like /api/track.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '../../../server/shop/catalog.ts';
import { countRows, makeServer, storedDb, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
});
afterAll(async () => {
  await s.app.close();
});

const capture = (payload: Record<string, unknown>, app = s.app, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/store-captured-email', payload, remoteAddress });
const rowsOf = (email: string) => storedDb(s).selectFrom('captured_emails').selectAll().where('email', '=', email).orderBy('id').execute();

describe('POST /api/store-captured-email', () => {
  it('stores the address once per shop, lower-cased address and product, with the time: 204 every time', async () => {
    const res = await capture({ shopId: 'demo', email: ' Ana.P@Example.COM ', productHandle: 'ceramic-mug' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await capture({ shopId: 'demo', email: 'ana.p@example.com', productHandle: 'ceramic-mug' })).statusCode).toBe(204);
    // The same product by its id is the same product.
    const mugId = getProduct('ceramic-mug')!.product.id;
    expect((await capture({ shopId: 'demo', email: 'ANA.P@example.com', productId: mugId })).statusCode).toBe(204);
    expect((await capture({ shopId: 'demo', email: 'ana.p@example.com', productId: String(mugId) })).statusCode).toBe(204);
    const rows = await rowsOf('ana.p@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ shop_id: 'demo', product_key: 'ceramic-mug', product_handle: 'ceramic-mug', product_id: null });
    expect(Math.abs(Date.parse(rows[0]!.created_at) - Date.now())).toBeLessThan(60_000);
    // Another product, no product, an unknown product id: one row each.
    await capture({ shopId: 'demo', email: 'ana.p@example.com', productHandle: 'wool-beanie' });
    await capture({ shopId: 'demo', email: 'ana.p@example.com' });
    await capture({ shopId: 'demo', email: 'ana.p@example.com' });
    await capture({ shopId: 'demo', email: 'ana.p@example.com', productId: 42 });
    expect((await rowsOf('ana.p@example.com')).map((row) => row.product_key)).toEqual(['ceramic-mug', 'wool-beanie', '', '42']);
  });

  it('takes form-urlencoded bodies', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/store-captured-email',
      payload: 'shopId=demo&email=form%40example.com&productId=7',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf('form@example.com')).toMatchObject([{ product_id: 7, product_key: '7' }]);
  });

  it('concurrent captures of one address store one row', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => capture({ shopId: 'demo', email: 'race@example.com', productHandle: 'rain-jacket' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(204));
    expect(await rowsOf('race@example.com')).toHaveLength(1);
  });

  it('validates: the address shape, the product reference shape, a known shop', async () => {
    const before = await countRows(s, 'captured_emails');
    for (const payload of [
      { shopId: 'demo', email: 'nope' },
      { shopId: 'demo', email: 'a@b.c' },
      { shopId: 'demo' },
      { shopId: 'demo', email: 'ok@example.com', productHandle: 'a/b' },
      { shopId: 'demo', email: 'ok@example.com', productId: 'abc' },
      { shopId: 'demo', email: 'ok@example.com', productId: -1 },
      { email: 'ok@example.com' },
    ]) {
      const res = await capture(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await capture({ shopId: 'nope', email: 'ok@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('SHOP_NOT_FOUND');
    expect(await countRows(s, 'captured_emails')).toBe(before);
  });

  it('is rate-limited per client address and shop (429 with Retry-After)', async () => {
    const server = await makeServer({ rateLimit: { capturedEmailsPerMinute: 2 } });
    try {
      const from = (address: string, index: number) => capture({ shopId: 'demo', email: `limit${index}@example.com` }, server.app, address);
      expect((await from('203.0.113.1', 1)).statusCode).toBe(204);
      expect((await from('203.0.113.1', 2)).statusCode).toBe(204);
      const limited = await from('203.0.113.1', 3);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(limited.body).error.code).toBe('RATE_LIMITED');
      expect((await from('198.51.100.1', 4)).statusCode).toBe(204);
    } finally {
      await server.app.close();
    }
  });
});
