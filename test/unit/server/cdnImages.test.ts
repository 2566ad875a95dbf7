/**
 * The demo shop's product photos on the platform CDN's paths (server/shop/images.ts,
 * productPhotos.ts, media.ts): sizes, headers, bad widths, the old SVG paths, the theme's
 * markup and product JSON over them, the product without images, and stores seeded before.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPhoto, getProduct, PRODUCTS } from '../../../server/shop/catalog.ts';
import { drawPhoto, PHOTO_SIZE } from '../../../server/shop/productPhotos.ts';
import { openStorage } from '../../../server/storage/index.ts';
import { makeServer, makeStorage, TEST_ENGINE, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

/** An upper bound for tests that draw photos (about 0.2 s each on one idle core), not a timed assertion. */
const DRAWS = 60_000;
const HOST = 'shop.test:8080';
const tee = getProduct('classic-cotton-tee')!.product;
const pen = getProduct('fountain-pen')!.product;
const teeSrc = tee.featured_image!;
const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ url, headers: { host: HOST, ...headers } });
const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

describe('the CDN route', () => {
  it(
    'serves the original and each srcset width as JPEG, immutable, with an ETag; never enlarged',
    async () => {
      expect(teeSrc).toMatch(/^\/cdn\/shop\/files\/classic-cotton-tee\.jpg\?v=\d+$/);
      const original = await get(teeSrc);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(original.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(await widthOf(original.rawPayload)).toBe(PHOTO_SIZE);
      // A photo's bytes: tens of kB at 1000 px, not a flat drawing.
      expect(original.rawPayload.length).toBeGreaterThan(20_000);
      expect(original.rawPayload.length).toBeLessThan(120_000);
      let previous = 0;
      for (const width of [165, 360, 533, 720, 940]) {
        const res = await get(`${teeSrc}&width=${width}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toContain('immutable');
        expect(await widthOf(res.rawPayload)).toBe(width);
        expect(res.rawPayload.length).toBeGreaterThan(previous);
        previous = res.rawPayload.length;
      }
      const larger = await get(`${teeSrc}&width=1946`);
      expect(await widthOf(larger.rawPayload)).toBe(PHOTO_SIZE);
      expect(larger.headers.etag).toBe(original.headers.etag);
    },
    DRAWS,
  );

  it(
    'the legacy size suffixes widgets ask for; a width wins over them; If-None-Match gives 304',
    async () => {
      const at = (suffix: string, query = '') => get(teeSrc.replace('.jpg?', `_${suffix}.jpg?`) + query);
      expect(await widthOf((await at('small')).rawPayload)).toBe(100);
      expect(await widthOf((await at('thumb')).rawPayload)).toBe(50);
      expect(await widthOf((await at('240x')).rawPayload)).toBe(240);
      expect(await widthOf((await at('300x200')).rawPayload)).toBe(200);
      expect(await widthOf((await at('1024x1024')).rawPayload)).toBe(PHOTO_SIZE);
      expect(await widthOf((await at('master')).rawPayload)).toBe(PHOTO_SIZE);
      expect(await widthOf((await at('small', '&width=300')).rawPayload)).toBe(300);
      const first = await get(`${teeSrc}&width=360`);
      const again = await get(`${teeSrc}&width=360`, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    },
    DRAWS,
  );

  it('a width that is no whole number from 1 to 5760 is a 400 in the error shape', async () => {
    for (const width of ['0', '-1', 'abc', '1.5', '', '5761', '123456', '1e3']) {
      const res = await get(`${teeSrc}&width=${encodeURIComponent(width)}`);
      expect(res.statusCode, width).toBe(400);
      expect(res.json(), width).toEqual({ error: { code: 'BAD_IMAGE_WIDTH', message: expect.stringContaining('1 to 5760') } });
    }
    expect((await get(teeSrc.replace('.jpg?', '_0x0.jpg?'))).statusCode).toBe(400);
  });

  it('unknown files, other extensions and unknown suffixes are 404; the product without images has none', async () => {
    for (const path of [
      '/cdn/shop/files/nope.jpg',
      '/cdn/shop/files/classic-cotton-tee.png',
      '/cdn/shop/files/classic-cotton-tee_huge.jpg',
      '/cdn/shop/files/Classic-Cotton-Tee.jpg',
      '/cdn/shop/files/fountain-pen.jpg',
    ])
      expect((await get(path)).statusCode, path).toBe(404);
  });

  it('every image of the catalogue names a photo', () => {
    const names = PRODUCTS.flatMap(({ product }) =>
      product.media.map((media) => /\/files\/([a-z0-9-]+)\.jpg\?v=\d+$/.exec(media.src)?.[1]),
    );
    expect(names.length).toBeGreaterThan(40);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(getPhoto(name!), name).toBeDefined();
  });

  it(
    'a photo is drawn the same on every start (its ETag holds across restarts)',
    async () => {
      const spec = getPhoto('classic-cotton-tee-navy')!;
      expect(spec.colour).toBe('#1f3a68');
      expect((await drawPhoto(spec)).equals(await drawPhoto(spec))).toBe(true);
    },
    DRAWS,
  );

  it('the old SVG paths of product images redirect to their photo', async () => {
    const navy = tee.media.find((media) => media.alt.endsWith('in Navy'))!;
    const res = await get('/images/products/classic-cotton-tee--navy.svg');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(navy.src);
    expect((await get('/images/products/classic-cotton-tee.svg')).headers.location).toBe(teeSrc);
    expect((await get('/images/products/fountain-pen.svg')).statusCode).toBe(404);
    expect((await get('/images/products/classic-cotton-tee--plaid.svg')).statusCode).toBe(404);
  });
});

describe("the theme's markup and product JSON", () => {
  /** The `<img>` tags of a page. */
  const imgs = (html: string) => html.match(/<img [^>]*>/g) ?? [];
  const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];

  it('product page: the main image at the shop host, eager with high fetch priority, srcset and sizes as Dawn writes them', async () => {
    const html = (await get(`/products/${tee.handle}`)).body;
    const main = imgs(html).find((tag) => tag.includes('fetchpriority'))!;
    expect(attr(main, 'loading')).toBe('eager');
    expect(attr(main, 'fetchpriority')).toBe('high');
    expect(attr(main, 'width')).toBe(String(PHOTO_SIZE));
    expect(attr(main, 'height')).toBe(String(PHOTO_SIZE));
    expect(attr(main, 'sizes')).toBe(
      '(min-width: 1200px) 605px, (min-width: 990px) calc(55.0vw - 10rem), (min-width: 750px) calc((100vw - 11.5rem) / 2), calc(100vw / 1 - 4rem)',
    );
    // The selected variant's image (the first available: S / Black).
    const black = `//${HOST}${tee.variants[0]!.featured_image!.src}`;
    expect(attr(main, 'srcset')!.split(', ')).toEqual(
      [246, 493, 600, 713, 823, 990].map((width) => `${black}&amp;width=${width} ${width}w`),
    );
    const thumbnails = imgs(html).filter((tag) => tag !== main);
    expect(thumbnails).toHaveLength(tee.media.length - 1);
    for (const tag of thumbnails) expect(attr(tag, 'loading')).toBe('lazy');
    const productJson = JSON.parse(/<script type="application\/json" id="ProductJson-[^"]+">(.*?)<\/script>/.exec(html)![1]!);
    expect(productJson.featured_image).toBe(`//${HOST}${teeSrc}`);
    expect(productJson.media[0].preview_image.src).toBe(`//${HOST}${teeSrc}`);
    expect(productJson.variants[0].featured_image.src).toBe(tee.variants[0]!.featured_image!.src.replace(/^/, `//${HOST}`));
  });

  it('product JSON endpoints write image URLs at the shop host', async () => {
    const js = (await get(`/products/${tee.handle}.js`)).json();
    expect(js.featured_image).toBe(`//${HOST}${teeSrc}`);
    expect(js.images.every((src: string) => src.startsWith(`//${HOST}/cdn/shop/files/`))).toBe(true);
    const json = (await get(`/products/${tee.handle}.json`)).json();
    expect(json.product.image).toEqual({ src: `//${HOST}${teeSrc}`, width: PHOTO_SIZE, height: PHOTO_SIZE, alt: tee.title });
    // No usable host: root-relative URLs.
    const rootRelative = (await s.app.inject({ url: `/products/${tee.handle}.js`, headers: { host: 'bad_host!' } })).json();
    expect(rootRelative.featured_image).toBe(teeSrc);
  });

  it('cards: Dawn srcset (165–940 and the original) and sizes; the first row eager, the first card high priority, the rest lazy', async () => {
    const home = imgs((await get('/')).body);
    expect(home).toHaveLength(8);
    expect(attr(home[0]!, 'fetchpriority')).toBe('high');
    expect(attr(home[0]!, 'loading')).toBeUndefined();
    expect(attr(home[1]!, 'loading')).toBeUndefined();
    for (const tag of home.slice(2)) expect(attr(tag, 'loading')).toBe('lazy');
    const card = home[0]!;
    expect(attr(card, 'srcset')!.match(/ \d+w/g)).toEqual([' 165w', ' 360w', ' 533w', ' 720w', ' 940w', ` ${PHOTO_SIZE}w`]);
    expect(attr(card, 'src')).toMatch(new RegExp(`^//${HOST}/cdn/shop/files/[a-z0-9-]+\\.jpg\\?v=\\d+&amp;width=533$`));
    expect(attr(card, 'sizes')).toBe(
      '(min-width: 1200px) 267px, (min-width: 990px) calc((100vw - 130px) / 4), (min-width: 750px) calc((100vw - 120px) / 3), calc((100vw - 35px) / 2)',
    );
    const collection = imgs((await get('/collections/all')).body);
    expect(collection.filter((tag) => !tag.includes('loading="lazy"'))).toHaveLength(4);
  });

  it('the product without images: no media on its page, empty image fields, a text card', async () => {
    expect(pen.images).toEqual([]);
    const html = (await get(`/products/${pen.handle}`)).body;
    expect(html).toContain('class="product product--medium grid--1-col product--no-media"');
    expect(html).not.toContain('class="product__media');
    const productJson = JSON.parse(/<script type="application\/json" id="ProductJson-[^"]+">(.*?)<\/script>/.exec(html)![1]!);
    expect(productJson).toMatchObject({ featured_image: null, images: [], media: [] });
    expect((await get(`/products/${pen.handle}.json`)).json().product.image).toBeNull();
    const accessories = (await get('/collections/accessories')).body;
    const card = accessories.split('<li class="grid__item">').find((item) => item.includes(`/products/${pen.handle}"`))!;
    expect(card).toContain('card--text');
    expect(card).not.toContain('<img');
  });
});

describe(`stores seeded before the photos (${TEST_ENGINE})`, () => {
  it('get the catalogue images at the next start', async () => {
    const store = await makeStorage();
    const imageOf = async (storage: typeof store.storage, handle: string) =>
      (
        await storage.db
          .selectFrom('products')
          .select('image_url')
          .where('shop_id', '=', 'demo')
          .where('handle', '=', handle)
          .executeTakeFirstOrThrow()
      ).image_url;
    try {
      expect(await imageOf(store.storage, tee.handle)).toBe(teeSrc);
      expect(await imageOf(store.storage, pen.handle)).toBeNull();
      for (const handle of [tee.handle, pen.handle])
        await store.storage.db
          .updateTable('products')
          .set({ image_url: `/images/products/${handle}.svg` })
          .where('handle', '=', handle)
          .execute();
      await store.storage.close();
      const reopened = await openStorage({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
      expect(await imageOf(reopened, tee.handle)).toBe(teeSrc);
      expect(await imageOf(reopened, pen.handle)).toBeNull();
      await reopened.close();
    } finally {
      await store.dispose();
    }
  });
});
