/**
 * Moderation of submitted reviews: the shop's stored `moderation.autoPublishMinStars` (default 4,
 * never published in vitrine.js) decides what is published at once; pending and rejected reviews
 * are never served or counted anywhere (lists, star filters, groups, featured reviews, product,
 * shop and batch stats); the owner's pending queue, approve and reject (HTTP and CLI); publishing
 * moves lastUpdated, a pending insert does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../../server/admin-cli.ts';
import { expectedStats, makeServer, storedDb, type TestServer } from './helpers.ts';
import { submitReview, validFields } from './reviewForms.ts';

/** A product with few reviews, so one review shows in every answer. */
const HANDLE = 'wool-beanie';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
});
afterAll(async () => {
  await s.app.close();
});

const token = (server = s) => fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
const lastUpdated = (server = s) => server.app.vitrine.storage.shops.lastUpdated('demo');
const getJson = async <T>(url: string, server = s): Promise<T> => JSON.parse((await server.app.inject({ url })).body) as T;
const owner = (method: 'GET' | 'POST', url: string, server = s, tok: string | null = token(server)) =>
  server.app.inject({ method, url: `/api/admin/demo/reviews/${url}`, headers: tok ? { authorization: `Bearer ${tok}` } : {} });

type Review = { id: number; stars: number; status?: string };
type Stats = { r: number; s: number; d: Record<string, number> };

/** Every public answer a review could appear or count in, for HANDLE. */
async function publicView(server = s) {
  const version = await lastUpdated(server);
  const list = await getJson<{ reviews: Review[]; total: number; stats: Stats }>(
    `/api/reviews/demo/${version}/${HANDLE}.json?limit=100`,
    server,
  );
  const filtered: Review[] = [];
  for (const stars of [1, 2, 3, 4, 5]) {
    filtered.push(
      ...(await getJson<{ reviews: Review[] }>(`/api/reviews/demo/${version}/${HANDLE}/r${stars}.json?limit=100`, server)).reviews,
    );
  }
  const groups = await getJson<{ groups: Record<string, Review[]>; stats: Stats }>(
    `/api/reviews-groups/demo/${version}/${HANDLE}.json`,
    server,
  );
  const featured = await getJson<{ reviews: Review[]; stats: Stats }>('/api/featured-reviews/demo.json', server);
  const stats = await getJson<Stats>(`/api/sf/prs/demo/${HANDLE}.json`, server);
  const batch = JSON.parse(
    (await server.app.inject({ method: 'POST', url: '/api/sf/prs/demo/stats.json', payload: { handles: [HANDLE] } })).body,
  ) as Record<string, Stats>;
  return {
    ids: new Set([...list.reviews, ...filtered, ...Object.values(groups.groups).flat(), ...featured.reviews].map((review) => review.id)),
    listIds: list.reviews.map((review) => review.id),
    featuredIds: featured.reviews.map((review) => review.id),
    total: list.total,
    stats: [list.stats, groups.stats, stats, batch[HANDLE]],
    shopStats: featured.stats,
  };
}

describe('publishing at once, or pending', () => {
  it('by default 4 and 5 stars are published at once (lastUpdated moves), 1 to 3 wait (it does not)', async () => {
    for (const stars of [5, 4]) {
      const before = await lastUpdated();
      const answer = await submitReview(s.app, validFields({ productHandle: HANDLE, 'review[stars]': String(stars) }));
      expect(answer.body.review!.status).toBe('published');
      expect(await lastUpdated()).toBeGreaterThan(before);
    }
    for (const stars of [3, 2, 1]) {
      const before = await lastUpdated();
      const answer = await submitReview(s.app, validFields({ productHandle: HANDLE, 'review[stars]': String(stars) }));
      expect(answer.body.review!.status).toBe('pending');
      expect(await lastUpdated()).toBe(before);
    }
  });

  it('the setting is stored server-side only: vitrine.js never carries it', async () => {
    const script = (await s.app.inject({ url: '/demo/vitrine.js' })).body;
    expect(script).not.toContain('moderation');
    expect(script).not.toContain('autoPublishMinStars');
  });

  it('autoPublishMinStars 1 publishes everything, null nothing; an invalid value is the default', async () => {
    const server = await makeServer({ rateLimit: false });
    try {
      const statusesWith = async (moderation: unknown) => {
        const settings = { ...JSON.parse((await server.app.vitrine.storage.shops.get('demo'))!.settings_json), moderation };
        await storedDb(server)
          .updateTable('shops')
          .set({ settings_json: JSON.stringify(settings) })
          .where('id', '=', 'demo')
          .execute();
        const out: string[] = [];
        for (const stars of ['1', '3', '4', '5'])
          out.push((await submitReview(server.app, validFields({ 'review[stars]': stars }))).body.review!.status);
        return out;
      };
      expect(await statusesWith({ autoPublishMinStars: 1 })).toEqual(['published', 'published', 'published', 'published']);
      expect(await statusesWith({ autoPublishMinStars: 5 })).toEqual(['pending', 'pending', 'pending', 'published']);
      expect(await statusesWith({ autoPublishMinStars: null })).toEqual(['pending', 'pending', 'pending', 'pending']);
      expect(await statusesWith({ autoPublishMinStars: 'often' })).toEqual(['pending', 'pending', 'published', 'published']);
      expect(await statusesWith(undefined)).toEqual(['pending', 'pending', 'published', 'published']);
    } finally {
      await server.app.close();
    }
  });
});

describe('pending and rejected reviews are never served or counted', () => {
  it('not in lists, star filters, groups, featured reviews, product, shop or batch stats; served once approved', async () => {
    const server = await makeServer({ rateLimit: false });
    try {
      // Everything waits: a 5-star review with text would otherwise be featured.
      const settings = {
        ...JSON.parse((await server.app.vitrine.storage.shops.get('demo'))!.settings_json),
        moderation: { autoPublishMinStars: null },
      };
      await storedDb(server)
        .updateTable('shops')
        .set({ settings_json: JSON.stringify(settings) })
        .where('id', '=', 'demo')
        .execute();
      const before = await publicView(server);
      const version = await lastUpdated(server);
      const pending = await Promise.all(
        [5, 1].map(
          async (stars) =>
            (await submitReview(server.app, validFields({ productHandle: HANDLE, 'review[stars]': String(stars) }))).body.review!,
        ),
      );
      expect(await lastUpdated(server)).toBe(version);
      const during = await publicView(server);
      for (const review of pending) expect(during.ids.has(review.id)).toBe(false);
      expect(during.total).toBe(before.total);
      expect(during.stats).toEqual(before.stats);
      expect(during.shopStats).toEqual(before.shopStats);
      // What the endpoints count equals a count of visible rows.
      expect(during.stats[0]).toEqual((await expectedStats(server))[HANDLE]);

      const approved = await owner('POST', `${pending[0]!.id}/approve`, server);
      expect(approved.statusCode).toBe(200);
      const after = await publicView(server);
      expect(after.listIds[0]).toBe(pending[0]!.id);
      expect(after.featuredIds[0]).toBe(pending[0]!.id);
      expect(after.total).toBe(before.total + 1);
      for (const stats of after.stats)
        expect(stats).toEqual({
          ...before.stats[0]!,
          r: before.stats[0]!.r + 1,
          s: expect.any(Number),
          d: { ...before.stats[0]!.d, '5': before.stats[0]!.d['5']! + 1 },
        });
      expect(after.shopStats.r).toBe(before.shopStats.r + 1);
      expect(after.stats[0]).toEqual((await expectedStats(server))[HANDLE]);

      const rejected = await owner('POST', `${pending[1]!.id}/reject`, server);
      expect(rejected.statusCode).toBe(200);
      expect((await publicView(server)).ids.has(pending[1]!.id)).toBe(false);
    } finally {
      await server.app.close();
    }
  });
});

describe('the owner endpoints', () => {
  it('GET …/reviews/pending: newest first, paged, with status, email, productHandle and type; 401 without the token', async () => {
    const server = await makeServer({ rateLimit: false });
    try {
      const submitted = [];
      for (let index = 0; index < 3; index++) {
        const fields = validFields({ productHandle: HANDLE, 'review[stars]': '2', 'review[review]': `Pending number ${index}` });
        submitted.push({ id: (await submitReview(server.app, fields)).body.review!.id, email: fields['review[email]'] });
      }
      await submitReview(server.app, validFields({ productHandle: HANDLE, 'review[stars]': '5' }));
      const res = await owner('GET', 'pending?limit=2', server);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = JSON.parse(res.body) as { reviews: (Review & Record<string, unknown>)[]; total: number; page: number; pages: number };
      expect({ total: page.total, page: page.page, pages: page.pages }).toEqual({ total: 3, page: 1, pages: 2 });
      expect(page.reviews.map((review) => review.id)).toEqual([submitted[2]!.id, submitted[1]!.id]);
      expect(page.reviews[0]).toMatchObject({
        status: 'pending',
        email: submitted[2]!.email,
        productHandle: HANDLE,
        type: 'product_review',
        stars: 2,
        review: 'Pending number 2',
        photos: [],
        thumbnails: [],
      });
      const second = JSON.parse((await owner('GET', 'pending?limit=2&page=2', server)).body) as { reviews: Review[] };
      expect(second.reviews.map((review) => review.id)).toEqual([submitted[0]!.id]);
      expect((await owner('GET', 'pending', server, null)).statusCode).toBe(401);
      expect((await owner('GET', 'pending', server, 'wrong')).statusCode).toBe(401);
      expect((await owner('GET', 'pending?page=x', server)).statusCode).toBe(400);
      const otherShop = await server.app.inject({
        url: '/api/admin/nope/reviews/pending',
        headers: { authorization: `Bearer ${token(server)}` },
      });
      expect(otherShop.statusCode).toBe(404);
    } finally {
      await server.app.close();
    }
  });

  it('approve and reject answer { ok, review, lastUpdated }; only a change of what shoppers see moves lastUpdated', async () => {
    const pending = (await submitReview(s.app, validFields({ productHandle: HANDLE, 'review[stars]': '3' }))).body.review!;
    const before = await lastUpdated();
    const approved = await owner('POST', `${pending.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const body = JSON.parse(approved.body) as { ok: boolean; review: Review & { hidden: boolean }; lastUpdated: number };
    expect(body.ok).toBe(true);
    expect(body.review).toMatchObject({ id: pending.id, status: 'published', hidden: false, stars: 3, productHandle: HANDLE });
    expect(body.lastUpdated).toBeGreaterThan(before);
    expect(await lastUpdated()).toBe(body.lastUpdated);
    // Approving again changes nothing.
    expect(JSON.parse((await owner('POST', `${pending.id}/approve`)).body).lastUpdated).toBe(body.lastUpdated);
    // Rejecting a published review hides it from shoppers: a new version.
    const rejected = JSON.parse((await owner('POST', `${pending.id}/reject`)).body) as { review: Review; lastUpdated: number };
    expect(rejected.review.status).toBe('rejected');
    expect(rejected.lastUpdated).toBeGreaterThan(body.lastUpdated);
    // Rejecting a pending review changes nothing shoppers see: the same version.
    const other = (await submitReview(s.app, validFields({ productHandle: HANDLE, 'review[stars]': '1' }))).body.review!;
    const current = await lastUpdated();
    const quiet = JSON.parse((await owner('POST', `${other.id}/reject`)).body) as { review: Review; lastUpdated: number };
    expect(quiet).toMatchObject({ review: { status: 'rejected' }, lastUpdated: current });
    expect(await lastUpdated()).toBe(current);
  });

  it('a retried submission of a rejected review is answered as pending (the writer is not told of the rejection)', async () => {
    const fields = validFields({ productHandle: HANDLE, 'review[stars]': '5', idempotencyKey: `rejected-${Date.now()}` });
    const first = await submitReview(s.app, fields);
    expect(first.body.review!.status).toBe('published');
    expect((await owner('POST', `${first.body.review!.id}/reject`)).statusCode).toBe(200);
    const retry = await submitReview(s.app, fields);
    expect(retry.status).toBe(200);
    expect(retry.body.review).toMatchObject({ id: first.body.review!.id, status: 'pending' });
  });

  it('401 without the token, 404 for an unknown review or a review of another shop', async () => {
    const pending = (await submitReview(s.app, validFields({ productHandle: HANDLE, 'review[stars]': '2' }))).body.review!;
    expect((await owner('POST', `${pending.id}/approve`, s, null)).statusCode).toBe(401);
    expect((await owner('POST', `${pending.id}/reject`, s, 'nope')).statusCode).toBe(401);
    expect((await owner('POST', '99999999/approve')).statusCode).toBe(404);
    const elsewhere = await s.app.inject({
      method: 'POST',
      url: `/api/admin/nope/reviews/${pending.id}/approve`,
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await storedDb(s).selectFrom('reviews').select('status').where('id', '=', pending.id).executeTakeFirstOrThrow()).status).toBe(
      'pending',
    );
  });

  it('the cached stats of a version stay right: a pending review does not count before approval, and does after', async () => {
    const stats = () => getJson<Stats>(`/api/sf/prs/demo/${HANDLE}.json`);
    const before = await stats();
    const pending = (await submitReview(s.app, validFields({ productHandle: HANDLE, 'review[stars]': '2' }))).body.review!;
    expect(await stats()).toEqual(before);
    await owner('POST', `${pending.id}/approve`);
    expect((await stats()).r).toBe(before.r + 1);
  });
});

describe('npm run admin -- pending | approve | reject', () => {
  it('lists the queue, approves and rejects against a running server', async () => {
    const server = await makeServer({ rateLimit: false });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const run = async (argv: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runAdminCli(
          [...argv, '--url', address],
          { VITRINE_DATA_DIR: server.dataDir },
          { out: (l) => out.push(l), err: (l) => err.push(l) },
        );
        return { code, out, err };
      };
      expect(await run(['pending'])).toEqual({ code: 0, out: ['0 pending review(s) for demo (page 1 of 1)'], err: [] });
      const fields = validFields({
        productHandle: HANDLE,
        'review[stars]': '2',
        'review[name]': 'Bo',
        'review[review]': 'Too <b>small</b>\nfor me',
      });
      const first = (await submitReview(server.app, fields)).body.review!.id;
      const second = (await submitReview(server.app, validFields({ productHandle: HANDLE, 'review[stars]': '1', 'review[email]': '' })))
        .body.review!.id;
      const listed = await run(['pending']);
      expect(listed.code).toBe(0);
      expect(listed.out[0]).toBe('2 pending review(s) for demo (page 1 of 1)');
      expect(listed.out[1]).toMatch(new RegExp(`^${second} 1★ ${HANDLE} \\d{4}-\\d{2}-\\d{2} Ana P\\.: Lovely fabric, fits well\\.$`));
      expect(listed.out[2]).toMatch(
        new RegExp(
          `^${first} 2★ ${HANDLE} \\d{4}-\\d{2}-\\d{2} Bo <${fields['review[email]']!.replace(/[.+]/g, '\\$&')}>: Too &lt;b&gt;small&lt;/b&gt; for me$`,
        ),
      );
      const approved = await run(['approve', String(first)]);
      expect(approved.code).toBe(0);
      expect(approved.out[0]).toMatch(new RegExp(`^review ${first} \\(demo/${HANDLE}\\): published; lastUpdated=\\d+$`));
      const rejected = await run(['reject', String(second)]);
      expect(rejected.out[0]).toMatch(new RegExp(`^review ${second} \\(demo/${HANDLE}\\): rejected; lastUpdated=\\d+$`));
      expect((await run(['pending'])).out).toEqual(['0 pending review(s) for demo (page 1 of 1)']);
      expect((await run(['pending', '--page', '2'])).code).toBe(0);

      expect(await run(['approve', '99999999'])).toMatchObject({
        code: 1,
        err: [expect.stringMatching(/^error: HTTP 404 REVIEW_NOT_FOUND/)],
      });
      expect(await run(['approve'])).toMatchObject({
        code: 1,
        err: [expect.stringMatching(/^error: review id must be a positive integer/)],
      });
      expect(await run(['pending', '12'])).toMatchObject({ code: 1, err: [expect.stringMatching(/^error: too many arguments/)] });
      expect(await run(['pending', '--page', '0'])).toMatchObject({ code: 1, err: ['error: --page must be a positive integer'] });
      expect(await run(['reject', '1', '--token', 'wrong'])).toMatchObject({
        code: 1,
        err: [expect.stringMatching(/^error: HTTP 401 UNAUTHORIZED/)],
      });
    } finally {
      await server.app.close();
    }
  });
});
