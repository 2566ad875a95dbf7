// @vitest-environment jsdom
/**
 * Product data sources (spec §4 "Product data status", §5 rejections, §7 product JSON): what the
 * page holds (readPageProduct), the URLs of the product JSON, and the source order with its
 * status and reports (loadProduct).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ERR_PRODUCT_DATA } from '../../../src/core/errors';
import type { PageContext } from '../../../src/core/pageContext';
import { readPageProduct } from '../../../src/core/pageProduct';
import { loadProduct, PRODUCT_STATUS, productJsonUrls } from '../../../src/core/productSource';
import type { RequestOptions, Requester } from '../../../src/core/request';

const VARIANTS = [
  { id: 11, title: 'S', option1: 'S', price: 2400, compare_at_price: 3000, available: true },
  { id: 12, title: 'M', option1: 'M', price: 2400, compare_at_price: null, available: false },
];
const PRODUCT_JSON = { id: 1, handle: 'tee', title: 'Tee', options: ['Size'], variants: VARIANTS };
const ANALYTICS = {
  id: 1,
  handle: 'tee',
  vendor: 'V',
  type: 'Shirts',
  variants: [
    { id: 11, price: 2400, name: 'Tee - S', public_title: 'S' },
    { id: 12, price: 2400, name: 'Tee - M', public_title: 'M' },
  ],
};

/** A window whose document holds `html` and whose globals are `globals`. */
const windowWith = (html: string, globals: Record<string, unknown> = {}) => {
  document.body.innerHTML = html;
  return { document, ...globals } as unknown as Window;
};
const json = (value: unknown, attrs = 'type="application/json" id="ProductJson-main"') =>
  `<script ${attrs}>${JSON.stringify(value)}</script>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('readPageProduct: the page data, best source first', () => {
  test("the theme's product JSON ({{ product | json }}) is complete", () => {
    const found = readPageProduct(windowWith(json(PRODUCT_JSON), { ShopifyAnalytics: { meta: { product: ANALYTICS } } }), 'tee');
    expect(found).toMatchObject({
      kind: 'found',
      product: {
        complete: true,
        title: 'Tee',
        variants: [
          { id: 11, onSale: true },
          { id: 12, available: false },
        ],
      },
    });
  });

  test('data-product-json blocks too; a product JSON of another product (a quick view) is skipped', () => {
    const html =
      json({ ...PRODUCT_JSON, handle: 'mug', id: 2 }, 'type="application/json" data-product-json') +
      json(PRODUCT_JSON, 'type="application/json" data-product-json');
    expect(readPageProduct(windowWith(html), 'tee')).toMatchObject({ kind: 'found', product: { id: 1, handle: 'tee' } });
  });

  test("a theme's variants JSON (Sense's picker, Impulse's textarea) gets the product fields of the analytics metadata", () => {
    const analytics = { ShopifyAnalytics: { meta: { product: ANALYTICS } } };
    for (const html of [
      `<variant-radios><script type="application/json">${JSON.stringify(VARIANTS)}</script></variant-radios>`,
      `<textarea class="hide" data-variant-json>${JSON.stringify(VARIANTS)}</textarea>`,
    ]) {
      expect(readPageProduct(windowWith(html, analytics), 'tee')).toMatchObject({
        kind: 'found',
        product: {
          id: 1,
          handle: 'tee',
          title: 'Tee',
          vendor: 'V',
          type: 'Shirts',
          complete: true,
          variants: [{ id: 11, compareAtPrice: 3000 }, { id: 12 }],
        },
      });
    }
  });

  test('the analytics metadata alone (ShopifyAnalytics.meta or window.meta) is an incomplete product', () => {
    for (const globals of [{ ShopifyAnalytics: { meta: { product: ANALYTICS } } }, { meta: { product: ANALYTICS } }]) {
      expect(readPageProduct(windowWith('<p>Dawn prints the selected variant only</p>', globals), 'tee')).toMatchObject({
        kind: 'found',
        product: {
          complete: false,
          title: 'Tee',
          variants: [
            { id: 11, option1: 'S' },
            { id: 12, option1: 'M' },
          ],
        },
      });
    }
  });

  test('page data without variants is rejected (spec §5); broken JSON is skipped; nothing is none', () => {
    const empty = { ShopifyAnalytics: { meta: { product: { id: 1, variants: [] } } } };
    expect(readPageProduct(windowWith(json({ ...PRODUCT_JSON, variants: [] }), empty), 'tee')).toEqual({
      kind: 'rejected',
      reason: 'no variants',
    });
    expect(readPageProduct(windowWith('<script type="application/json" id="ProductJson-x">{broken</script>'), 'tee')).toEqual({
      kind: 'none',
    });
    expect(readPageProduct(windowWith(''), null)).toEqual({ kind: 'none' });
  });

  test('hostile globals never throw', () => {
    const win = windowWith('', { meta: 'garbage' });
    Object.defineProperty(win, 'ShopifyAnalytics', {
      get() {
        throw new Error('boom');
      },
    });
    expect(readPageProduct(win, 'tee')).toEqual({ kind: 'none' });
  });
});

const page = (patch: Partial<PageContext> = {}, store: Partial<PageContext['store']> = {}): PageContext =>
  ({
    pageType: 'product',
    productHandle: 'tee',
    url: 'https://shop.example/products/tee',
    path: '/products/tee',
    store: { shopDomain: 'demo.myshopify.com', root: '', ...store },
    ...patch,
  }) as PageContext;

describe('productJsonUrls (spec §7)', () => {
  test('the locale root first, then the main host', () => {
    expect(productJsonUrls(page())).toEqual(['https://shop.example/products/tee.json', 'https://demo.myshopify.com/products/tee.json']);
    expect(productJsonUrls(page({ url: 'https://shop.example/es/products/tee' }, { root: '/es' }))).toEqual([
      'https://shop.example/es/products/tee.json',
      'https://demo.myshopify.com/es/products/tee.json',
    ]);
  });
  test('no second request when the page is on the main host, or when the shop domain is unknown', () => {
    expect(productJsonUrls(page({ url: 'https://Demo.myshopify.com/products/tee' }))).toEqual([
      'https://demo.myshopify.com/products/tee.json',
    ]);
    expect(productJsonUrls(page({}, { shopDomain: null }))).toEqual(['https://shop.example/products/tee.json']);
  });
  test('handles are encoded; previews ask products_preview.json with their key', () => {
    expect(productJsonUrls(page({ productHandle: 'tee shirt' }, { shopDomain: null }))).toEqual([
      'https://shop.example/products/tee%20shirt.json',
    ]);
    expect(
      productJsonUrls(
        page({ url: 'https://shop.example/products_preview?preview_key=a b&x=1', productHandle: null }, { shopDomain: null }),
      ),
    ).toEqual(['https://shop.example/products_preview.json?preview_key=a%20b']);
  });
  test('nothing to ask without a handle, or with a broken URL', () => {
    expect(productJsonUrls(page({ productHandle: null }))).toEqual([]);
    expect(productJsonUrls(page({ url: 'not a url' }))).toEqual([]);
  });
});

/** A requester answering by URL: a value, or an Error to reject with. */
const requester = (answers: Record<string, unknown>) => {
  const calls: [string, RequestOptions | undefined][] = [];
  const request = (async (url: string, init?: RequestOptions) => {
    calls.push([url, init]);
    const answer = answers[url];
    if (answer instanceof Error) throw answer;
    return answer ?? null;
  }) as Requester;
  return { request, calls };
};
const requestError = (status: number, message = `HTTP ${status}`) => Object.assign(new Error(message), { name: 'RequestError', status });
const LOCAL = 'https://shop.example/products/tee.json';
const MAIN = 'https://demo.myshopify.com/products/tee.json';

describe('loadProduct: source order, status and rejections', () => {
  test('complete page data: status 7, no request', async () => {
    const { request, calls } = requester({});
    const report = vi.fn();
    const loaded = await loadProduct({ win: windowWith(json(PRODUCT_JSON)), page: page(), request, report });
    expect(loaded).toMatchObject({ status: PRODUCT_STATUS.page, product: { id: 1, complete: true } });
    expect(loaded.status).toBe(7);
    expect(calls).toEqual([]);
    expect(report).not.toHaveBeenCalled();
  });

  test('only the analytics metadata: the product JSON completes it (status 1), fetched with cache no-store', async () => {
    const { request, calls } = requester({ [LOCAL]: { product: PRODUCT_JSON } });
    const loaded = await loadProduct({
      win: windowWith('', { ShopifyAnalytics: { meta: { product: ANALYTICS } } }),
      page: page(),
      request,
      report: vi.fn(),
    });
    expect(loaded).toMatchObject({
      status: PRODUCT_STATUS.json,
      product: { complete: true, variants: [{ price: 2400, compareAtPrice: 3000 }, {}] },
    });
    expect(calls).toEqual([[LOCAL, { cache: 'no-store' }]]);
  });

  test("the REST-style answer's decimal prices (the older XHR source) are multiplied by 100", async () => {
    const rest = { product: { id: 1, handle: 'tee', variants: [{ id: 11, price: '24.00', compare_at_price: '30.00' }] } };
    const loaded = await loadProduct({ win: windowWith(''), page: page(), request: requester({ [LOCAL]: rest }).request, report: vi.fn() });
    expect(loaded).toMatchObject({ status: 1, product: { variants: [{ price: 2400, compareAtPrice: 3000, discountPercent: 20 }] } });
  });

  test('each failure is reported with what was wrong, and the next source is tried: the main host, then the partial page data', async () => {
    const report = vi.fn();
    const { request, calls } = requester({ [LOCAL]: requestError(404), [MAIN]: { product: { id: 1, variants: [] } } });
    const loaded = await loadProduct({ win: windowWith('', { meta: { product: ANALYTICS } }), page: page(), request, report });
    expect(calls.map(([url]) => url)).toEqual([LOCAL, MAIN]);
    expect(loaded).toMatchObject({ status: 7, product: { complete: false } });
    expect(report.mock.calls.map(([code, error, extra]) => [code, (error as Error).message, extra])).toEqual([
      [ERR_PRODUCT_DATA, 'Product data: no product available (HTTP 404)', { source: LOCAL }],
      [ERR_PRODUCT_DATA, 'Product data: no variants', { source: MAIN }],
    ]);
  });

  test('missing or empty JSON and invalid JSON are rejections too; nothing left is status 0', async () => {
    const report = vi.fn();
    const { request } = requester({ [LOCAL]: requestError(200, 'Invalid JSON in response (HTTP 200)'), [MAIN]: null });
    const pageData = windowWith(json({ ...PRODUCT_JSON, variants: [] }));
    expect(await loadProduct({ win: pageData, page: page(), request, report })).toEqual({ status: 0, product: null });
    expect(report.mock.calls.map(([, error]) => (error as Error).message)).toEqual([
      'Product data: no variants',
      'Product data: invalid json',
      'Product data: missing or empty product json',
    ]);
  });

  test('no page data and no handle: status 0, reported once', async () => {
    const report = vi.fn();
    const loaded = await loadProduct({ win: windowWith(''), page: page({ productHandle: null }), request: requester({}).request, report });
    expect(loaded).toEqual({ status: 0, product: null });
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][0]).toBe(ERR_PRODUCT_DATA);
  });
});
