// @vitest-environment jsdom
/**
 * The commerce chunk's entry (src/widgets/commerce/index.ts): what it starts on mount, once per
 * page view, and `cartCall`, our cart calls for widgets through its lazy part `commerce.cart`
 * and the page's cart reader. The module keeps page-view state, so each test imports it afresh.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PageContext } from '../../../src/core/pageContext';
import { DEFAULT_SETTINGS } from '../../../src/core/settings';
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

describe('cartCall', () => {
  test('before the chunk is mounted: failed, nothing sent', async () => {
    expect(await commerce.cartCall({ kind: 'clear' })).toEqual({ kind: 'failed', reason: 'commerce not mounted' });
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
