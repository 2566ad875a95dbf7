import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { makeServer, storedDb, storedRows, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

type Review = Record<string, unknown> & {
  id: number;
  stars: number;
  timestamp: number;
  review: string;
  photos: string[];
  reply: string | null;
};
type ListBody = {
  reviews: Review[];
  total: number;
  page: number;
  pages: number;
  stats: { r: number; s: number; d: Record<string, number> };
};

const db = () => storedDb(s);
const lu = () => s.app.vitrine.storage.shops.lastUpdated('demo');
const HANDLE = SEED_FACTS.manyReviewsHandle;
const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ url, headers });
const body = <T = ListBody>(res: { body: string }) => JSON.parse(res.body) as T;
/** The demo shop's generated admin token (the store only has its hash). */
const token = () => fs.readFileSync(path.join(s.dataDir, 'admin-token'), 'utf8').trim();
/** The one number a `SELECT … AS n` query answers. */
const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await storedRows(s, query))[0]!.n);
const admin = (path: string, payload: unknown, tok: string | null = token()) =>
  s.app.inject({
    method: 'POST',
    url: `/api/admin/demo/reviews/${path}`,
    payload: payload as Record<string, unknown>,
    headers: tok === null ? {} : { authorization: `Bearer ${tok}` },
  });

describe('GET /api/reviews/{shopId}/{lastUpdated}/{productRef}.json', () => {
  it('pages through all visible reviews, newest first, totals from the DB', async () => {
    const visible = await count(sql`SELECT COUNT(*) AS n FROM reviews WHERE shop_id='demo' AND product_handle=${HANDLE} AND hidden=0`);
    const first = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=20`));
    expect(first.total).toBe(visible);
    expect(first.page).toBe(1);
    expect(first.pages).toBe(Math.ceil(visible / 20));
    expect(first.reviews).toHaveLength(20);
    const all: Review[] = [...first.reviews];
    for (let p = 2; p <= first.pages; p++)
      all.push(...body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=20&page=${p}`)).reviews);
    expect(all).toHaveLength(visible);
    expect(new Set(all.map((r) => r.id)).size).toBe(visible);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.timestamp).toBeGreaterThanOrEqual(all[i]!.timestamp);
    const beyond = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?page=99`));
    expect(beyond.reviews).toEqual([]);
    expect(beyond.total).toBe(visible);
  });

  it('default limit 20, max 100, 400 on malformed paging', async () => {
    expect(body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json`)).reviews).toHaveLength(20);
    const big = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=500`));
    expect(big.reviews).toHaveLength(Math.min(100, big.total));
    expect(big.pages).toBe(1);
    const bad = await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?page=abc`);
    expect(bad.statusCode).toBe(400);
    expect(body<{ error: { code: string } }>(bad).error.code).toBe('VALIDATION_ERROR');
  });

  it('review shape', async () => {
    const { reviews } = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=100`));
    for (const r of reviews) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'id',
          'productId',
          'productHandle',
          'type',
          'name',
          'stars',
          'review',
          'date',
          'timestamp',
          'photos',
          'thumbnails',
          'imgUrl',
          'verified',
          'reply',
          'replyAuthor',
          'locale',
        ].sort(),
      );
      expect(r.productHandle).toBe(HANDLE);
      expect(['product_review', 'order_review']).toContain(r.type);
      expect(new Date(r.date as string).getTime()).toBe(r.timestamp);
      expect(typeof r.verified).toBe('boolean');
      expect(r.replyAuthor).toBe('Vitrine Demo team');
      expect(r.imgUrl).toBe(r.photos[0] ?? null);
      for (const p of r.photos) expect(p).toMatch(new RegExp(`^/api/photos/${r.id}/\\d+\\.svg$`));
      // Seeded photos have no thumbnail of their own: each is its own.
      expect(r.thumbnails).toEqual(r.photos);
    }
    expect(reviews.some((r) => r.photos.length > 0)).toBe(true);
    expect(reviews.some((r) => r.reply)).toBe(true);
  });

  it('accepts a numeric product id', async () => {
    const { product_id } = await db().selectFrom('products').select('product_id').where('handle', '=', HANDLE).executeTakeFirstOrThrow();
    const a = body(await get(`/api/reviews/demo/${await lu()}/${product_id}.json`));
    const b = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json`));
    expect(a).toEqual(b);
  });

  it('star filter r{1-5}, stats stay product-wide', async () => {
    const all = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json`));
    for (const stars of [1, 2, 3, 4, 5]) {
      const res = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}/r${stars}.json?limit=100`));
      expect(res.total).toBe(all.stats.d[String(stars)]);
      expect(res.reviews.every((r) => r.stars === stars)).toBe(true);
      expect(res.stats).toEqual(all.stats);
    }
    expect((await get(`/api/reviews/demo/${await lu()}/${HANDLE}/r6.json`)).statusCode).toBe(400);
    expect((await get(`/api/reviews/demo/${await lu()}/${HANDLE}/x5.json`)).statusCode).toBe(400);
  });

  it('unknown shop → 404 JSON; unknown product → empty list', async () => {
    const res = await get(`/api/reviews/nope/1/${HANDLE}.json`);
    expect(res.statusCode).toBe(404);
    expect(body<{ error: { code: string } }>(res).error.code).toBe('SHOP_NOT_FOUND');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const empty = body(await get(`/api/reviews/demo/${await lu()}/no-such-product.json`));
    expect(empty).toMatchObject({ reviews: [], total: 0, pages: 0, stats: { r: 0 } });
  });

  it('allowed HTML kept, hostile stored payload neutralised when served', async () => {
    const { id: hostileId } = await db()
      .selectFrom('reviews')
      .select('id')
      .where('body_html', '=', SEED_FACTS.hostileReviewBody)
      .executeTakeFirstOrThrow();
    const { reviews } = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=100`));
    const hostile = reviews.find((r) => r.id === hostileId)!;
    expect(hostile.review).toContain('Great tee!');
    for (const re of [/<script/i, /<img/i, /on\w+=/i, /javascript:/i]) expect(hostile.review).not.toMatch(re);
    const html = reviews.find((r) => r.review.includes('<ul>'))!;
    expect(html.review).toBe(SEED_FACTS.htmlReviewBody.replace('<br>', '<br />'));
  });
});

describe('caching by lastUpdated', () => {
  it('current lastUpdated: immutable + strong ETag, If-None-Match → 304', async () => {
    const url = `/api/reviews/demo/${await lu()}/${HANDLE}.json`;
    const res = await get(url);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(url, { 'if-none-match': '"nope"' });
    expect(other.statusCode).toBe(200);
    // a different page has a different ETag
    expect((await get(`${url}?page=2`)).headers.etag).not.toBe(etag);
  });

  it('stale or unknown lastUpdated: no-store, current data, never an error', async () => {
    const current = await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json`);
    for (const stale of [String((await lu()) - 1), '1700000000', 'undefined']) {
      const res = await get(`/api/reviews/demo/${stale}/${HANDLE}.json`, { 'if-none-match': String(current.headers.etag) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.body).toBe(current.body);
    }
  });
});

describe('featured reviews and groups', () => {
  it('featured: 4–5 stars with text, newest first, ≤ 24, with product info', async () => {
    const res = await get('/api/featured-reviews/demo.json');
    expect(res.statusCode).toBe(200);
    const { reviews, stats } = body<{ reviews: (Review & { product: Record<string, unknown> })[]; stats: { r: number } }>(res);
    expect(reviews.length).toBe(24);
    expect(stats.r).toBe(await count(sql`SELECT COUNT(*) AS n FROM reviews WHERE shop_id='demo' AND hidden=0`));
    for (const r of reviews) {
      expect(r.stars).toBeGreaterThanOrEqual(4);
      expect(r.review.replace(/<[^>]*>/g, '').trim()).not.toBe('');
      expect(r.product).toEqual({ handle: r.productHandle, title: expect.any(String), image: expect.stringMatching(/^\/|^https?:/) });
    }
    for (let i = 1; i < reviews.length; i++) expect(reviews[i - 1]!.timestamp).toBeGreaterThanOrEqual(reviews[i]!.timestamp);
    const four = body<{ reviews: Review[] }>(await get('/api/featured-reviews/demo/r4.json'));
    expect(four.reviews.length).toBeGreaterThan(0);
    expect(four.reviews.every((r) => r.stars === 4)).toBe(true);
    expect((await get('/api/featured-reviews/nope.json')).statusCode).toBe(404);
  });

  it('groups: ≤ 10 per star, counts match stats', async () => {
    const res = await get(`/api/reviews-groups/demo/${await lu()}/${HANDLE}.json`);
    expect(res.headers['cache-control']).toContain('immutable');
    const { groups, stats } = body<{ groups: Record<string, Review[]>; stats: ListBody['stats'] }>(res);
    expect(Object.keys(groups).sort()).toEqual(['1', '2', '3', '4', '5']);
    for (const [k, list] of Object.entries(groups)) {
      expect(list.length).toBe(Math.min(10, stats.d[k]!));
      expect(list.every((r) => r.stars === Number(k))).toBe(true);
    }
    const only = body<{ groups: Record<string, Review[]> }>(await get(`/api/reviews-groups/demo/0/${HANDLE}/r5.json`));
    expect(Object.keys(only.groups)).toEqual(['5']);
  });
});

describe('photos', () => {
  it('serves provider-hosted photos of visible reviews', async () => {
    const { reviews } = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=100`));
    const url = reviews.find((r) => r.photos.length)!.photos[0]!;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect((await get('/api/photos/1/999999.svg')).statusCode).toBe(404);
  });
});

describe('owner admin', () => {
  const firstVisible = async () =>
    (
      await db()
        .selectFrom('reviews')
        .select('id')
        .where('shop_id', '=', 'demo')
        .where('product_handle', '=', HANDLE)
        .where('hidden', '=', 0)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;

  it('401 without or with a wrong token, 404 for unknown shop/review', async () => {
    const id = await firstVisible();
    for (const tok of [null, 'wrong', `${token()}x`, '']) {
      const res = await admin(`${id}/hide`, { hidden: true }, tok);
      expect(res.statusCode).toBe(401);
      expect(body<{ error: { code: string } }>(res).error.code).toBe('UNAUTHORIZED');
    }
    const raw = await s.app.inject({
      method: 'POST',
      url: `/api/admin/demo/reviews/${id}/reply`,
      payload: { reply: 'x' },
      headers: { authorization: token() },
    });
    expect(raw.statusCode).toBe(401);
    expect(await count(sql`SELECT hidden AS n FROM reviews WHERE id = ${id}`)).toBe(0);
    expect((await admin('99999999/hide', { hidden: true })).statusCode).toBe(404);
    const noShop = await s.app.inject({
      method: 'POST',
      url: `/api/admin/nope/reviews/${id}/hide`,
      payload: { hidden: true },
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(noShop.statusCode).toBe(404);
    expect((await admin(`${id}/hide`, { hidden: 'yes' })).statusCode).toBe(400);
    expect((await admin(`${id}/reply`, { reply: 'x'.repeat(5001) })).statusCode).toBe(400);
  });

  it('reply is sanitized, bumps lastUpdated, and shows in the list; empty reply removes it', async () => {
    const id = await firstVisible();
    const before = await lu();
    const res = await admin(`${id}/reply`, { reply: 'Thanks! <b>Enjoy</b><img src=x onerror=alert(1)><script>alert(2)</script>' });
    expect(res.statusCode).toBe(200);
    const out = body<{ ok: boolean; review: Review & { hidden: boolean }; lastUpdated: number }>(res);
    expect(out.review.reply).toBe('Thanks! <b>Enjoy</b>');
    expect(out.lastUpdated).toBeGreaterThan(before);
    expect(await lu()).toBe(out.lastUpdated);
    expect((await db().selectFrom('reviews').select('reply_html').where('id', '=', id).executeTakeFirstOrThrow()).reply_html).toBe(
      'Thanks! <b>Enjoy</b>',
    );
    // the old lastUpdated URL is now stale: no-store but fresh data
    const stale = await get(`/api/reviews/demo/${before}/${HANDLE}.json?limit=100`);
    expect(stale.headers['cache-control']).toBe('no-store');
    expect(body(stale).reviews.find((r) => r.id === id)!.reply).toBe('Thanks! <b>Enjoy</b>');
    for (const invisible of ['&nbsp;', '<p></p>&#8203;', '<b>&#x200B;</b>\u2060', '&emsp;&ZeroWidthSpace;', '&NoBreak;&thinsp;']) {
      const refused = await admin(`${id}/reply`, { reply: invisible });
      expect({ invisible, status: refused.statusCode }).toEqual({ invisible, status: 400 });
    }
    const onlyScript = await admin(`${id}/reply`, { reply: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    const removed = body<{ review: Review }>(await admin(`${id}/reply`, { reply: '  ' }));
    expect(removed.review.reply).toBeNull();
  });

  it('hide removes the review from lists and stats; unhide restores it', async () => {
    const id = await firstVisible();
    const before = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=100`));
    const stars = before.reviews.find((r) => r.id === id)!.stars;
    const lu0 = await lu();
    const res = await admin(`${id}/hide`, { hidden: true });
    expect(res.statusCode).toBe(200);
    expect(body<{ review: { hidden: boolean } }>(res).review.hidden).toBe(true);
    expect(await lu()).toBeGreaterThan(lu0);
    const after = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=100`));
    expect(after.total).toBe(before.total - 1);
    expect(after.reviews.some((r) => r.id === id)).toBe(false);
    expect(after.stats.r).toBe(before.stats.r - 1);
    expect(after.stats.d[String(stars)]).toBe(before.stats.d[String(stars)]! - 1);
    const filtered = body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}/r${stars}.json?limit=100`));
    expect(filtered.reviews.some((r) => r.id === id)).toBe(false);
    const prs = JSON.parse((await get(`/api/sf/prs/demo/${HANDLE}.json`)).body) as { r: number };
    expect(prs.r).toBe(before.stats.r - 1);
    const photo = await db().selectFrom('review_photos').select('url').where('review_id', '=', id).limit(1).executeTakeFirst();
    if (photo) expect((await get(`/api/photos/${id}/${photo.url.split('/').pop()}`)).statusCode).toBe(404);
    await admin(`${id}/hide`, { hidden: false });
    expect(body(await get(`/api/reviews/demo/${await lu()}/${HANDLE}.json?limit=100`)).total).toBe(before.total);
  });
});

describe('admin CLI', () => {
  it('reply / hide / unhide against a running server; errors are one line with exit 1', async () => {
    const { runAdminCli } = await import('../../../server/admin-cli.ts');
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const run = async (argv: string[], env: Record<string, string> = {}) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdminCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out, err };
    };
    const id = String(
      (
        await db()
          .selectFrom('reviews')
          .select('id')
          .where('shop_id', '=', 'demo')
          .where('hidden', '=', 0)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const viaStore = await run(['reply', id, 'Thanks from the CLI', '--url', address], { VITRINE_DATA_DIR: s.dataDir });
    expect(viaStore).toMatchObject({ code: 0, err: [] });
    expect(viaStore.out[0]).toContain('reply saved: Thanks from the CLI');
    const hide = await run(['hide', id, `--url=${address}`, '--token', token()]);
    expect(hide.code).toBe(0);
    expect(hide.out[0]).toContain('hidden');
    expect(await count(sql`SELECT hidden AS n FROM reviews WHERE id = ${Number(id)}`)).toBe(1);
    const unhide = await run(['unhide', id, '--url', address], { VITRINE_ADMIN_TOKEN: token() });
    expect(unhide.out[0]).toContain('visible again');
    expect(await count(sql`SELECT hidden AS n FROM reviews WHERE id = ${Number(id)}`)).toBe(0);

    const wrong = await run(['hide', id, '--url', address, '--token', 'nope']);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toHaveLength(1);
    expect(wrong.err[0]).toMatch(/^error: HTTP 401 UNAUTHORIZED/);
    const missing = await run(['hide', '99999999', '--url', address, '--token', token()]);
    expect(missing.err[0]).toMatch(/^error: HTTP 404/);
    const down = await run(['hide', id, '--url', 'http://127.0.0.1:9', '--token', 'x']);
    expect(down.code).toBe(1);
    expect(down.err[0]).toMatch(/^error: cannot reach the server/);
    const usage = await run(['frobnicate']);
    expect(usage.code).toBe(1);
    expect(usage.err[0]).toMatch(/^error: usage/);
  });
});
