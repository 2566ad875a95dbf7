import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { getProduct, PRODUCTS } from '../../../server/shop/catalog.ts';
import { cookieFrom, makeServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

function analyticsMeta(html: string): { page: { pageType: string; resourceType?: string; resourceId?: number }; product?: { id: number } } {
  const m = /window\.ShopifyAnalytics\.meta=(\{.*?\});window\.routes/.exec(html);
  if (!m) throw new Error('no ShopifyAnalytics.meta');
  return JSON.parse(m[1]!);
}
function shopifyGlobal(html: string): Record<string, unknown> {
  const m = /Object\.assign\(window\.Shopify,(\{.*?\})\);/.exec(html);
  if (!m) throw new Error('no Shopify global');
  return JSON.parse(m[1]!);
}

const tee = getProduct(SEED_FACTS.productWithVariants)!.product;
const inStock = tee.variants.find((v) => v.available)!;
const soldOut = tee.variants.find((v) => !v.available)!;

describe('pages', () => {
  it('home: Dawn markup, 8 featured products, one h1, globals and the Vitrine script', async () => {
    const res = await s.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html class="no-js" lang="en">');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html.match(/class="card-wrapper product-card-wrapper/g)).toHaveLength(8);
    expect(html).toContain('class="full-unstyled-link"');
    expect(html).toContain('price-item price-item--regular');
    expect(html).toContain('price--on-sale');
    expect(html).toContain('<main id="MainContent"');
    expect(html).toContain('id="cart-icon-bubble"');
    expect(html.match(/<script async src="\/demo\/vitrine\.js"><\/script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).not.toContain('vitrine-reviews');
    expect(analyticsMeta(html).page.pageType).toBe('home');
    expect(shopifyGlobal(html)).toMatchObject({
      shop: 'vitrine-demo.myshopify.com',
      locale: 'en',
      currency: { active: 'USD', rate: '1.0' },
      country: 'US',
      routes: { root: '/' },
      designMode: false,
      theme: { name: 'Dawn', role: 'main', id: 1 },
    });
    for (const img of html.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
      expect(img).toMatch(/ alt="[^"]+"/);
    }
  });

  it('design mode, theme preview and ?vitrine=0', async () => {
    const dm = await s.app.inject({ url: '/?design_mode=1' });
    expect(shopifyGlobal(dm.body).designMode).toBe(true);
    const pv = await s.app.inject({ url: '/collections/all?preview_theme_id=123456' });
    expect(shopifyGlobal(pv.body).theme).toMatchObject({ role: 'unpublished', id: 123456 });
    const off = await s.app.inject({ url: '/?vitrine=0' });
    expect(off.body).not.toContain('/demo/vitrine.js');
  });

  it('collection: full grid of ≥24 products, sort select with best-selling, sorting works', async () => {
    const res = await s.app.inject({ url: '/collections/all' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<ul id="product-grid"');
    expect(res.body).toMatch(/class="grid product-grid/);
    const cards = res.body.match(/class="card-wrapper product-card-wrapper/g) ?? [];
    expect(cards.length).toBe(PRODUCTS.length);
    expect(cards.length).toBeGreaterThanOrEqual(24);
    expect(res.body).toContain('<select name="sort_by"');
    for (const v of ['manual', 'best-selling', 'title-ascending', 'price-ascending', 'created-descending'])
      expect(res.body).toContain(`<option value="${v}"`);
    expect(res.body).toContain('loading="lazy"');
    const meta = analyticsMeta(res.body);
    expect(meta.page).toMatchObject({ pageType: 'collection', resourceType: 'collection' });
    const sorted = await s.app.inject({ url: '/collections/all?sort_by=price-ascending' });
    const firstHandle = /href="\/products\/([^"]+)"/.exec(sorted.body)![1];
    const cheapest = [...PRODUCTS].sort((a, b) => a.product.price - b.product.price)[0]!.product.handle;
    expect(firstHandle).toBe(cheapest);
    expect(sorted.body).toContain('<option value="price-ascending" selected>');
    for (const h of ['apparel', 'accessories', 'home-living', 'sale', 'frontpage']) {
      expect((await s.app.inject({ url: `/collections/${h}` })).statusCode).toBe(200);
    }
    expect((await s.app.inject({ url: '/collections/nope' })).statusCode).toBe(404);
  });

  it('product page: Dawn product section, variant selects, product form, ProductJson', async () => {
    const res = await s.app.inject({ url: `/products/${tee.handle}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<div class="product__info-container"'.slice(0, 20));
    expect(html).toMatch(/class="product__info-container"/);
    expect(html).toContain(`<div class="product__title"><h1>${tee.title}</h1></div>`);
    expect(html).toContain('<variant-selects');
    expect(html).toMatch(
      /<form method="post" action="\/cart\/add" id="product-form-[^"]+" accept-charset="UTF-8" class="form product-form"/,
    );
    expect(html).toContain(`<input type="hidden" name="id" value="${inStock.id}"`);
    expect(html).toContain('fetchpriority="high"');
    const pj = /<script type="application\/json" id="ProductJson-([^"]+)">(.*?)<\/script>/.exec(html)!;
    const product = JSON.parse(pj[2]!);
    expect(product).toMatchObject({ id: tee.id, handle: tee.handle, title: tee.title, price: tee.price, available: true });
    expect(product.variants.length).toBeGreaterThan(1);
    expect(product.variants[0]).toHaveProperty('inventory_policy');
    expect(product.variants[0]).toHaveProperty('inventory_management', 'shopify');
    const meta = analyticsMeta(html);
    expect(meta.page).toEqual({ pageType: 'product', resourceType: 'product', resourceId: tee.id });
    expect(meta.product!.id).toBe(tee.id);
    const simple = await s.app.inject({ url: '/products/canvas-tote-bag' });
    expect(simple.body).not.toContain('<variant-selects');
  });

  it('markets: a shopper in a market country sees its currency everywhere; others see USD', async () => {
    const eur = (await s.app.inject({ url: '/collections/all', cookies: { localization: 'ES' } })).body;
    expect(shopifyGlobal(eur)).toMatchObject({ country: 'ES', currency: { active: 'EUR', rate: '0.86' } });
    expect(analyticsMeta(eur)).toMatchObject({ currency: 'EUR' });
    // $24.00 × 0.86, in the EUR money format.
    expect(eur).toContain('<span class="price-item price-item--regular">€20,64</span>');
    expect(eur).not.toMatch(/price-item[^>]*>\$/);

    const gbp = (await s.app.inject({ url: `/products/${tee.handle}`, cookies: { localization: 'GB' } })).body;
    const product = JSON.parse(/<script type="application\/json" id="ProductJson-[^"]+">(.*?)<\/script>/.exec(gbp)![1]!);
    expect(product.price).toBe(Math.round(tee.price * 0.74));
    expect(product.variants[0].price).toBe(Math.round(tee.variants[0]!.price * 0.74));
    // The theme script formats variant prices with the market's format.
    expect(gbp).toContain('data-money-format="£{{amount}}"');

    for (const country of ['US', 'FI', 'XX']) {
      const page = (await s.app.inject({ url: '/collections/all', cookies: { localization: country } })).body;
      expect(shopifyGlobal(page)).toMatchObject({ currency: { active: 'USD', rate: '1.0' } });
      expect(page).toContain('price-item--regular">$24.00<');
    }
  });

  it('product JSON endpoints', async () => {
    const js = await s.app.inject({ url: `/products/${tee.handle}.js` });
    expect(js.statusCode).toBe(200);
    expect(JSON.parse(js.body)).toMatchObject({ id: tee.id, handle: tee.handle });
    const json = await s.app.inject({ url: `/es/products/${tee.handle}.json` });
    expect(JSON.parse(json.body).product).toMatchObject({ id: tee.id, handle: tee.handle });
    expect((await s.app.inject({ url: '/products/nope.json' })).statusCode).toBe(404);
  });

  it('locale prefixes keep links prefixed; unknown prefixes 404', async () => {
    const res = await s.app.inject({ url: '/es/collections/all' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html class="no-js" lang="es">');
    expect(res.body).toContain('href="/es/products/');
    expect(res.body).not.toMatch(/href="\/products\//);
    expect(shopifyGlobal(res.body)).toMatchObject({ locale: 'es', routes: { root: '/es/' } });
    const prod = await s.app.inject({ url: `/en-us/products/${tee.handle}` });
    expect(prod.statusCode).toBe(200);
    expect(prod.body).toContain('action="/en-us/cart/add"');
    expect(shopifyGlobal(prod.body)).toMatchObject({ routes: { root: '/en-us/' } });
    expect((await s.app.inject({ url: '/es' })).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/es/' })).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/fr/collections/all' })).statusCode).toBe(404);
    expect((await s.app.inject({ url: '/xx-yy/' })).statusCode).toBe(404);
  });

  it('404 page has pageType 404', async () => {
    for (const url of ['/nothing-here', '/products/nope', '/es/nothing']) {
      const res = await s.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(analyticsMeta(res.body).page.pageType).toBe('404');
      expect(res.body.match(/<h1[\s>]/g)).toHaveLength(1);
    }
    expect((await s.app.inject({ url: '/es/nothing' })).body).toContain('lang="es"');
  });

  it('cart and checkout pages', async () => {
    const empty = await s.app.inject({ url: '/cart' });
    expect(empty.statusCode).toBe(200);
    expect(analyticsMeta(empty.body).page.pageType).toBe('cart');
    const checkout = await s.app.inject({ url: '/checkout' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('Checkout');
  });

  it('compresses HTML with brotli', async () => {
    const res = await s.app.inject({ url: '/collections/all', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('product-grid');
    expect(res.rawPayload.length).toBeLessThan(15000);
  });

  it('review photos (SVG) and the favicon: correct type, cached, small (product photos: cdnImages.test.ts)', async () => {
    for (const url of ['/images/reviews/1.svg', '/favicon.svg']) {
      const res = await s.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toMatch(/max-age=(31536000|86400)/);
      expect(res.body.length).toBeLessThan(2048);
    }
    expect((await s.app.inject({ url: '/images/reviews/x.svg' })).statusCode).toBe(404);
  });
});

describe('AJAX cart', () => {
  async function newVisitor(): Promise<string> {
    const res = await s.app.inject({ url: '/cart.js' });
    const token = cookieFrom(res, 'cart');
    expect(token).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    return `cart=${token}`;
  }

  it('in a market, the cart JSON answers in its currency (line items, totals, add results)', async () => {
    const visitor = `${await newVisitor()}; localization=GB`;
    const gbp = (cents: number) => Math.round(cents * 0.74);
    const add = JSON.parse(
      (await s.app.inject({ method: 'POST', url: '/cart/add.js', headers: { cookie: visitor }, payload: { id: inStock.id, quantity: 2 } }))
        .body,
    );
    expect(add).toMatchObject({ id: inStock.id, quantity: 2, price: gbp(inStock.price), line_price: gbp(inStock.price * 2) });
    const cart = JSON.parse((await s.app.inject({ url: '/cart.js', headers: { cookie: visitor } })).body);
    expect(cart).toMatchObject({
      currency: 'GBP',
      item_count: 2,
      total_price: gbp(inStock.price * 2),
      items: [{ price: gbp(inStock.price), final_line_price: gbp(inStock.price * 2) }],
    });
    // The same cart seen from the US store front: shop currency, untouched amounts.
    const us = JSON.parse((await s.app.inject({ url: '/en-us/cart.js', headers: { cookie: visitor } })).body);
    expect(us).toMatchObject({ currency: 'USD', total_price: inStock.price * 2 });
  });

  it('add / change / update / clear, per visitor', async () => {
    const a = await newVisitor();
    const b = await newVisitor();
    expect(a).not.toBe(b);
    const add = await s.app.inject({
      method: 'POST',
      url: '/cart/add.js',
      headers: { cookie: a },
      payload: { id: inStock.id, quantity: 2 },
    });
    expect(add.statusCode).toBe(200);
    expect(JSON.parse(add.body)).toMatchObject({
      id: inStock.id,
      variant_id: inStock.id,
      product_id: tee.id,
      quantity: 2,
      handle: tee.handle,
      price: inStock.price,
      line_price: inStock.price * 2,
    });
    const other = getProduct('ceramic-mug')!.product.variants[0]!;
    const addItems = await s.app.inject({
      method: 'POST',
      url: '/cart/add.js',
      headers: { cookie: a },
      payload: { items: [{ id: other.id, quantity: 1 }] },
    });
    expect(JSON.parse(addItems.body).items).toHaveLength(1);
    let cart = JSON.parse((await s.app.inject({ url: '/cart.js', headers: { cookie: a } })).body);
    expect(cart).toMatchObject({ item_count: 3, total_price: inStock.price * 2 + other.price, currency: 'USD' });
    expect(cart.items[0]).toHaveProperty('key');
    expect(cart.items[0]).toHaveProperty('product_title', tee.title);
    expect(cart.items[0]).toHaveProperty('variant_title', inStock.title);
    expect(cart.items[0].url).toBe(`/products/${tee.handle}?variant=${inStock.id}`);
    // visitor b's cart is untouched
    expect(JSON.parse((await s.app.inject({ url: '/cart.json', headers: { cookie: b } })).body).item_count).toBe(0);
    // change by line and by key
    cart = JSON.parse(
      (await s.app.inject({ method: 'POST', url: '/cart/change.js', headers: { cookie: a }, payload: { line: 1, quantity: 5 } })).body,
    );
    expect(cart.items[0].quantity).toBe(5);
    cart = JSON.parse(
      (
        await s.app.inject({
          method: 'POST',
          url: '/cart/change.js',
          headers: { cookie: a },
          payload: { id: cart.items[1].key, quantity: 0 },
        })
      ).body,
    );
    expect(cart.items).toHaveLength(1);
    expect(
      (await s.app.inject({ method: 'POST', url: '/cart/change.js', headers: { cookie: a }, payload: { line: 9, quantity: 1 } }))
        .statusCode,
    ).toBe(400);
    // update by variant id map
    cart = JSON.parse(
      (
        await s.app.inject({
          method: 'POST',
          url: '/cart/update.js',
          headers: { cookie: a },
          payload: { updates: { [inStock.id]: 1, [other.id]: 2 } },
        })
      ).body,
    );
    expect(cart.item_count).toBe(3);
    // form update updates[] + redirect
    const form = await s.app.inject({
      method: 'POST',
      url: '/cart/update',
      headers: { cookie: a, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'updates%5B%5D=4&updates%5B%5D=0',
    });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe('/cart');
    cart = JSON.parse((await s.app.inject({ url: '/cart.js', headers: { cookie: a } })).body);
    expect(cart.items).toHaveLength(1);
    expect(cart.item_count).toBe(4);
    // the cart page lists it and the header bubble shows the count
    const page = await s.app.inject({ url: '/cart', headers: { cookie: a } });
    expect(page.body).toContain('name="updates[]"');
    expect(page.body).toContain('action="/cart/update"');
    expect(page.body).toMatch(/class="cart-count-bubble"><span aria-hidden="true">4</);
    // clear
    cart = JSON.parse((await s.app.inject({ method: 'POST', url: '/cart/clear.js', headers: { cookie: a } })).body);
    expect(cart.item_count).toBe(0);
  });

  it('form-encoded /cart/add redirects to the (prefixed) cart page', async () => {
    const c = await newVisitor();
    const res = await s.app.inject({
      method: 'POST',
      url: '/es/cart/add',
      headers: { cookie: c, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${inStock.id}&quantity=1`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/es/cart');
    const cart = JSON.parse((await s.app.inject({ url: '/es/cart.js', headers: { cookie: c } })).body);
    expect(cart.item_count).toBe(1);
    expect(cart.items[0].url).toMatch(/^\/es\/products\//);
  });

  type Field = [name: string, value: string | Blob, filename?: string];
  /** Posts `fields` as a browser posts `new FormData(form)` (multipart), with `headers`. */
  async function postForm(url: string, headers: Record<string, string>, fields: Field[]) {
    const data = new FormData();
    for (const [name, value, filename] of fields) {
      if (typeof value === 'string') data.append(name, value);
      else data.append(name, value, filename);
    }
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    const payload = Buffer.from(await request.arrayBuffer());
    return s.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
  }
  const cartOf = async (cookie: string) => JSON.parse((await s.app.inject({ url: '/cart.js', headers: { cookie } })).body);

  it('multipart /cart/add.js (a serialized product form) adds the line with its properties', async () => {
    const c = await newVisitor();
    const res = await postForm('/cart/add.js', { cookie: c }, [
      ['form_type', 'product'],
      ['utf8', '✓'],
      ['id', String(inStock.id)],
      ['quantity', '2'],
      ['properties[Engraving]', 'Ana'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ variant_id: inStock.id, quantity: 2, properties: { Engraving: 'Ana' } });
    expect((await cartOf(c)).item_count).toBe(2);
  });

  it("Dawn's add: multipart to /cart/add as XMLHttpRequest is answered in JSON (the line, or the 422), not redirected", async () => {
    const c = await newVisitor();
    const dawn = { cookie: c, accept: 'application/javascript', 'x-requested-with': 'XMLHttpRequest' };
    const res = await postForm('/es/cart/add', dawn, [['id', String(inStock.id)]]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toMatchObject({ variant_id: inStock.id, quantity: 1, url: expect.stringMatching(/^\/es\/products\//) });
    const no = await postForm('/cart/add', dawn, [['id', String(soldOut.id)]]);
    expect(no.statusCode).toBe(422);
    expect(JSON.parse(no.body)).toMatchObject({ status: 422, message: 'Cart Error' });
    // The cart drawer's change: JSON body, `Accept: application/json`, to the plain endpoint.
    const changed = await s.app.inject({
      method: 'POST',
      url: '/cart/change',
      headers: { cookie: c, accept: 'application/json' },
      payload: { line: 1, quantity: 3 },
    });
    expect(changed.statusCode).toBe(200);
    expect(JSON.parse(changed.body).item_count).toBe(3);
  });

  it('a product form posted without JavaScript (multipart) adds and redirects to the cart', async () => {
    const c = await newVisitor();
    const res = await postForm('/cart/add', { cookie: c, accept: 'text/html,application/xhtml+xml' }, [
      ['id', String(inStock.id)],
      ['quantity', '1'],
    ]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cart');
    expect((await cartOf(c)).item_count).toBe(1);
  });

  it('multipart /cart/update with repeated updates[]; a file field is read and named, not kept', async () => {
    const c = await newVisitor();
    const other = tee.variants.find((v) => v.available && v.id !== inStock.id)!;
    await s.app.inject({
      method: 'POST',
      url: '/cart/add.js',
      headers: { cookie: c },
      payload: { items: [{ id: inStock.id }, { id: other.id }] },
    });
    const res = await postForm('/cart/update.js', { cookie: c }, [
      ['updates[]', '2'],
      ['updates[]', '0'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ item_count: 2, items: [{ variant_id: inStock.id, quantity: 2 }] });
    const added = await postForm('/cart/add.js', { cookie: c }, [
      ['id', String(other.id)],
      ['properties[Logo]', new Blob([new Uint8Array(300_000)], { type: 'image/png' }), 'logo.png'],
    ]);
    expect(added.statusCode).toBe(200);
    expect(JSON.parse(added.body).properties).toEqual({ Logo: 'logo.png' });
  });

  it('a multipart body over its bounds, or naming __proto__, is refused and adds nothing', async () => {
    const c = await newVisitor();
    const id: Field = ['id', String(inStock.id)];
    const bodies: Field[][] = [
      [id, ['properties[Note]', 'x'.repeat(64 * 1024 + 1)]],
      [id, ...Array.from({ length: 600 }, (_, i): Field => [`properties[p${i}]`, 'v'])],
      [id, ['properties[Big]', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), 'big.bin']],
      [id, ['__proto__', 'x']],
    ];
    const statuses = [];
    for (const fields of bodies) statuses.push((await postForm('/cart/add.js', { cookie: c }, fields)).statusCode);
    expect(statuses).toEqual([413, 413, 413, 400]);
    expect((await cartOf(c)).item_count).toBe(0);
  });

  it('a multipart field typed JSON: a JSON string is its text; an object is refused (400) and adds nothing', async () => {
    const c = await newVisitor();
    const boundary = 'vitrine-json-part';
    const post = (note: string) =>
      s.app.inject({
        method: 'POST',
        url: '/cart/add.js',
        headers: { cookie: c, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${inStock.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="properties[Note]"\r\nContent-Type: application/json\r\n\r\n${note}\r\n` +
          `--${boundary}--\r\n`,
      });
    const refused = await post('{"gift":true}');
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).error.message).toBe('The form field properties[Note] must be text');
    expect((await cartOf(c)).item_count).toBe(0);
    const added = await post('"For Ana"');
    expect(added.statusCode).toBe(200);
    expect(JSON.parse(added.body).properties).toEqual({ Note: 'For Ana' });
  });

  it('a multipart body the parser cannot read (no boundary) is a 400, not a 500', async () => {
    const c = await newVisitor();
    for (const [url, type, payload] of [
      ['/cart/add.js', 'multipart/form-data', 'x'],
      ['/cart/change', 'multipart/form-data; charset=utf-8', 'x'],
      ['/localization', 'multipart/form-data', 'x'],
    ]) {
      const res = await s.app.inject({ method: 'POST', url, headers: { cookie: c, 'content-type': type }, payload });
      expect({ url, type, status: res.statusCode }).toEqual({ url, type, status: 400 });
      expect(JSON.parse(res.body).error).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await cartOf(c)).item_count).toBe(0);
  });

  describe('line properties, cart attributes and the note: kept as sent or refused, never changed in silence', () => {
    const postJson = (cookie: string, url: string, payload: object) =>
      s.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });
    const postUrlencoded = (cookie: string, url: string, payload: string) =>
      s.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload });

    it('a property or attribute that is no text, a name over 100 or a value over 500 characters, a note over 5,000: 400, nothing changed', async () => {
      const c = await newVisitor();
      const refusals = [
        await postJson(c, '/cart/add.js', { id: inStock.id, properties: { Gift: { wrap: true } } }),
        await postJson(c, '/cart/add.js', { id: inStock.id, properties: { Initials: ['A', 'P'] } }),
        await postJson(c, '/cart/add.js', { id: inStock.id, properties: { Engraving: 'x'.repeat(501) } }),
        await postJson(c, '/cart/add.js', { id: inStock.id, properties: { ['n'.repeat(101)]: 'x' } }),
        await postJson(c, '/cart/update.js', { attributes: { gift: { wrap: true } } }),
        await postJson(c, '/cart/update.js', { note: 'n'.repeat(5001) }),
        await postJson(c, '/cart/update.js', { note: { text: 'hi' } }),
      ];
      expect(refusals.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400]);
      expect(JSON.parse(refusals[0]!.body).description).toBe('Required parameter missing or invalid: properties');
      const cart = await cartOf(c);
      expect({ items: cart.item_count, attributes: cart.attributes, note: cart.note }).toEqual({ items: 0, attributes: {}, note: null });
      // At the limits, and numbers as their text.
      const added = await postJson(c, '/cart/add.js', { id: inStock.id, properties: { ['n'.repeat(100)]: 'x'.repeat(500), Size: 42 } });
      expect(added.statusCode).toBe(200);
      expect(JSON.parse(added.body).properties).toEqual({ ['n'.repeat(100)]: 'x'.repeat(500), Size: '42' });
    });

    it('form-encoded attributes[name] on /cart/update and properties[name] on /cart/change are read; an empty attribute removes it', async () => {
      const c = await newVisitor();
      await postJson(c, '/cart/add.js', { id: inStock.id });
      expect((await postUrlencoded(c, '/cart/update.js', 'attributes%5Bgift%5D=yes&attributes%5Bwrap%5D=paper&note=Hi')).statusCode).toBe(
        200,
      );
      expect(await cartOf(c)).toMatchObject({ attributes: { gift: 'yes', wrap: 'paper' }, note: 'Hi' });
      await postUrlencoded(c, '/cart/update.js', 'attributes%5Bwrap%5D=');
      expect((await cartOf(c)).attributes).toEqual({ gift: 'yes' });
      const changed = await postUrlencoded(c, '/cart/change.js', 'line=1&quantity=1&properties%5BEngraving%5D=Ana');
      expect(changed.statusCode).toBe(200);
      expect(JSON.parse(changed.body).items[0].properties).toEqual({ Engraving: 'Ana' });
    });

    it('a form-encoded property or attribute named __proto__ is refused (400, as a JSON body with that key is), not dropped in silence', async () => {
      const c = await newVisitor();
      const refusals = [
        await postUrlencoded(c, '/cart/add.js', `id=${inStock.id}&properties%5B__proto__%5D=x`),
        await postUrlencoded(c, '/cart/update.js', 'attributes%5B__proto__%5D=x'),
        await postJson(c, '/cart/add.js', JSON.parse(`{"id":${inStock.id},"properties":{"__proto__":"x"}}`) as object),
      ];
      expect(refusals.map((res) => res.statusCode)).toEqual([400, 400, 400]);
      expect(JSON.parse(refusals[0]!.body).description).toBe('Required parameter missing or invalid: properties');
      expect(JSON.parse(refusals[1]!.body).description).toBe('Required parameter missing or invalid: attributes');
      const cart = await cartOf(c);
      expect({ items: cart.item_count, attributes: cart.attributes }).toEqual({ items: 0, attributes: {} });
      // Other names an object has by inheritance are names like any.
      const added = await postUrlencoded(c, '/cart/add.js', `id=${inStock.id}&properties%5Bconstructor%5D=x`);
      expect(JSON.parse(added.body).properties).toEqual({ constructor: 'x' });
    });

    it('/cart/change takes a line number written as one (1, "1", " 1 "), nothing else that Number() reads as 1', async () => {
      const c = await newVisitor();
      await postJson(c, '/cart/add.js', { id: inStock.id, quantity: 2 });
      for (const line of [true, '0x1', '1e0', '1.0']) {
        const res = await postJson(c, '/cart/change.js', { line, quantity: 0 });
        expect({ line, status: res.statusCode }).toEqual({ line, status: 400 });
      }
      expect((await postJson(c, '/cart/change.js', { line: ' 1 ', quantity: 3 })).statusCode).toBe(200);
      expect((await cartOf(c)).item_count).toBe(3);
    });

    it('a keyed update names the line by its variant id however the number is written (leading zeros, spaces): it sets, not adds', async () => {
      const c = await newVisitor();
      await postJson(c, '/cart/add.js', { id: inStock.id, quantity: 2 });
      await postUrlencoded(c, '/cart/update.js', `updates%5B0${inStock.id}%5D=5`);
      expect((await cartOf(c)).items.map((item: { quantity: number }) => item.quantity)).toEqual([5]);
      await postJson(c, '/cart/update.js', { updates: { [` ${inStock.id}`]: 1 } });
      expect((await cartOf(c)).items.map((item: { quantity: number }) => item.quantity)).toEqual([1]);
    });
  });

  it('422 for unknown or sold-out variants and over-stock quantities', async () => {
    const c = await newVisitor();
    for (const payload of [
      { id: 123, quantity: 1 },
      { id: soldOut.id, quantity: 1 },
      { id: inStock.id, quantity: inStock.inventory_quantity + 1 },
      {
        items: [
          { id: inStock.id, quantity: 1 },
          { id: 999, quantity: 1 },
        ],
      },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: '/cart/add.js', headers: { cookie: c }, payload });
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(res.body)).toMatchObject({ status: 422, message: 'Cart Error', description: expect.any(String) });
    }
    // atomic: nothing was added by the partially valid items request
    expect(JSON.parse((await s.app.inject({ url: '/cart.js', headers: { cookie: c } })).body).item_count).toBe(0);
    expect((await s.app.inject({ method: 'POST', url: '/cart/add.js', headers: { cookie: c }, payload: {} })).statusCode).toBe(400);
    // pre-order (policy continue) can be added despite 0 stock
    const pre = getProduct('trail-sneakers')!.product.variants[0]!;
    expect(
      (await s.app.inject({ method: 'POST', url: '/cart/add.js', headers: { cookie: c }, payload: { id: pre.id, quantity: 3 } }))
        .statusCode,
    ).toBe(200);
  });

  it('POST /localization sets a cookie and redirects', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/localization',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'form_type=localization&utf8=%E2%9C%93&_method=put&return_to=%2Fcollections%2Fall&country_code=NL',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/collections/all');
    expect(cookieFrom(res, 'localization')).toBe('NL');
    const page = await s.app.inject({ url: '/', headers: { cookie: 'localization=NL' } });
    expect(shopifyGlobal(page.body).country).toBe('NL');
    const evil = await s.app.inject({
      method: 'POST',
      url: '/localization',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'return_to=%2F%2Fevil.example&country_code=US',
    });
    expect(evil.headers.location).toBe('/');
    const lang = await s.app.inject({
      method: 'POST',
      url: '/localization',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'return_to=%2Fes%2Fproducts%2Fx&locale_code=nl',
    });
    expect(lang.headers.location).toBe('/nl/products/x');
  });
});
