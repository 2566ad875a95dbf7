/**
 * The platform's review metafields (issue 13: stars without JavaScript where the platform allows
 * it): the demo platform's Admin API (`metafieldsSet` / `metafieldsDelete` on
 * `/admin/api/2025-01/graphql.json`, the app's access token), the provider keeping
 * `reviews.rating` and `reviews.rating_count` equal to the published reviews (back-fill at start,
 * a write on every change, never failing the review request), and the demo theme rendering them
 * as Dawn does (cards and product page; `show_rating` off: nothing). Engine-neutral.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { platformMetafields, type AdminTransport } from '../../../server/provider/platformMetafields.ts';
import { reviewMetafieldsSync } from '../../../server/provider/reviewMetafieldsSync.ts';
import { demoAccessToken } from '../../../server/shop/adminApi.ts';
import { getProduct } from '../../../server/shop/catalog.ts';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { expectedStats, makeServer, makeStorage, storedDb, type TestServer } from './helpers.ts';
import { submitReview, validFields } from './reviewForms.ts';

const GRAPHQL = '/admin/api/2025-01/graphql.json';
const SET =
  'mutation Set($metafields: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $metafields) { metafields { id key value } userErrors { field message code } } }';
const DELETE =
  'mutation Delete($metafields: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $metafields) { deletedMetafields { key } userErrors { field message } } }';

/** A product without seeded reviews: its first review is the only one. */
const EMPTY = SEED_FACTS.productsWithoutReviews[0]!;
/** Another, left without reviews. */
const STILL_EMPTY = SEED_FACTS.productsWithoutReviews[1]!;
const gid = (handle: string) => `gid://shopify/Product/${getProduct(handle)!.product.id}`;

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
});
afterAll(async () => {
  await s?.app.close();
});

const adminToken = (server = s) => fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
const accessToken = (server = s) => demoAccessToken(server.app.vitrine.storage.secrets);

/** The review metafields stored for `handle`: `{ rating, count }` as the platform holds them (undefined when absent). */
async function reviewMetafields(handle: string, server = s) {
  const rows = await storedDb(server)
    .selectFrom('platform_metafields')
    .selectAll()
    .where('owner_id', '=', gid(handle))
    .where('namespace', '=', 'reviews')
    .execute();
  const of = (key: string) => rows.find((row) => row.key === key);
  return {
    rating: of('rating') && { type: of('rating')!.type, value: JSON.parse(of('rating')!.value) as Record<string, string> },
    count: of('rating_count') && { type: of('rating_count')!.type, value: of('rating_count')!.value },
  };
}

/** What the metafields of a product with `stats` must be. */
const expected = (stats: { r: number; s: number }) =>
  stats.r
    ? {
        rating: { type: 'rating', value: { value: stats.s.toFixed(1), scale_min: '1.0', scale_max: '5.0' } },
        count: { type: 'number_integer', value: String(stats.r) },
      }
    : { rating: undefined, count: undefined };

const owner = (url: string, body: unknown = undefined, server = s) =>
  server.app.inject({
    method: 'POST',
    url: `/api/admin/demo/reviews/${url}`,
    headers: { authorization: `Bearer ${adminToken(server)}` },
    payload: body as object,
  });

/** What the Admin API answers, as far as the tests read it (the assertions check the rest). */
interface Answer {
  error: { code: string };
  data: Record<string, { metafields: { id: string }[]; userErrors: unknown[]; deletedMetafields?: unknown[] }>;
}

async function graphql(query: string, variables: unknown, token: string | null = null, server = s) {
  const res = await server.app.inject({
    method: 'POST',
    url: GRAPHQL,
    headers: token === null ? { 'x-shopify-access-token': await accessToken(server) } : token ? { 'x-shopify-access-token': token } : {},
    payload: { query, variables },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Answer };
}

describe('the provider keeps the review metafields in sync', () => {
  it('at start every product is back-filled: rating (1 decimal, 1.0–5.0) and count of its published reviews; none without reviews', async () => {
    const stats = await expectedStats(s);
    expect(Object.keys(stats)).toHaveLength(SEED_FACTS.productCount);
    for (const [handle, st] of Object.entries(stats)) expect(await reviewMetafields(handle), handle).toEqual(expected(st));
    for (const handle of SEED_FACTS.productsWithoutReviews) expect((await reviewMetafields(handle)).rating).toBeUndefined();
  });

  it('a review published at once, then hidden, shown, rejected and approved: written each time; a pending one changes nothing', async () => {
    const write = async (step: Promise<unknown>) => {
      await step;
      await s.app.vitrine.reviewMetafields.settled();
      return reviewMetafields(EMPTY);
    };
    const first = await submitReview(s.app, validFields({ productHandle: EMPTY, 'review[stars]': '4' }));
    expect(first.body.review!.status).toBe('published');
    await s.app.vitrine.reviewMetafields.settled();
    expect(await reviewMetafields(EMPTY)).toEqual(expected({ r: 1, s: 4 }));
    // 1 to 3 stars wait for approval (the shop's default policy): nothing shoppers see changed.
    const pending = await submitReview(s.app, validFields({ productHandle: EMPTY, 'review[stars]': '1' }));
    expect(pending.body.review!.status).toBe('pending');
    expect(await write(Promise.resolve())).toEqual(expected({ r: 1, s: 4 }));
    expect(await write(owner(`${pending.body.review!.id}/approve`))).toEqual(expected({ r: 2, s: 2.5 }));
    expect(await write(owner(`${pending.body.review!.id}/reject`))).toEqual(expected({ r: 1, s: 4 }));
    // The last visible review hidden: the product has no rating any more.
    expect(await write(owner(`${first.body.review!.id}/hide`, { hidden: true }))).toEqual(expected({ r: 0, s: 0 }));
    expect(await write(owner(`${first.body.review!.id}/hide`, { hidden: false }))).toEqual(expected({ r: 1, s: 4 }));
    // Always what the public stats say.
    expect(await reviewMetafields(EMPTY)).toEqual(expected((await expectedStats(s))[EMPTY]!));
  });

  it('a write that fails is logged and the review request succeeds anyway; the next start writes it', async () => {
    const lines: string[] = [];
    const store = await makeStorage();
    await store.storage.close();
    const server = await makeServer({
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      rateLimit: false,
      logger: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      // The platform fails every call (its table is away): the provider's request does not.
      await sql`ALTER TABLE platform_metafields RENAME TO platform_metafields_away`.execute(storedDb(server));
      const answer = await submitReview(server.app, validFields({ productHandle: EMPTY, 'review[stars]': '5' }));
      expect(answer.status).toBe(200);
      expect(answer.body.review!.status).toBe('published');
      await server.app.vitrine.reviewMetafields.settled();
      const failures = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'review metafields not written to the platform');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ level: 40, shopId: 'demo', handle: EMPTY });
      const stats = (await server.app.inject({ url: `/api/sf/prs/demo/${EMPTY}.json` })).json<{ r: number }>();
      expect(stats.r).toBe(1);
      // The platform is back; the product's metafields still say nothing of the review.
      await sql`ALTER TABLE platform_metafields_away RENAME TO platform_metafields`.execute(storedDb(server));
      expect(await reviewMetafields(EMPTY, server)).toEqual(expected({ r: 0, s: 0 }));
    } finally {
      await server.app.close();
    }
    // The next start's back-fill writes them.
    const again = await makeServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl, rateLimit: false });
    try {
      expect(await reviewMetafields(EMPTY, again)).toEqual(expected({ r: 1, s: 5 }));
    } finally {
      await again.app.close();
      await store.dispose();
    }
  });
});

describe("the demo platform's Admin API", () => {
  it('needs the access token: 401 without it or with another', async () => {
    for (const token of ['', 'shpat_00000000000000000000000000000000']) {
      const answer = await graphql(SET, { metafields: [] }, token);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('metafieldsSet creates and updates (an alias names the payload); metafieldsDelete answers null for what was not there', async () => {
    const input = {
      ownerId: gid('ceramic-mug'),
      namespace: 'custom',
      key: 'care_note',
      type: 'single_line_text_field',
      value: 'Hand wash',
    };
    const created = await graphql(SET.replace('metafieldsSet(', 'saved: metafieldsSet('), { metafields: [input] });
    expect(created.status).toBe(200);
    expect(created.body.data.saved!.userErrors).toEqual([]);
    expect(created.body.data.saved!.metafields[0]).toMatchObject({
      namespace: 'custom',
      key: 'care_note',
      value: 'Hand wash',
      owner: { id: input.ownerId },
    });
    const updated = await graphql(SET, { metafields: [{ ...input, value: 'Dishwasher safe' }] });
    expect(updated.body.data.metafieldsSet!.metafields[0]).toMatchObject({
      id: created.body.data.saved!.metafields[0]!.id,
      value: 'Dishwasher safe',
    });
    const removed = await graphql(DELETE, {
      metafields: [
        { ownerId: input.ownerId, namespace: 'custom', key: 'care_note' },
        { ownerId: input.ownerId, namespace: 'custom', key: 'none' },
      ],
    });
    expect(removed.body.data.metafieldsDelete).toEqual({
      deletedMetafields: [{ ownerId: input.ownerId, namespace: 'custom', key: 'care_note' }, null],
      userErrors: [],
    });
  });

  it('refuses what the standard definitions do not allow, as user errors, and writes nothing of the call', async () => {
    const before = await reviewMetafields('ceramic-mug');
    const rating = (value: string, extra: Record<string, string> = {}) => ({
      ownerId: gid('ceramic-mug'),
      namespace: 'reviews',
      key: 'rating',
      type: 'rating',
      value,
      ...extra,
    });
    const cases: [unknown, string, string[]][] = [
      [rating('{"value":"6.0","scale_min":"1.0","scale_max":"5.0"}'), 'INVALID_VALUE', ['metafields', '1', 'value']],
      [rating('{"value":"4.0","scale_min":"0.0","scale_max":"10.0"}'), 'INVALID_VALUE', ['metafields', '1', 'value']],
      [rating('4.5'), 'INVALID_VALUE', ['metafields', '1', 'value']],
      [rating('3', { type: 'number_integer' }), 'INVALID_TYPE', ['metafields', '1', 'type']],
      [{ ...rating('-1', { type: 'number_integer' }), key: 'rating_count' }, 'INVALID_VALUE', ['metafields', '1', 'value']],
      [
        rating('{"value":"4.0","scale_min":"1.0","scale_max":"5.0"}', { ownerId: 'gid://shopify/Product/1' }),
        'INVALID',
        ['metafields', '1', 'ownerId'],
      ],
      [rating('x', { type: 'json' }), 'INVALID_TYPE', ['metafields', '1', 'type']],
    ];
    // Each bad input follows a good one: the call is all or nothing.
    const good = { ownerId: gid('ceramic-mug'), namespace: 'reviews', key: 'rating_count', type: 'number_integer', value: '999' };
    for (const [bad, code, field] of cases) {
      const answer = await graphql(SET, { metafields: [good, bad] });
      expect(answer.status).toBe(200);
      expect(answer.body.data.metafieldsSet!.metafields).toEqual([]);
      expect(answer.body.data.metafieldsSet!.userErrors, JSON.stringify(bad)).toEqual([expect.objectContaining({ code, field })]);
    }
    const tooMany = await graphql(SET, { metafields: new Array(26).fill(good) });
    expect(tooMany.body.data.metafieldsSet!.userErrors).toEqual([
      expect.objectContaining({ code: 'LESS_THAN_OR_EQUAL_TO', field: ['metafields'] }),
    ]);
    expect(await reviewMetafields('ceramic-mug')).toEqual(before);
  });

  it('answers 400 for what the stand-in cannot run or a variable of the wrong shape', async () => {
    const cases: [string, unknown, string][] = [
      ['{ shop { name } }', {}, 'UNSUPPORTED_OPERATION'],
      ['mutation { productUpdate(metafields: $m) { product { id } } }', { m: [] }, 'UNSUPPORTED_OPERATION'],
      [
        `${SET.slice(0, -1)} other: metafieldsSet(metafields: $metafields) { userErrors { message } } }`,
        { metafields: [] },
        'UNSUPPORTED_OPERATION',
      ],
      [SET, { metafields: 'x' }, 'INVALID_VARIABLES'],
      [SET, { metafields: [{ ownerId: gid('ceramic-mug'), key: 'k1', type: 'number_integer' }] }, 'INVALID_VARIABLES'],
      [DELETE, { metafields: [{ ownerId: 5, namespace: 'reviews', key: 'rating' }] }, 'INVALID_VARIABLES'],
    ];
    for (const [query, variables, code] of cases) {
      const answer = await graphql(query, variables);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toBe(code);
    }
    const noQuery = await s.app.inject({
      method: 'POST',
      url: GRAPHQL,
      headers: { 'x-shopify-access-token': await accessToken() },
      payload: {},
    });
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_ERROR');
  });

  it('what it stores survives a restart', async () => {
    const store = await makeStorage();
    await store.storage.close();
    const input = { ownerId: gid('ceramic-mug'), namespace: 'custom', key: 'kept', type: 'single_line_text_field', value: 'still here' };
    const first = await makeServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    try {
      expect((await graphql(SET, { metafields: [input] }, null, first)).body.data.metafieldsSet!.userErrors).toEqual([]);
    } finally {
      await first.app.close();
    }
    const second = await makeServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    try {
      const rows = await storedDb(second).selectFrom('platform_metafields').select('value').where('key', '=', 'kept').execute();
      expect(rows).toEqual([{ value: 'still here' }]);
    } finally {
      await second.app.close();
      await store.dispose();
    }
  });
});

describe('the demo theme renders them as Dawn does', () => {
  /** The Dawn markup of a rating (`--rating`: the floor; `--rating-decimal`: 0, 0.5 or 1). */
  const dawnRating = (stats: { r: number; s: number }, label = `${stats.s.toFixed(1)} out of 5.0 stars`, total = 'total reviews') => {
    const decimal = Math.round((stats.s % 1) * 10) / 10;
    const step = decimal >= 0.3 && decimal <= 0.7 ? 0.5 : decimal > 0.7 ? 1 : 0;
    return `<div class="rating" role="img" aria-label="${label}"><span aria-hidden="true" class="rating-star" style="--rating: ${Math.floor(stats.s)}; --rating-max: 5.0; --rating-decimal: ${step};"></span></div><p class="rating-text caption"><span aria-hidden="true">${stats.s.toFixed(1)} / 5.0</span></p><p class="rating-count caption"><span aria-hidden="true">(${stats.r})</span><span class="visually-hidden">${stats.r} ${total}</span></p>`;
  };
  const page = async (url: string, server = s) => (await server.app.inject({ url })).body;

  it('collection cards: the rating between vendor and price for each product with reviews; none without', async () => {
    const stats = await expectedStats(s);
    const html = await page('/collections/all');
    for (const [handle, st] of Object.entries(stats)) {
      const card = html.slice(html.indexOf(`href="/products/${handle}" id="CardLink`));
      const information = card.slice(card.indexOf('<div class="card-information">'), card.indexOf('<div class="price'));
      if (st.r) expect(information, handle).toContain(dawnRating(st));
      else expect(information, handle).not.toContain('class="rating"');
    }
    expect(html).toContain('.rating-star::before{content:"★★★★★"');
    // The home page's featured products too, and the Spanish shop in its words.
    expect(await page('/')).toContain('role="img" aria-label="');
    const tee = stats[SEED_FACTS.manyReviewsHandle]!;
    expect(await page('/es/collections/all')).toContain(dawnRating(tee, `${tee.s.toFixed(1)} de 5.0 estrellas`, 'reseñas totales'));
  });

  it('product page: the rating block under the title; not in the app blocks template', async () => {
    const tee = (await expectedStats(s))[SEED_FACTS.manyReviewsHandle]!;
    const html = await page(`/products/${SEED_FACTS.manyReviewsHandle}`);
    const title = getProduct(SEED_FACTS.manyReviewsHandle)!.product.title;
    expect(html).toContain(`<div class="product__title"><h1>${title}</h1></div><div class="rating-wrapper">${dawnRating(tee)}</div>`);
    expect(await page(`/products/${SEED_FACTS.manyReviewsHandle}?view=blocks`)).not.toContain('class="rating"');
    expect(await page(`/products/${STILL_EMPTY}`)).not.toContain('class="rating-wrapper"');
  });

  it('"show rating" off (?show_rating=0, or the theme setting): no rating and no rating styles', async () => {
    for (const url of ['/collections/all?show_rating=0', `/products/${SEED_FACTS.manyReviewsHandle}?show_rating=0`]) {
      const html = await page(url);
      expect(html, url).not.toContain('class="rating"');
      expect(html, url).not.toContain('.rating-star');
    }
    const off = await makeServer({ demoTheme: { showRating: false } });
    try {
      expect(await page('/collections/all', off)).not.toContain('class="rating"');
      expect(await page('/collections/all?show_rating=1', off)).toContain('class="rating"');
    } finally {
      await off.app.close();
    }
  });
});

describe('platformMetafields (the Admin API client)', () => {
  /** A platform that records each call and answers with `answer`. */
  const recording = (answer: (body: { query: string; variables: { metafields: object[] } }) => { status: number; body: string }) => {
    const calls: { url: string; headers: Record<string, string>; body: { query: string; variables: { metafields: object[] } } }[] = [];
    const send: AdminTransport = async (request) => {
      const body = JSON.parse(request.body) as (typeof calls)[number]['body'];
      calls.push({ ...request, body });
      return answer(body);
    };
    return { calls, send };
  };
  const ok = (body: { query: string }) => {
    const field = body.query.includes('metafieldsSet') ? 'metafieldsSet' : 'metafieldsDelete';
    return { status: 200, body: JSON.stringify({ data: { [field]: { userErrors: [] } } }) };
  };

  it('sets both metafields of a product in one call of at most 25, deletes those of products without reviews', async () => {
    const { calls, send } = recording(ok);
    const client = platformMetafields({ domain: 'shop.example', accessToken: async () => 'shpat_x', send });
    const products = Array.from({ length: 30 }, (_, i) => ({ productId: i + 1, count: i < 27 ? i + 1 : 0, average: i < 27 ? 4.25 : 0 }));
    await client.writeReviewStats(products);
    expect(
      calls.map((call) => [call.body.query.includes('metafieldsSet') ? 'set' : 'delete', call.body.variables.metafields.length]),
    ).toEqual([
      ['set', 24],
      ['set', 24],
      ['set', 6],
      ['delete', 6],
    ]);
    expect(calls[0]).toMatchObject({
      url: 'https://shop.example/admin/api/2025-01/graphql.json',
      headers: { 'x-shopify-access-token': 'shpat_x' },
    });
    expect(calls[0]!.body.variables.metafields.slice(0, 2)).toEqual([
      {
        ownerId: 'gid://shopify/Product/1',
        namespace: 'reviews',
        key: 'rating',
        type: 'rating',
        value: '{"value":"4.3","scale_min":"1.0","scale_max":"5.0"}',
      },
      { ownerId: 'gid://shopify/Product/1', namespace: 'reviews', key: 'rating_count', type: 'number_integer', value: '1' },
    ]);
  });

  it('rejects on an HTTP error, GraphQL errors or user errors', async () => {
    for (const answer of [
      { status: 503, body: 'busy' },
      { status: 200, body: JSON.stringify({ errors: [{ message: 'Throttled' }] }) },
      { status: 200, body: JSON.stringify({ data: { metafieldsSet: { userErrors: [{ message: 'Value must be within the scale.' }] } } }) },
    ]) {
      const client = platformMetafields({ domain: 'shop.example', accessToken: async () => 't', send: async () => answer });
      await expect(client.writeReviewStats([{ productId: 1, count: 2, average: 4 }])).rejects.toThrow(/metafieldsSet/);
    }
  });
});

describe('reviewMetafieldsSync', () => {
  it('one write per product at a time; changes meanwhile make one more; failures are logged; shops off the platform get nothing', async () => {
    let release: () => void = () => {};
    const writes: number[][] = [];
    const platform = {
      writeReviewStats: vi.fn(async (products: readonly { count: number }[]) => {
        writes.push(products.map((product) => product.count));
        if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (writes.length === 2) throw new Error('platform down');
      }),
    };
    let count = 1;
    const storage = {
      products: { find: async () => ({ productId: 7, handle: 'tee' }), list: async () => [{ productId: 7, handle: 'tee' }] },
      reviews: { statsForHandles: async () => ({ tee: { r: count, s: 4, d: { '1': 0, '2': 0, '3': 0, '4': count, '5': 0 } } }) },
    };
    const logged: unknown[] = [];
    const sync = reviewMetafieldsSync(storage as never, new Map([['demo', platform]]), (error, detail) =>
      logged.push([String(error), detail]),
    );
    sync.productChanged('demo', 'tee');
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    count = 2;
    sync.productChanged('demo', 'tee');
    count = 3;
    sync.productChanged('demo', 'tee');
    sync.productChanged('other-shop', 'tee');
    sync.productChanged('demo', null);
    release();
    await sync.settled();
    // The first write, then ONE more with the latest stats (it failed: logged).
    expect(writes).toEqual([[1], [3]]);
    expect(logged).toEqual([['Error: platform down', { shopId: 'demo', handle: 'tee' }]]);
    await sync.backfill();
    expect(writes).toEqual([[1], [3], [3]]);
  });
});
