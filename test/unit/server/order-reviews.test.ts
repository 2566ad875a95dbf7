/**
 * Order reviews: POST /api/store-review-for-order?ajax=1 with an order's review code stores a
 * verified order review of the order's product, once per code (also when the same code is sent
 * twice at once), and refuses unknown codes and codes of another product; the demo shop's
 * review-order page finds the order from its code alone, and a demo page lists the review links.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { getProduct } from '../../../server/shop/catalog.ts';
import { openStorage } from '../../../server/storage/index.ts';
import { migrate, migrations } from '../../../server/storage/sqliteMigrations.ts';
import { makeServer, makeStorage, storedDb, storedRows, TEST_ENGINE, type TestServer } from './helpers.ts';
import { solidImage, submitReview, validFields, type SubmitAnswer } from './reviewForms.ts';

const ORDER_URL = '/api/store-review-for-order?ajax=1';
const [tee, mug, bag, pen, secondTee, scarf] = SEED_FACTS.orders;

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
});
afterAll(async () => {
  await s.app.close();
});

const submitOrder = (fields: Record<string, string>) => submitReview(s.app, fields, [], { url: ORDER_URL });
const orderRow = (code: string) => storedDb(s).selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

function expectFailure(answer: SubmitAnswer, status: number, code: string, errors: string[]): void {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { success: false, errors, error: { code, message: errors[0] } },
  });
}

describe('POST /api/store-review-for-order', () => {
  it('the seed has the demo orders, unused', async () => {
    const rows = await storedDb(s).selectFrom('orders').selectAll().orderBy('code').execute();
    expect(rows.map((row) => [row.code, row.product_handle, row.customer_name, row.customer_email, row.review_id])).toEqual(
      SEED_FACTS.orders.map((order) => [order.code, order.productHandle, order.customerName, order.customerEmail, null]),
    );
    for (const row of rows) expect(row.product_id).toBe(getProduct(row.product_handle)!.product.id);
  });

  it('a valid code stores a verified order review of its product and uses the code up', async () => {
    const answer = await submitReview(
      s.app,
      validFields({ code: tee!.code, productHandle: tee!.productHandle, 'review[email]': '' }),
      [{ name: 'p.jpg', bytes: await solidImage('jpeg') }],
      { url: ORDER_URL },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.review).toMatchObject({
      type: 'order_review',
      verified: true,
      productHandle: tee!.productHandle,
      status: 'published',
    });
    expect(answer.body.review!.photos).toHaveLength(1);
    const row = await storedDb(s).selectFrom('reviews').selectAll().where('id', '=', answer.body.review!.id).executeTakeFirstOrThrow();
    // Without an address in the form, the order's is kept with the review.
    expect(row).toMatchObject({ type: 'order_review', verified: 1, email: tee!.customerEmail });
    expect((await orderRow(tee!.code)).review_id).toBe(answer.body.review!.id);

    const again = await submitOrder(validFields({ code: tee!.code, productHandle: tee!.productHandle }));
    expectFailure(again, 409, 'ORDER_CODE_USED', ['This review link has already been used']);
  });

  it('the product may be left to the order, or named by its id', async () => {
    const byOrder = await submitOrder(validFields({ code: mug!.code, productHandle: '' }));
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.review!.productHandle).toBe(mug!.productHandle);
    const byId = await submitOrder(
      validFields({ code: bag!.code, productHandle: '', productId: String(getProduct(bag!.productHandle)!.product.id) }),
    );
    expect(byId.status).toBe(200);
    expect(byId.body.review).toMatchObject({ productHandle: bag!.productHandle, type: 'order_review' });
  });

  it('an unknown code, a code of another product, or no code → 400 "This review link is not valid"; nothing is used up', async () => {
    expectFailure(await submitOrder(validFields({ code: 'NO-SUCH-CODE' })), 400, 'INVALID_ORDER_CODE', ['This review link is not valid']);
    expectFailure(await submitOrder(validFields({ code: pen!.code, productHandle: 'ceramic-mug' })), 400, 'INVALID_ORDER_CODE', [
      'This review link is not valid',
    ]);
    expect((await orderRow(pen!.code)).review_id).toBeNull();
    expectFailure(await submitOrder(validFields()), 400, 'VALIDATION_ERROR', ['This review link is not valid']);
    expectFailure(await submitOrder(validFields({ code: 'has spaces' })), 400, 'VALIDATION_ERROR', ['This review link is not valid']);
    // With other bad fields, every message at once.
    const both = await submitOrder({ shopId: 'demo', 'review[review]': 'x', 'review[stars]': '5' });
    expectFailure(both, 400, 'VALIDATION_ERROR', ['Name is required', 'This review link is not valid']);
  });

  it('a code on /api/add-new-review is not an order review', async () => {
    const answer = await submitReview(s.app, validFields({ code: pen!.code, productHandle: pen!.productHandle }));
    expect(answer.body.review).toMatchObject({ type: 'product_review', verified: false });
    expect((await orderRow(pen!.code)).review_id).toBeNull();
  });

  it('the same code sent twice at once (different keys) stores one review', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        submitOrder(
          validFields({
            code: secondTee!.code,
            productHandle: secondTee!.productHandle,
            idempotencyKey: `code-race-${index}-${Date.now()}`,
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const stored = answers.find((answer) => answer.status === 200)!.body.review!.id;
    expect((await orderRow(secondTee!.code)).review_id).toBe(stored);
    const rows = await storedRows<{ n: number }>(
      s,
      sql`SELECT count(*) AS n FROM reviews WHERE type = 'order_review' AND product_handle = ${secondTee!.productHandle} AND created_at > ${new Date(Date.now() - 60_000).toISOString()}`,
    );
    // The tee's first order review (above) and this one.
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it('a retry with the idempotency key of a used code answers the review, not a 409', async () => {
    const fields = validFields({ code: scarf!.code, productHandle: scarf!.productHandle, idempotencyKey: `scarf-${Date.now()}` });
    const first = await submitOrder(fields);
    expect(first.status).toBe(200);
    expect(await submitOrder(fields)).toEqual(expect.objectContaining({ status: 200, body: first.body }));
    // Also when its first look-up of the key ran before the first was stored (concurrent retries).
    vi.spyOn(s.app.vitrine.storage.submissions, 'reviewIdOfKey').mockResolvedValueOnce(undefined);
    expect(await submitOrder(fields)).toEqual(expect.objectContaining({ status: 200, body: first.body }));
  });
});

describe('the demo shop pages', () => {
  const orderData = (html: string): Record<string, unknown> | null => {
    const match = /<script type="application\/json" id="vitrine-review-order">(.*?)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
  };

  it('/pages/review-order?code=<a stored code> fills product, name and e-mail from the order', async () => {
    const server = await makeServer({ rateLimit: false });
    try {
      const res = await server.app.inject({ url: `/pages/review-order?code=${tee!.code}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(orderData(res.body)).toEqual({
        productHandle: tee!.productHandle,
        code: tee!.code,
        customerName: tee!.customerName,
        customerEmail: tee!.customerEmail,
      });
      const noEmail = await server.app.inject({ url: `/es/pages/review-order?code=${bag!.code}` });
      expect(orderData(noEmail.body)).toEqual({
        productHandle: bag!.productHandle,
        code: bag!.code,
        customerName: bag!.customerName,
        customerEmail: null,
      });
      expect(noEmail.body).toContain(`href="/es/products/${bag!.productHandle}"`);
      const unknown = await server.app.inject({ url: '/pages/review-order?code=NOPE' });
      expect(orderData(unknown.body)).toBeNull();
      expect(unknown.body).toContain('This review link is not valid.');
      // Used: no data, and the page says so.
      expect((await submitReview(server.app, validFields({ code: tee!.code }), [], { url: ORDER_URL })).status).toBe(200);
      const used = await server.app.inject({ url: `/pages/review-order?code=${tee!.code}` });
      expect(orderData(used.body)).toBeNull();
      expect(used.body).toContain('This review link has already been used.');
      // The query-parameter form is unchanged.
      const given = await server.app.inject({ url: `/pages/review-order?code=${tee!.code}&product=ceramic-mug&name=Zoe` });
      expect(orderData(given.body)).toEqual({ productHandle: 'ceramic-mug', code: tee!.code, customerName: 'Zoe', customerEmail: null });
    } finally {
      await server.app.close();
    }
  });

  it('/pages/demo-orders lists the review links; /pages/top-reviews links to it', async () => {
    const res = await s.app.inject({ url: '/pages/demo-orders' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const order of SEED_FACTS.orders) expect(res.body).toContain(`href="/pages/review-order?code=${order.code}"`);
    expect(res.body).toMatch(new RegExp(`${tee!.code}</a>: [^<]*— already reviewed`));
    expect(res.body).not.toMatch(new RegExp(`${pen!.code}</a>: [^<]*— already reviewed`));
    const top = await s.app.inject({ url: '/nl/pages/top-reviews' });
    expect(top.body).toContain('<a class="link" href="/nl/pages/demo-orders">');
  });
});

describe('stores from before the write side', () => {
  it('a demo shop without orders gets the demo orders once, at the next start', async () => {
    const store = await makeStorage();
    try {
      await store.storage.db.deleteFrom('orders').execute();
      await store.storage.close();
      const reopened = await openStorage({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
      const codes = (await reopened.db.selectFrom('orders').select('code').orderBy('code').execute()).map((row) => row.code);
      expect(codes).toEqual(SEED_FACTS.orders.map((order) => order.code));
      // A used code stays used: orders are only added when the shop has none.
      await reopened.db.updateTable('orders').set({ review_id: 1 }).where('code', '=', tee!.code).execute();
      await reopened.close();
      const again = await openStorage({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
      expect(
        (await again.db.selectFrom('orders').select('review_id').where('code', '=', tee!.code).executeTakeFirstOrThrow()).review_id,
      ).toBe(1);
      await again.close();
    } finally {
      await store.dispose();
    }
  });

  it.runIf(TEST_ENGINE === 'sqlite')('migration 8 keeps existing reviews published and their photos their own thumbnails', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-m8-'));
    const old = new Database(path.join(dataDir, 'vitrine.sqlite'));
    migrate(
      old,
      migrations.filter((migration) => migration.version <= 7),
    );
    old.exec(`INSERT INTO shops (id, domain) VALUES ('demo', 'vitrine-demo.myshopify.com');
      INSERT INTO shop_state (shop_id, last_updated) VALUES ('demo', 1);
      INSERT INTO products (shop_id, product_id, handle, title) VALUES ('demo', 1, 'old-product', 'Old');
      INSERT INTO reviews (id, shop_id, product_id, product_handle, name, stars, body_html, created_at, html_version)
        VALUES (1, 'demo', 1, 'old-product', 'Old Reviewer', 5, 'Still here', '2024-01-01T00:00:00.000Z', 1);
      INSERT INTO review_photos (review_id, url, position) VALUES (1, 'https://cdn.example/old.jpg', 0);`);
    old.close();
    const server = await makeServer({ dataDir, databaseUrl: null });
    try {
      const list = JSON.parse((await server.app.inject({ url: '/api/reviews/demo/1/old-product.json' })).body) as {
        reviews: { id: number; photos: string[]; thumbnails: string[] }[];
      };
      expect(list.reviews).toEqual([
        expect.objectContaining({ id: 1, photos: ['https://cdn.example/old.jpg'], thumbnails: ['https://cdn.example/old.jpg'] }),
      ]);
      expect(await storedDb(server).selectFrom('orders').selectAll().execute()).toHaveLength(SEED_FACTS.orders.length);
    } finally {
      await server.app.close();
    }
  });
});
