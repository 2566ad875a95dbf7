// @vitest-environment jsdom
/**
 * The commerce chunk's entry (src/widgets/commerce/index.ts): what it starts on mount, once per
 * page view, and `cartCall`, our cart calls for widgets through its lazy part `commerce.cart`
 * and the page's cart reader. The module keeps page-view state, so each test imports it afresh.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PageContext } from '../../../src/core/pageContext';
import { DEFAULT_SETTINGS } from '../../../src/core/parseSettings';
import type { WidgetContext } from '../../../src/widgets/types';

type Commerce = typeof import('../../../src/widgets/commerce/index');
type CartPart = typeof import('../../../src/widgets/commerce/lazy/cart');

const page = (pageType: PageContext['pageType']): PageContext =>
  ({ pageType, store: { root: '/es' }, url: 'https://shop.example/es/cart', path: '/es/cart' }) as PageContext;

/** A widget context whose requests answer an empty cart, and whose `load` gives the real cart part. */
function context(pageType: PageContext['pageType'], modules = DEFAULT_SETTINGS.modules) {
  const calls: string[] = [];
  const report = vi.fn();
  const load = vi.fn(async (name: string) => {
    if (name === 'commerce.cart') return (await import('../../../src/widgets/commerce/lazy/cart')) as CartPart;
    throw new Error(`unexpected part ${name}`);
  });
  const ctx = {
    settings: { ...DEFAULT_SETTINGS, modules },
    page: page(pageType),
    request: vi.fn(async (url: string) => {
      calls.push(url);
      return { token: 't', item_count: 0, items: [] };
    }),
    report,
    language: 'en',
    load,
    onRefresh: vi.fn(() => () => {}),
    setCountryCode: vi.fn(),
  } as unknown as WidgetContext;
  return { ctx, calls, report, load };
}

let commerce: Commerce;
beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  commerce = await import('../../../src/widgets/commerce/index');
});
afterEach(() => vi.unstubAllGlobals());

describe('mount', () => {
  test('with a cart module on: the cart is read from the locale root; a second mount does nothing', async () => {
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const { ctx, calls } = context('cart');
    commerce.mount(document.createElement('div'), ctx);
    commerce.mount(document.createElement('div'), ctx);
    await vi.waitFor(() => expect(calls).toEqual(['/es/cart.js']));
    expect(ctx.onRefresh).toHaveBeenCalledTimes(1);
  });

  test('without a cart module, off product pages: nothing is read', () => {
    const { ctx, calls, load } = context('collection', [21]);
    commerce.mount(document.createElement('div'), ctx);
    expect(calls).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the product part across Vitrine.refresh()', () => {
  test('started on a product page, stopped on a refresh; a part that arrives after a newer refresh does not start', async () => {
    const { ctx, load } = context('product', [21]);
    const stops: string[] = [];
    const starts: string[] = [];
    let arrive: (part: unknown) => void = () => {};
    const part = {
      startProductPage: (_win: Window, _ctx: WidgetContext, page: PageContext) => {
        starts.push(page.path);
        return () => stops.push(page.path);
      },
    };
    load.mockImplementation(() => new Promise((resolve) => (arrive = resolve)) as never);
    let refresh: (page: PageContext) => void = () => {};
    vi.mocked(ctx.onRefresh).mockImplementation((listener) => ((refresh = listener), () => {}));
    commerce.mount(document.createElement('div'), ctx);
    const first = arrive;
    // Instant navigation to another product before the part arrived: only the newer page starts.
    refresh({ ...page('product'), path: '/products/b' });
    const second = arrive;
    first(part);
    second(part);
    await vi.waitFor(() => expect(starts).toEqual(['/products/b']));
    refresh({ ...page('collection'), path: '/collections/all' });
    expect(stops).toEqual(['/products/b']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('onCart and the cart signal', () => {
  test("onCart hands on the page's cart reads (the last one at once); before the chunk is mounted, nothing", async () => {
    const seen: unknown[] = [];
    commerce.onCart((read) => seen.push(read));
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const { ctx } = context('cart');
    commerce.mount(document.createElement('div'), ctx);
    await vi.waitFor(() => expect(ctx.request).toHaveBeenCalled());
    // The read's answer is handled in the microtasks after it resolves.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const late: unknown[] = [];
    commerce.onCart((read) => late.push(read));
    expect(late).toEqual([{ token: 't', itemCount: 0, items: [] }]);
    expect(seen).toEqual([]);
  });

  test('followCart (state/cart.ts) sets the cart signal from every read, subscribing once per page', async () => {
    const state = await import('../../../src/state/cart');
    const read = { token: 't', itemCount: 2, items: [{ productId: 1, variantId: 11, quantity: 2 }] };
    const onCart = vi.fn((listener: (cart: typeof read) => void) => listener(read));
    state.followCart(onCart);
    state.followCart(onCart);
    expect(onCart).toHaveBeenCalledTimes(1);
    expect(state.cart.value).toEqual(read);
  });
});

describe('cartCall', () => {
  test('before the chunk is mounted: failed, nothing sent', async () => {
    expect(await commerce.cartCall({ kind: 'clear' })).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/TypeError/) });
  });

  test("loads the part commerce.cart and sends the call through the page's request wrapper, then reads the cart", async () => {
    const { ctx, calls, load } = context('collection', [21]);
    commerce.mount(document.createElement('div'), ctx);
    const result = await commerce.cartCall({ kind: 'clear' });
    expect(load).toHaveBeenCalledWith('commerce.cart');
    expect(calls).toEqual([`${location.origin}/es/cart/clear.js`, '/es/cart.js']);
    expect(result).toEqual({ kind: 'ok', cart: { token: 't', itemCount: 0, items: [] } });
  });

  test('a part that fails to load (flaky network) is reported and answered as failed, never thrown', async () => {
    const { ctx, report, load } = context('collection', [21]);
    load.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    commerce.mount(document.createElement('div'), ctx);
    expect(await commerce.cartCall({ kind: 'clear' })).toEqual({
      kind: 'failed',
      reason: 'Error: Failed to fetch dynamically imported module',
    });
    expect(report).toHaveBeenCalledWith(2280, expect.any(Error), { widget: 'commerce.cart' });
  });
});
