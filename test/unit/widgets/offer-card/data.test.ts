// @vitest-environment jsdom
/**
 * What the offer card fetches and how product text reaches the DOM (src/widgets/offer-card/data.ts),
 * and the accept flow's cart call and discount link (accept.ts), on a fake request wrapper.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { callCart, type CartCall, type CartResult } from '../../../../src/core/cartApi';
import { pageCartSync } from '../../../../src/core/cartSync';
import type { Product } from '../../../../src/core/productData';
import { createStorage } from '../../../../src/core/storage';
import type { PageContext } from '../../../../src/core/pageContext';
import type { Requester } from '../../../../src/core/request';
import { cart } from '../../../../src/state/cart';
import { acceptOffer, acceptOutcome, OFFER_PROPERTY } from '../../../../src/widgets/offer-card/accept';
import {
  fetchCountry,
  fetchInventory,
  fetchOfferedProduct,
  plainText,
  safeUrl,
  withInventory,
} from '../../../../src/widgets/offer-card/data';
import { OFFER_DEFAULTS } from '../../../../src/widgets/offer-card/settings';
import type { WidgetContext } from '../../../../src/widgets/types';
import { getProduct } from '../../../../server/shop/catalog';

/** A widget context whose request wrapper answers `answer(url, init)`; the calls are recorded. */
function context(answer: (url: string, init?: Parameters<Requester>[1]) => unknown, page: Partial<PageContext['store']> = {}) {
  const calls: { url: string; init?: Parameters<Requester>[1] }[] = [];
  const reports: unknown[][] = [];
  const countries: string[] = [];
  const ctx = {
    settings: { providerBase: 'https://p.example/api/', shopId: 'demo' },
    page: { store: { root: '', shopDomain: 'vitrine-demo.myshopify.com', countryCode: null, ...page } },
    request: (async (url: string, init?: Parameters<Requester>[1]) => {
      calls.push({ url, init });
      const value = answer(url, init);
      if (value instanceof Error) throw value;
      return value;
    }) as Requester,
    report: (...args: unknown[]) => void reports.push(args),
    setCountryCode: (code: string) => void countries.push(code),
  } as unknown as WidgetContext;
  return { ctx, calls, reports, countries };
}

describe('fetchOfferedProduct', () => {
  test('the product JSON from the locale root, normalised (no-store)', async () => {
    const raw = getProduct('canvas-tote-bag')!.product;
    const { ctx, calls } = context(() => ({ product: raw }), { root: '/es' });
    const product = (await fetchOfferedProduct(ctx, 'canvas-tote-bag'))!;
    expect(product).toMatchObject({ id: raw.id, handle: 'canvas-tote-bag', title: 'Canvas Tote Bag' });
    expect(product.variants[0]).toMatchObject({ price: 3200, compareAtPrice: 4000, onSale: true, discountPercent: 20 });
    expect(calls).toEqual([{ url: `${location.origin}/es/products/canvas-tote-bag.json`, init: { cache: 'no-store' } }]);
  });

  test("each failure is reported as product data; then the shop's main host; null when none answers", async () => {
    const { ctx, calls, reports } = context(() => Object.assign(new Error('HTTP 404'), { name: 'RequestError', status: 404 }));
    expect(await fetchOfferedProduct(ctx, 'gone')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual([
      `${location.origin}/products/gone.json`,
      'https://vitrine-demo.myshopify.com/products/gone.json',
    ]);
    expect(reports).toHaveLength(2);
    expect(reports[0]![0]).toBe(3400);
    expect(String(reports[0]![1])).toContain('no product available');
    expect(reports[0]![2]).toMatchObject({ widget: 'offer-card' });
  });
});

describe('fetchInventory', () => {
  test("the provider's inventory of the variants; malformed entries are left out", async () => {
    const { ctx, calls } = context(() => ({
      variants: {
        1: { inventory_quantity: 3, inventory_management: 'shopify', inventory_policy: 'deny' },
        2: { inventory_quantity: 0, inventory_management: null, inventory_policy: 'continue' },
        3: { inventory_quantity: '7' },
        4: null,
      },
    }));
    const stock = await fetchInventory(ctx, [1, 2, 3, 4]);
    expect([...stock]).toEqual([
      [1, { quantity: 3, management: 'shopify', policy: 'deny' }],
      [2, { quantity: 0, management: null, policy: 'continue' }],
    ]);
    expect(calls[0]!.url).toBe('https://p.example/api/bundle/product/inventory?shopId=demo&variants=1,2,3,4');
  });

  test('250 ids a request; a failed or empty answer gives nothing', async () => {
    const ids = Array.from({ length: 260 }, (_, index) => index + 1);
    const { ctx, calls } = context((url) => (url.includes('variants=1,') ? new Error('down') : null));
    expect((await fetchInventory(ctx, ids)).size).toBe(0);
    expect(calls.map((call) => call.url.split('variants=')[1]!.split(',').length)).toEqual([250, 10]);
  });
});

describe('fetchCountry', () => {
  test("the page's own country first, without a request", async () => {
    const { ctx, calls } = context(() => ({}), { countryCode: 'nl' });
    expect(await fetchCountry(ctx)).toBe('NL');
    expect(calls).toEqual([]);
  });

  test("else the provider's, published for the page; null when it has none", async () => {
    const asked = context(() => ({ countryCode: 'es' }));
    expect(await fetchCountry(asked.ctx)).toBe('ES');
    expect(asked.calls[0]!.url).toBe('https://p.example/api/get-country-code');
    expect(asked.countries).toEqual(['ES']);
    expect(await fetchCountry(context(() => ({ countryCode: 'Spain' })).ctx)).toBeNull();
    expect(await fetchCountry(context(() => new Error('down')).ctx)).toBeNull();
  });
});

describe('product text and URLs on their way to the DOM', () => {
  test('plainText: no tags, entities decoded, white space collapsed, cut at a word with an ellipsis', () => {
    expect(plainText('<b>Canvas</b> Tote &amp; <img src=x onerror=alert(1)>Bag')).toBe('Canvas Tote & Bag');
    expect(plainText('  Line\nbreak\u0000s\t ')).toBe('Line breaks');
    expect(plainText('&lt;script&gt;')).toBe('<script>');
    expect(plainText('A very long product title that goes on and on', 20)).toBe('A very long product…');
    expect(plainText('Supercalifragilisticexpialidocious', 10)).toBe('Supercalif…');
    expect(plainText('Short')).toBe('Short');
  });

  test('safeUrl: http(s), protocol-relative and site paths only', () => {
    expect(safeUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(safeUrl('//cdn.example/a.jpg')).toBe('//cdn.example/a.jpg');
    expect(safeUrl('/images/a.svg')).toBe('/images/a.svg');
    expect(safeUrl('images/a.svg')).toBe('images/a.svg');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', '']) {
      expect(safeUrl(bad), bad).toBe('');
    }
  });

  test('withInventory: the stock on the variants it names, the others as they were', () => {
    const product = {
      variants: [
        { id: 1, inventoryQuantity: 5, preorder: false },
        { id: 2, inventoryQuantity: 9, preorder: false },
      ],
    } as unknown as Product;
    const stocked = withInventory(product, new Map([[1, { quantity: -1, management: 'shopify', policy: 'continue' as const }]]));
    expect(stocked.variants[0]).toMatchObject({
      inventoryQuantity: -1,
      inventoryManagement: 'shopify',
      inventoryPolicy: 'continue',
      preorder: true,
    });
    expect(stocked.variants[1]).toBe(product.variants[1]);
  });
});

/** The commerce chunk's cartCall as it works: callCart through a cart reader of the page. */
const cartCallOf =
  (ctx: WidgetContext) =>
  (call: CartCall): Promise<CartResult> => {
    const root = ctx.page.store.root;
    const sync = pageCartSync({ win: window, request: ctx.request, root, report: ctx.report, storage: createStorage() });
    return callCart({ win: window, root, request: ctx.request, report: ctx.report, sync }, call);
  };

describe('accepting an offer', () => {
  afterEach(() => {
    cart.value = null;
  });

  test('the cart call, then the discount link redirected to the cart JSON; added', async () => {
    const items: { variant_id: number; product_id: number; quantity: number }[] = [];
    const { ctx, calls } = context(
      (url, init) => {
        if (url.endsWith('/cart/add.js')) {
          const added = (init!.json as { items: { id: number; quantity: number }[] }).items[0]!;
          items.push({ variant_id: added.id, product_id: 5, quantity: added.quantity });
          return { items };
        }
        if (url.includes('/cart.js')) return { token: 't', item_count: items.length, items };
        return {};
      },
      { root: '/es' },
    );
    const offer = { ...OFFER_DEFAULTS, id: 'summer', products: ['tote'], discountCode: 'BUNDLE 15' };
    const outcome = await acceptOffer(ctx, cartCallOf(ctx), offer, { id: 42 } as Product['variants'][number], 'failed');
    expect(outcome).toEqual({ kind: 'added' });
    expect(calls[0]).toMatchObject({
      url: `${location.origin}/es/cart/add.js`,
      init: { method: 'POST', json: { items: [{ id: 42, quantity: 1, properties: { [OFFER_PROPERTY]: 'summer' } }] } },
    });
    expect(calls.at(-1)).toEqual({
      url: '/es/discount/BUNDLE%2015?redirect=%2Fes%2Fcart.js',
      init: { cache: 'no-store' },
    });
  });

  test('a 422 (the alert is shown by the cart call) applies no discount and says nothing more', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { ctx, calls } = context((url) =>
      url.endsWith('/cart/add.js')
        ? Object.assign(new Error('HTTP 422'), {
            name: 'RequestError',
            status: 422,
            data: { description: 'All 0 Rain Jacket - XL are in your cart.' },
          })
        : { token: 't', item_count: 0, items: [] },
    );
    const outcome = await acceptOffer(
      ctx,
      cartCallOf(ctx),
      { ...OFFER_DEFAULTS, id: 'x', products: ['a'], discountCode: 'X' },
      { id: 1 } as never,
      'failed',
    );
    expect(outcome).toEqual({ kind: 'silent' });
    expect(alert).toHaveBeenCalledWith('All 0 Rain Jacket - XL are in your cart.');
    expect(calls.some((call) => call.url.includes('/discount/'))).toBe(false);
  });

  test('acceptOutcome: what the card says for each cart result', () => {
    const snapshot = { token: '', itemCount: 0, items: [] };
    expect(acceptOutcome({ kind: 'ok', cart: snapshot }, 'failed')).toEqual({ kind: 'added' });
    expect(acceptOutcome({ kind: 'outOfSync', cart: null, message: 'Some items have changed' }, 'failed')).toEqual({
      kind: 'message',
      message: 'Some items have changed',
    });
    expect(acceptOutcome({ kind: 'rejected', status: 422, message: 'no' }, 'failed')).toEqual({ kind: 'silent' });
    expect(acceptOutcome({ kind: 'failed', reason: 'network' }, 'failed')).toEqual({ kind: 'message', message: 'failed' });
  });
});
