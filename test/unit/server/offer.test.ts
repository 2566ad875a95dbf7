/**
 * What the offer card needs from the server, on the suite's engine (SQLite, and PostgreSQL in the
 * `server-postgres` project): the provider's inventory endpoint (spec §7 `bundle/product/inventory`,
 * answered for the demo shop from its catalogue) and the demo shop's discount codes, applied the
 * platform's way (`/discount/{code}`, the cart JSON and pages showing the discounted lines, the
 * `discount[` reroute to checkout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '../../../server/shop/catalog.ts';
import { openStorage } from '../../../server/storage/index.ts';
import { marketFor, presentment } from '../../../server/shop/markets.ts';
import { cookieFrom, makeServer, makeStorage, storedDb, TEST_ENGINE, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

const product = (handle: string) => getProduct(handle)!.product;
const tote = product('canvas-tote-bag');
const jacket = product('rain-jacket');
const sneakers = product('trail-sneakers');
const mug = product('ceramic-mug');

const inventory = (query: string) => s.app.inject({ url: `/api/bundle/product/inventory?${query}` });

describe(`GET /api/bundle/product/inventory (${TEST_ENGINE})`, () => {
  it('answers the demo shop from its catalogue: tracked, sold out and pre-order variants', async () => {
    const soldOut = jacket.variants.find((variant) => variant.title === 'XL')!;
    const inStock = jacket.variants.find((variant) => variant.title === 'M')!;
    const preorder = sneakers.variants[0]!;
    const res = await inventory(`shopId=demo&variants=${soldOut.id},${inStock.id},${preorder.id},${inStock.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      variants: {
        [soldOut.id]: { inventory_quantity: 0, inventory_management: 'shopify', inventory_policy: 'deny' },
        [inStock.id]: { inventory_quantity: inStock.inventory_quantity, inventory_management: 'shopify', inventory_policy: 'deny' },
        [preorder.id]: { inventory_quantity: 0, inventory_management: 'shopify', inventory_policy: 'continue' },
      },
    });
    expect(inStock.inventory_quantity).toBeGreaterThan(0);
  });

  it('leaves unknown variants out, and has none for a shop without a catalogue', async () => {
    expect((await inventory(`shopId=demo&variants=1,${tote.variants[0]!.id}`)).json()).toEqual({
      variants: {
        [tote.variants[0]!.id]: { inventory_quantity: expect.any(Number), inventory_management: 'shopify', inventory_policy: 'deny' },
      },
    });
    await storedDb(s).insertInto('shops').values({ id: 'no-catalogue', domain: 'no-catalogue.myshopify.com' }).execute();
    expect((await inventory(`shopId=no-catalogue&variants=${tote.variants[0]!.id}`)).json()).toEqual({ variants: {} });
  });

  it('refuses what it cannot answer: an unknown shop (404), no or malformed ids, more than 250 (400)', async () => {
    const unknown = await inventory(`shopId=nope&variants=${tote.variants[0]!.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SHOP_NOT_FOUND');
    for (const query of [
      'shopId=demo',
      'variants=1',
      'shopId=demo&variants=',
      'shopId=demo&variants=1,,2',
      'shopId=demo&variants=abc',
      'shopId=DEMO!&variants=1',
    ]) {
      const res = await inventory(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_ERROR');
    }
    const ids = Array.from({ length: 251 }, (_, index) => index + 1).join(',');
    expect((await inventory(`shopId=demo&variants=${ids}`)).statusCode).toBe(400);
    expect((await inventory(`shopId=demo&variants=${ids.split(',').slice(0, 250).join(',')}`)).statusCode).toBe(200);
  });
});

/** A visitor with a cart holding `items` (variant id → quantity); its cookie header. */
async function visitorWith(items: Record<number, number>): Promise<string> {
  let cookie = '';
  for (const [id, quantity] of Object.entries(items)) {
    const res = await s.app.inject({ method: 'POST', url: '/cart/add.js', headers: { cookie }, payload: { id: Number(id), quantity } });
    expect(res.statusCode).toBe(200);
    cookie ||= `cart=${cookieFrom(res, 'cart')}`;
  }
  return cookie;
}

/** Applies `code` as a shopper's browser does (follows nothing: the cookie is what matters); the cookie header with it. */
async function applyCode(cookie: string, code: string): Promise<string> {
  const res = await s.app.inject({ url: `/discount/${code}?redirect=%2Fcart`, headers: { cookie } });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/cart');
  return `${cookie}; discount_code=${cookieFrom(res, 'discount_code')}`;
}

const cartOf = async (cookie: string, path = '/cart.js') => (await s.app.inject({ url: path, headers: { cookie } })).json();

describe(`demo shop discount codes (${TEST_ENGINE})`, () => {
  it('BUNDLE15 takes 15 % off the offered products in the cart JSON, the platform way; other lines stay as they are', async () => {
    const toteVariant = tote.variants[0]!;
    const mugVariant = mug.variants[0]!;
    const cookie = await applyCode(await visitorWith({ [toteVariant.id]: 2, [mugVariant.id]: 1 }), 'BUNDLE15');
    const cart = await cartOf(cookie);
    const toteLine = cart.items.find((item: { variant_id: number }) => item.variant_id === toteVariant.id);
    const mugLine = cart.items.find((item: { variant_id: number }) => item.variant_id === mugVariant.id);
    // 2 × $32.00 = $64.00; 15 % = $9.60.
    expect(toteLine).toMatchObject({
      price: 3200,
      original_price: 3200,
      original_line_price: 6400,
      discounted_price: 2720,
      final_price: 2720,
      final_line_price: 5440,
      line_price: 5440,
      total_discount: 960,
      discounts: [{ amount: 960, title: 'BUNDLE15' }],
      line_level_total_discount: 960,
    });
    expect(toteLine.line_level_discount_allocations).toEqual([
      {
        amount: 960,
        discount_application: expect.objectContaining({
          type: 'discount_code',
          key: 'BUNDLE15',
          title: 'BUNDLE15',
          value: '15.0',
          value_type: 'percentage',
          target_type: 'line_item',
          total_allocated_amount: 960,
        }),
      },
    ]);
    expect(mugLine).toMatchObject({ final_line_price: 1800, total_discount: 0, line_level_discount_allocations: [], discounts: [] });
    expect(cart).toMatchObject({ original_total_price: 8200, total_price: 7240, total_discount: 960, items_subtotal_price: 7240 });
  });

  it('codes are case-insensitive; an unknown code changes nothing; SAVE5 takes $5 off each unit', async () => {
    const toteVariant = tote.variants[0]!;
    const lower = await cartOf(await applyCode(await visitorWith({ [toteVariant.id]: 1 }), 'bundle15'));
    expect(lower.total_discount).toBe(480);
    const unknown = await cartOf(await applyCode(await visitorWith({ [toteVariant.id]: 1 }), 'NOPE'));
    expect(unknown).toMatchObject({ total_discount: 0, total_price: 3200, original_total_price: 3200 });
    expect(unknown.items[0]).toMatchObject({ final_line_price: 3200, line_level_discount_allocations: [] });
    const save5 = await cartOf(await applyCode(await visitorWith({ [mug.variants[0]!.id]: 3 }), 'SAVE5'));
    expect(save5.items[0]).toMatchObject({ total_discount: 1500, final_price: 1300, final_line_price: 3900 });
    expect(save5.items[0].line_level_discount_allocations[0].discount_application).toMatchObject({
      value_type: 'fixed_amount',
      value: '5.00',
    });
  });

  it('the add answer, cart changes, the cart page and checkout show the discounted line', async () => {
    const cookie = await applyCode('', 'BUNDLE15');
    const added = await s.app.inject({
      method: 'POST',
      url: '/cart/add.js',
      headers: { cookie },
      payload: { id: tote.variants[0]!.id, quantity: 1 },
    });
    expect(added.json()).toMatchObject({ final_line_price: 2720, total_discount: 480 });
    const withCart = `${cookie}; cart=${cookieFrom(added, 'cart')}`;
    const changed = await s.app.inject({
      method: 'POST',
      url: '/cart/change.js',
      headers: { cookie: withCart },
      payload: { line: 1, quantity: 2 },
    });
    expect(changed.json()).toMatchObject({ total_price: 5440, total_discount: 960 });
    const page = (await s.app.inject({ url: '/cart', headers: { cookie: withCart } })).body;
    expect(page).toContain('BUNDLE15 (-$9.60)');
    expect(page).toContain('<s class="price price--end">$64.00</s>');
    expect(page).toContain('$54.40 USD');
    const checkout = (await s.app.inject({ url: '/checkout', headers: { cookie: withCart } })).body;
    expect(checkout).toContain('$54.40 USD');
  });

  it('in a market every discount amount is in the market currency, as the platform answers', async () => {
    const cookie = `${await applyCode(await visitorWith({ [tote.variants[0]!.id]: 1 }), 'BUNDLE15')}; localization=ES`;
    const cart = await cartOf(cookie);
    const eur = marketFor('ES');
    expect(cart.currency).toBe('EUR');
    expect(cart.items[0].total_discount).toBe(presentment(480, eur));
    expect(cart.items[0].line_level_discount_allocations[0].amount).toBe(presentment(480, eur));
    expect(cart.items[0].line_level_discount_allocations[0].discount_application.total_allocated_amount).toBe(presentment(480, eur));
    expect(cart.items[0].discounts[0].amount).toBe(presentment(480, eur));
    expect(cart.total_discount).toBe(presentment(480, eur));
  });

  it('a redirect link with discount[ in it is rerouted to checkout (spec §2); others are followed', async () => {
    for (const redirect of ['/cart?discount[code]=BUNDLE15', '/cart%3Fdiscount%5Bcode%5D%3DX', '/collections/all?discount[]=1']) {
      const res = await s.app.inject({ url: `/discount/BUNDLE15?redirect=${encodeURIComponent(redirect)}` });
      expect(res.statusCode, redirect).toBe(302);
      expect(res.headers.location, redirect).toBe('/checkout');
      expect(cookieFrom(res, 'discount_code')).toBe('BUNDLE15');
    }
    expect((await s.app.inject({ url: '/es/discount/BUNDLE15?redirect=%2Fes%2Fcart%3Fdiscount%5Bx%5D%3D1' })).headers.location).toBe(
      '/es/checkout',
    );
    expect((await s.app.inject({ url: '/discount/BUNDLE15?redirect=%2Fcart.js' })).headers.location).toBe('/cart.js');
    expect((await s.app.inject({ url: '/discount/BUNDLE15' })).headers.location).toBe('/');
  });
});

describe(`the demo shop's offer (${TEST_ENGINE})`, () => {
  it('is served with module 47', async () => {
    const script = (await s.app.inject({ url: '/demo/vitrine.js' })).body;
    const settings = JSON.parse(/Object\.assign\((\{.*?\}),window\.vitrineSettings/.exec(script)![1]!);
    expect(settings.modules).toContain(47);
    expect(settings.offer.offers[0]).toMatchObject({ id: 'demo-bundle', discountCode: 'BUNDLE15' });
  });

  it('a demo shop seeded before the offer card gets it once, at the next start; an owner section of its own stays', async () => {
    const store = await makeStorage();
    const settingsOf = async (storage: typeof store.storage) =>
      JSON.parse(
        (await storage.db.selectFrom('shops').select('settings_json').where('id', '=', 'demo').executeTakeFirstOrThrow()).settings_json,
      );
    try {
      const before = await settingsOf(store.storage);
      const { offer: _offer, ...old } = { ...before, modules: [21, 24, 30, 12] };
      await store.storage.db
        .updateTable('shops')
        .set({ settings_json: JSON.stringify(old) })
        .where('id', '=', 'demo')
        .execute();
      await store.storage.close();
      const reopened = await openStorage({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
      const after = await settingsOf(reopened);
      expect(after.modules).toEqual([21, 24, 30, 12, 47]);
      expect(after.offer).toEqual(before.offer);
      expect(after.ownerName).toBe(before.ownerName);
      await reopened.db
        .updateTable('shops')
        .set({ settings_json: JSON.stringify({ ...old, offer: {} }) })
        .where('id', '=', 'demo')
        .execute();
      await reopened.close();
      const again = await openStorage({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
      expect(await settingsOf(again)).toMatchObject({ modules: [21, 24, 30, 12], offer: {} });
      await again.close();
    } finally {
      await store.dispose();
    }
  });
});
