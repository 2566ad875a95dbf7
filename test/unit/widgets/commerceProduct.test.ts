// @vitest-environment jsdom
/**
 * The lazy part `commerce.product` (src/widgets/commerce/lazy/product.ts): the button search's
 * first look, reading the product and the first variant evaluation each run in a task of their
 * own (together they made one task of about 21 ms on the demo product page at 4x CPU slowdown,
 * `npm run perf`), and stopping it stops what has not run yet. Fake timers: each task is a timer.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PageContext } from '../../../src/core/pageContext';
import type { WidgetContext } from '../../../src/widgets/types';

type ProductPart = typeof import('../../../src/widgets/commerce/lazy/product');
type ProductState = typeof import('../../../src/state/product');

const PRODUCT_JSON = {
  id: 1,
  handle: 'tee',
  title: 'Tee',
  available: true,
  variants: [11, 12].map((id) => ({ id, title: String(id), option1: String(id), price: 2400, available: true })),
};

const page = { pageType: 'product', productHandle: 'tee', store: { root: '' }, url: 'https://shop.example/products/tee' } as PageContext;
const ctx = { request: vi.fn(), report: vi.fn() } as unknown as WidgetContext;

/**
 * The part's own tasks (zero-delay timeouts), run one at a time by hand: fake timers run every
 * timer due at the same moment together.
 */
let timeouts: { mock: { calls: unknown[][] } };
const queued = () => timeouts.mock.calls.filter((call) => call[1] === undefined).map((call) => call[0] as () => void);
const runTask = async (index: number) => {
  queued()[index]!();
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
};

let part: ProductPart;
let state: ProductState;
let buttons: Element[];
const onButton = (event: Event) => buttons.push((event as CustomEvent<{ button: Element }>).detail.button);

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  document.body.innerHTML = `<form action="/cart/add"><input type="hidden" name="id" value="12"><button type="submit" name="add">Add</button></form>
    <script type="application/json" data-product-json>${JSON.stringify(PRODUCT_JSON)}</script>`;
  buttons = [];
  window.addEventListener('vitrine:atc-button', onButton);
  timeouts = vi.spyOn(globalThis, 'setTimeout');
  state = await import('../../../src/state/product');
  part = await import('../../../src/widgets/commerce/lazy/product');
});
afterEach(() => {
  window.removeEventListener('vitrine:atc-button', onButton);
  vi.useRealTimers();
});

describe('startProductPage', () => {
  test('the button search, the product and the selected variant each start in a task of their own', async () => {
    const publish = vi.fn();
    part.onProduct(publish);
    expect(publish).toHaveBeenCalledWith({ data: { status: 0, product: null }, variant: null });
    publish.mockClear();
    const stop = part.startProductPage(window, ctx, page);
    expect(queued()).toHaveLength(2);
    expect(buttons).toEqual([]);
    expect(publish).not.toHaveBeenCalled();

    await runTask(0);
    expect(buttons).toEqual([document.querySelector('button')]);
    expect(publish).not.toHaveBeenCalled();

    await runTask(1);
    expect(publish).toHaveBeenLastCalledWith({
      data: expect.objectContaining({ status: 7, product: expect.objectContaining({ handle: 'tee' }) }),
      variant: null,
    });
    expect(queued()).toHaveLength(3);

    await runTask(2);
    expect(publish.mock.lastCall![0].variant).toMatchObject({ rule: 'idField', variant: { id: 12 } });
    // The framework's side (the offer card's bridge): the signals follow what the part publishes.
    (await import('../../../src/widgets/offer-card/followProduct')).followProduct(part.onProduct);
    expect(state.productData.value).toMatchObject({ status: 7, product: { handle: 'tee' } });
    expect(state.selectedVariant.value).toMatchObject({ rule: 'idField', variant: { id: 12 } });
    stop();
    expect(ctx.report).not.toHaveBeenCalled();
  });

  test('stopped before its tasks ran: none of them runs', async () => {
    const publish = vi.fn();
    part.startProductPage(window, ctx, page)();
    part.onProduct(publish);
    await vi.runAllTimersAsync();
    expect(buttons).toEqual([]);
    expect(publish.mock.calls).toEqual([[{ data: { status: 0, product: null }, variant: null }]]);
  });
});

describe('onProduct', () => {
  test('a follower that comes after the product was read (an offer card scrolled into view later) hears it at once', async () => {
    part.startProductPage(window, ctx, page);
    await vi.runAllTimersAsync();
    const late = vi.fn();
    part.onProduct(late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(late.mock.calls[0]![0]).toMatchObject({ data: { status: 7, product: { handle: 'tee' } }, variant: { variant: { id: 12 } } });
  });

  test('a follower that throws is reported; the others still hear every publication', async () => {
    const heard: unknown[] = [];
    part.onProduct(() => {
      throw new Error('follower');
    });
    part.onProduct((state) => heard.push(state.data.status));
    part.startProductPage(window, ctx, page);
    await vi.runAllTimersAsync();
    expect(heard).toEqual([0, 7, 7]);
  });
});
