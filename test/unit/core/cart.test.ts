// @vitest-environment jsdom
/**
 * The cart (spec §3 cart read and stored snapshot, §4 "Cart change detection", §7 cart calls,
 * §8 missing cart data and the out-of-stock message): the pure rules, the page's cart reader,
 * the request watcher (with a fake PerformanceObserver) and our own cart calls.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CART_OUT_OF_SYNC_TEXT, callCart, cartAgrees } from '../../../src/core/cartApi';
import { cartChanged, fromStored, toCartSnapshot } from '../../../src/core/cartSnapshot';
import { createCartSync, type CartSync } from '../../../src/core/cartSync';
import { CART_STORAGE_KEY } from '../../../src/core/constants';
import { isCartMutation, watchCartRequests } from '../../../src/core/cartWatcher';
import { ERR_ATC_FORM, ERR_CART_DATA, ERR_CART_WATCH, ERR_WIDGET_RENDER } from '../../../src/core/errors';
import { createRequester, type RequestOptions, type Requester } from '../../../src/core/request';
import { createStorage } from '../../../src/core/storage';
import type { CartSnapshot } from '../../../src/state/cart';

const snapshot = (items: [variantId: number, quantity: number][], token = 't'): CartSnapshot => ({
  token,
  itemCount: items.reduce((sum, [, quantity]) => sum + quantity, 0),
  items: items.map(([variantId, quantity]) => ({ productId: 1, variantId, quantity })),
});
/** `/cart.js` as the platform answers it. */
const cartJson = (items: [variantId: number, quantity: number][]) => ({
  token: 'tok',
  item_count: items.reduce((sum, [, quantity]) => sum + quantity, 0),
  total_price: 0,
  items: items.map(([variant_id, quantity]) => ({ id: variant_id, product_id: 1, variant_id, quantity })),
});

describe('snapshots (spec §3)', () => {
  test("the platform's cart answer; anything without an items list is no cart (missing cart data)", () => {
    expect(toCartSnapshot(cartJson([[11, 2]]))).toEqual({
      token: 'tok',
      itemCount: 2,
      items: [{ productId: 1, variantId: 11, quantity: 2 }],
    });
    expect(toCartSnapshot({ items: [{ id: 5, quantity: 1 }, { quantity: 3 }, null] })).toEqual({
      token: '',
      itemCount: 1,
      items: [{ productId: 0, variantId: 5, quantity: 1 }],
    });
    for (const raw of [null, undefined, '', {}, { items: 'x' }, { status: 469 }]) expect(toCartSnapshot(raw)).toBeNull();
  });
  test('the stored form is the list of quantity, product id and variant id', () => {
    const items = snapshot([[11, 2]]).items;
    expect(fromStored(items)).toEqual({ token: '', itemCount: 2, items });
    expect(fromStored(null)).toBeNull();
    expect(fromStored('junk')).toBeNull();
  });
});

describe('cartChanged (spec §4: item count, quantity per variant, total)', () => {
  test('equal carts are no change, whatever the token', () => {
    expect(
      cartChanged(
        snapshot(
          [
            [11, 1],
            [12, 2],
          ],
          'a',
        ),
        snapshot(
          [
            [11, 1],
            [12, 2],
          ],
          'b',
        ),
      ),
    ).toBe(false);
    expect(cartChanged(null, snapshot([]))).toBe(false);
  });
  test('a line more or less, a quantity, the total, or another variant with the same counts', () => {
    expect(
      cartChanged(
        snapshot([[11, 1]]),
        snapshot([
          [11, 1],
          [12, 1],
        ]),
      ),
    ).toBe(true);
    expect(cartChanged(snapshot([[11, 1]]), snapshot([[11, 2]]))).toBe(true);
    expect(cartChanged(snapshot([[11, 1]]), { ...snapshot([[11, 1]]), itemCount: 3 })).toBe(true);
    expect(cartChanged(snapshot([[11, 1]]), snapshot([[12, 1]]))).toBe(true);
    expect(cartChanged(null, snapshot([[11, 1]]))).toBe(true);
    expect(cartChanged(snapshot([[11, 1]]), snapshot([]))).toBe(true);
  });
});

describe('cartAgrees: did the cart get what was asked', () => {
  const before = snapshot([[11, 1]]);
  test('add: each variant grew by its quantity', () => {
    expect(cartAgrees({ kind: 'add', items: [{ id: 11, quantity: 2 }] }, before, snapshot([[11, 3]]))).toBe(true);
    expect(cartAgrees({ kind: 'add', items: [{ id: 11, quantity: 2 }] }, before, snapshot([[11, 2]]))).toBe(false); // capped by stock
    expect(
      cartAgrees(
        {
          kind: 'add',
          items: [
            { id: 12, quantity: 1 },
            { id: 12, quantity: 1 },
          ],
        },
        before,
        snapshot([
          [11, 1],
          [12, 2],
        ]),
      ),
    ).toBe(true);
    expect(cartAgrees({ kind: 'add', items: [{ id: 12, quantity: 1 }] }, null, snapshot([[12, 1]]))).toBe(true);
  });
  test('change and update: exactly the quantity, 0 meaning gone; clear: nothing left', () => {
    expect(cartAgrees({ kind: 'change', id: 11, quantity: 4 }, before, snapshot([[11, 4]]))).toBe(true);
    expect(cartAgrees({ kind: 'change', id: 11, quantity: 4 }, before, snapshot([[11, 3]]))).toBe(false);
    expect(cartAgrees({ kind: 'change', id: 11, quantity: 0 }, before, snapshot([]))).toBe(true);
    expect(cartAgrees({ kind: 'changeLine', line: 1, quantity: 2 }, before, snapshot([[11, 2]]))).toBe(true);
    expect(cartAgrees({ kind: 'changeLine', line: 1, quantity: 0 }, before, snapshot([]))).toBe(true);
    expect(cartAgrees({ kind: 'changeLine', line: 1, quantity: 0 }, before, snapshot([[11, 1]]))).toBe(false);
    expect(cartAgrees({ kind: 'update', updates: { 11: 0, 12: 5 } }, before, snapshot([[12, 5]]))).toBe(true);
    expect(
      cartAgrees(
        { kind: 'update', updates: { 12: 5 } },
        before,
        snapshot([
          [11, 1],
          [12, 4],
        ]),
      ),
    ).toBe(false);
    expect(cartAgrees({ kind: 'clear' }, before, snapshot([]))).toBe(true);
    expect(cartAgrees({ kind: 'clear' }, before, snapshot([[11, 1]]))).toBe(false);
  });
});

/** A requester whose `/cart.js` answers come from `answers` (a function of the call count); other URLs from `posts`. */
const fakeRequester = (cartAnswer: () => unknown, posts: (url: string, init?: RequestOptions) => unknown = () => ({})) => {
  const calls: [string, RequestOptions | undefined][] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const request = ((url: string, init?: RequestOptions) => {
    calls.push([url, init]);
    const answer = () => {
      const value = url.endsWith('/cart.js') ? cartAnswer() : posts(url, init);
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    };
    if (!hold) return answer();
    return new Promise<unknown>((resolve, reject) => pending.push(() => answer().then(resolve, reject)));
  }) as Requester;
  return {
    request,
    calls,
    /** Holds answers until `release()`. */
    hold: () => void (hold = true),
    release: async () => {
      hold = false;
      while (pending.length) {
        pending.shift()!();
        await flush();
      }
    },
  };
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cart reader (createCartSync)', () => {
  let changed: CartSnapshot[];
  const onChanged = (event: Event) => changed.push((event as CustomEvent<{ cart: CartSnapshot }>).detail.cart);
  const storage = createStorage();
  beforeEach(() => {
    localStorage.clear();
    changed = [];
    window.addEventListener('vitrine:cart-changed', onChanged);
  });
  afterEach(() => window.removeEventListener('vitrine:cart-changed', onChanged));
  const syncWith = (request: Requester, report = vi.fn()) => createCartSync({ win: window, request, root: '/es', report, storage });

  test('reads {root}/cart.js (no-store), hands every read to its subscribers, and on a change stores the snapshot and fires vitrine:cart-changed', async () => {
    const fake = fakeRequester(() => cartJson([[11, 2]]));
    const sync = syncWith(fake.request);
    const reads: CartSnapshot[] = [];
    sync.subscribe((read) => reads.push(read));
    const read = await sync.refresh();
    expect(fake.calls).toEqual([['/es/cart.js', { cache: 'no-store' }]]);
    expect(read).toEqual(toCartSnapshot(cartJson([[11, 2]])));
    expect(reads).toEqual([read]);
    expect(changed).toEqual([read]);
    expect(JSON.parse(localStorage.getItem(`vitrine:${CART_STORAGE_KEY}`)!)).toEqual([{ productId: 1, variantId: 11, quantity: 2 }]);
    // The same cart again: handed to the subscribers, no event, nothing stored again.
    await sync.refresh();
    expect(reads).toHaveLength(2);
    expect(changed).toHaveLength(1);
  });

  test("reads the cart of the page's own host when a <base href> names another (the request would have gone there)", async () => {
    const base = document.createElement('base');
    base.href = 'https://cdn.example/assets/';
    document.head.appendChild(base);
    try {
      // The page's requester: it resolves the reader's path against the page's address.
      const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(cartJson([]))));
      await syncWith(createRequester({ fetch })).refresh();
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([`${location.origin}/es/cart.js`]);
    } finally {
      base.remove();
    }
  });

  test('a subscriber after the first read gets the last read at once; a throwing one is reported, the others still served', async () => {
    const report = vi.fn();
    const sync = syncWith(fakeRequester(() => cartJson([])).request, report);
    const early: CartSnapshot[] = [];
    sync.subscribe(() => {
      throw new Error('listener broken');
    });
    sync.subscribe((read) => early.push(read));
    const read = await sync.refresh();
    // An empty cart read is handed on too (it makes the cart known: nothing to count down).
    expect(early).toEqual([read]);
    expect(changed).toEqual([]);
    expect(report).toHaveBeenCalledWith(ERR_WIDGET_RENDER, expect.objectContaining({ message: 'listener broken' }));
    const late: CartSnapshot[] = [];
    sync.subscribe((last) => late.push(last));
    expect(late).toEqual([read]);
  });

  test('the stored snapshot of an earlier page is the baseline: an unchanged cart fires nothing', async () => {
    storage.setJSON(CART_STORAGE_KEY, [{ productId: 1, variantId: 11, quantity: 2 }]);
    const sync = syncWith(fakeRequester(() => cartJson([[11, 2]])).request);
    expect(sync.current()?.itemCount).toBe(2);
    await sync.refresh();
    expect(changed).toEqual([]);
    expect(sync.current()?.itemCount).toBe(2);
  });

  test('an emptied cart clears the stored snapshot and fires the event', async () => {
    storage.setJSON(CART_STORAGE_KEY, [{ productId: 1, variantId: 11, quantity: 2 }]);
    await syncWith(fakeRequester(() => cartJson([])).request).refresh();
    expect(changed.map((snap) => snap.itemCount)).toEqual([0]);
    expect(localStorage.getItem(`vitrine:${CART_STORAGE_KEY}`)).toBeNull();
  });

  test('a burst coalesces: reads asked for while one runs make one more read, after it', async () => {
    let quantity = 1;
    const fake = fakeRequester(() => cartJson([[11, quantity++]]));
    const sync = syncWith(fake.request);
    fake.hold();
    const first = sync.refresh();
    const second = sync.refresh();
    const third = sync.refresh();
    expect(second).toBe(first);
    expect(third).toBe(first);
    await fake.release();
    expect((await first)?.itemCount).toBe(2);
    expect(fake.calls).toHaveLength(2);
    expect(changed.map((snap) => snap.itemCount)).toEqual([1, 2]);
  });

  test('a read the budget drops (null) marks it spent: no further reads', async () => {
    const fake = fakeRequester(() => null);
    const sync = syncWith(fake.request);
    expect(await sync.refresh()).toBeNull();
    expect(sync.exhausted()).toBe(true);
    await sync.refresh();
    expect(fake.calls).toHaveLength(1);
  });

  test('missing cart data (a 469, an answer without items) is reported once, nothing visible', async () => {
    const report = vi.fn();
    const failing = Object.assign(new Error('HTTP 469'), { name: 'RequestError', status: 469 });
    const sync = syncWith(fakeRequester(() => failing).request, report);
    const reads: CartSnapshot[] = [];
    sync.subscribe((read) => reads.push(read));
    expect(await sync.refresh()).toBeNull();
    await sync.refresh();
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(ERR_CART_DATA, expect.objectContaining({ message: 'missing cart data' }), { status: 469 });
    expect(reads).toEqual([]);
    expect(changed).toEqual([]);
  });

  test('our own requests are remembered by URL and time, so the watcher can skip them', async () => {
    const sync = syncWith(fakeRequester(() => cartJson([])).request);
    let now = 100;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const done = sync.own('https://shop.example/cart/add.js', async () => {
      now = 180;
      return 'answer';
    });
    expect(await done).toBe('answer');
    expect(sync.isOwn('https://shop.example/cart/add.js', 100)).toBe(true);
    expect(sync.isOwn('https://shop.example/cart/add.js', 181)).toBe(true);
    expect(sync.isOwn('https://shop.example/cart/add.js', 250)).toBe(false); // the theme, later
    expect(sync.isOwn('https://shop.example/cart/change.js', 150)).toBe(false);
  });
});

describe('isCartMutation (spec §2 cart paths)', () => {
  const origin = 'https://shop.example';
  test.each([
    '/cart/add',
    '/cart/add.js',
    '/cart/add.json',
    '/cart/change.js',
    '/cart/update.js',
    '/cart/clear.js',
    '/cart/clear',
    '/es/cart/add.js',
    '/en-us/cart/change',
    'https://shop.example/cart/add.js?sections=cart-drawer',
  ])('%s is a cart mutation', (url) => expect(isCartMutation(new URL(url, origin).href, origin)).toBe(true));
  test.each([
    '/cart.js',
    '/cart',
    '/cart.json',
    '/cart/addons.js',
    '/products/cart/add.js',
    '/collections/cart-add',
    'https://other.example/cart/add.js',
    'https://shop.example.other.example/cart/add.js',
    '/cart.js?next=/cart/add.js',
    'not a url ::',
  ])('%s is not', (url) => expect(isCartMutation(url.includes('::') ? url : new URL(url, origin).href, origin)).toBe(false));
});

/** A PerformanceObserver stand-in that the test feeds entries. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  options: unknown;
  disconnected = false;
  constructor(readonly callback: (list: { getEntries(): { name: string; startTime: number }[] }) => void) {
    FakeObserver.instances.push(this);
  }
  observe(options: unknown) {
    this.options = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  feed(...entries: [name: string, startTime?: number][]) {
    this.callback({ getEntries: () => entries.map(([name, startTime = 0]) => ({ name, startTime })) });
  }
}

describe('watchCartRequests', () => {
  const origin = 'https://shop.example';
  let sync: CartSync & { refresh: ReturnType<typeof vi.fn> };
  let target: EventTarget;
  const fakeWindow = (observer: unknown = FakeObserver) =>
    Object.assign(target, { location: { origin }, PerformanceObserver: observer }) as unknown as Window;
  beforeEach(() => {
    FakeObserver.instances = [];
    target = new EventTarget();
    sync = {
      refresh: vi.fn(async () => null),
      current: () => null,
      subscribe: () => {},
      own: (_url, run) => run(),
      isOwn: (name) => name.includes('own=1'),
      exhausted: () => false,
    } as CartSync & { refresh: ReturnType<typeof vi.fn> };
  });

  test('observes resource entries (buffered) and re-reads the cart after a cart mutation, not after anything else', () => {
    watchCartRequests(fakeWindow(), sync, vi.fn());
    const [observer] = FakeObserver.instances;
    expect(observer.options).toEqual({ type: 'resource', buffered: true });
    observer.feed([`${origin}/products/tee.js`], [`${origin}/cart.js`]);
    expect(sync.refresh).not.toHaveBeenCalled();
    observer.feed([`${origin}/cart/add.js`], [`${origin}/cart/change.js`]);
    expect(sync.refresh).toHaveBeenCalledTimes(1);
  });

  test('our own requests are skipped', () => {
    watchCartRequests(fakeWindow(), sync, vi.fn());
    FakeObserver.instances[0].feed([`${origin}/cart/add.js?own=1`]);
    expect(sync.refresh).not.toHaveBeenCalled();
  });

  test('another tab storing a new snapshot makes this tab re-read', () => {
    watchCartRequests(fakeWindow(), sync, vi.fn());
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'vitrine:other' }));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: `vitrine:${CART_STORAGE_KEY}` }));
    expect(sync.refresh).toHaveBeenCalledTimes(1);
  });

  test('a page restored from the back-forward cache re-reads (the cart may have changed on the pages seen since)', () => {
    watchCartRequests(fakeWindow(), sync, vi.fn());
    target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(sync.refresh).not.toHaveBeenCalled();
    target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(sync.refresh).toHaveBeenCalledTimes(1);
  });

  test('20 re-reads at most per page view, then it stops watching', () => {
    watchCartRequests(fakeWindow(), sync, vi.fn());
    const [observer] = FakeObserver.instances;
    for (let index = 0; index < 25; index++) observer.feed([`${origin}/cart/change.js`]);
    expect(sync.refresh).toHaveBeenCalledTimes(20);
    expect(observer.disconnected).toBe(true);
  });

  test('a throwing PerformanceObserver is reported; nothing throws', () => {
    const report = vi.fn();
    const Broken = function () {
      throw new Error('no observer here');
    };
    expect(() => watchCartRequests(fakeWindow(Broken), sync, report)).not.toThrow();
    expect(report).toHaveBeenCalledWith(ERR_CART_WATCH, expect.objectContaining({ message: 'no observer here' }), {
      where: 'PerformanceObserver',
    });
  });

  test('a failure in the callback is reported, not thrown at the browser', () => {
    const report = vi.fn();
    sync.isOwn = () => {
      throw new Error('broken');
    };
    watchCartRequests(fakeWindow(), sync, report);
    expect(() => FakeObserver.instances[0].feed([`${origin}/cart/add.js`])).not.toThrow();
    expect(report).toHaveBeenCalledWith(ERR_CART_WATCH, expect.any(Error));
  });
});

describe('callCart: our own cart calls (spec §7)', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  const setup = (cartAnswers: unknown[], posts: (url: string, init?: RequestOptions) => unknown = () => ({})) => {
    let index = 0;
    const fake = fakeRequester(() => cartAnswers[Math.min(index++, cartAnswers.length - 1)], posts);
    const report = vi.fn();
    const sync = createCartSync({ win: window, request: fake.request, root: '', report, storage: createStorage() });
    return { fake, report, sync, context: { win: window, root: '', request: fake.request, report, sync } };
  };
  const ADD = `${location.origin}/cart/add.js`;

  test('add items: JSON to {root}/cart/add.js, then the cart is re-read; the cart has them: ok', async () => {
    const { fake, context } = setup([cartJson([[11, 2]])]);
    const result = await callCart(context, { kind: 'add', items: [{ id: 11, quantity: 2 }] });
    expect(fake.calls[0]).toEqual([
      ADD,
      { method: 'POST', headers: { Accept: 'application/json' }, json: { items: [{ id: 11, quantity: 2 }] } },
    ]);
    expect(fake.calls[1][0]).toBe('/cart.js');
    expect(result).toEqual({ kind: 'ok', cart: toCartSnapshot(cartJson([[11, 2]])) });
    expect(context.sync.current()?.itemCount).toBe(2);
  });

  test("the cart disagrees (capped by stock): spec §8's message", async () => {
    const { context } = setup([cartJson([[11, 1]])]);
    const result = await callCart(context, { kind: 'add', items: [{ id: 11, quantity: 3 }] });
    expect(result).toEqual({ kind: 'outOfSync', cart: toCartSnapshot(cartJson([[11, 1]])), message: CART_OUT_OF_SYNC_TEXT });
    expect(CART_OUT_OF_SYNC_TEXT).toBe('Some items have changed or are out of stock. Try refreshing the page.');
  });

  test("a 422 shows the platform's message in a browser alert", async () => {
    const refused = Object.assign(new Error('HTTP 422'), {
      name: 'RequestError',
      status: 422,
      data: { status: 422, message: 'Cart Error', description: 'You can only add 2 of this item.' },
    });
    const { context } = setup([cartJson([])], () => refused);
    const result = await callCart(context, { kind: 'add', items: [{ id: 11, quantity: 9 }] });
    expect(alert).toHaveBeenCalledWith('You can only add 2 of this item.');
    expect(result).toEqual({ kind: 'rejected', status: 422, message: 'You can only add 2 of this item.' });
  });

  test('the product form, serialized as the form would post it (multipart)', async () => {
    document.body.innerHTML =
      '<form id="pf" action="/cart/add"><input name="id" value="12"><input name="properties[Engraving]" value="Hi"></form><input name="quantity" value="3" form="pf">';
    const { fake, context } = setup([cartJson([[12, 3]])]);
    const result = await callCart(context, { kind: 'addForm', form: document.querySelector('form') });
    const sent = fake.calls[0][1]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect([...sent.entries()]).toEqual([
      ['id', '12'],
      ['properties[Engraving]', 'Hi'],
      ['quantity', '3'],
    ]);
    expect(result.kind).toBe('ok');
  });

  test("spec §8 form reports: 'Missing add to cart form.', 'Missing serialized form data.'", async () => {
    const { fake, report, context } = setup([cartJson([])]);
    expect(await callCart(context, { kind: 'addForm', form: null })).toEqual({ kind: 'failed', reason: 'Missing add to cart form.' });
    document.body.innerHTML = '<form action="/cart/add"><input name="quantity" value="1"></form>';
    expect(await callCart(context, { kind: 'addForm', form: document.querySelector('form') })).toEqual({
      kind: 'failed',
      reason: 'Missing serialized form data.',
    });
    expect(report.mock.calls.map(([code, error]) => [code, (error as Error).message])).toEqual([
      [ERR_ATC_FORM, 'Missing add to cart form.'],
      [ERR_ATC_FORM, 'Missing serialized form data.'],
    ]);
    expect(fake.calls).toEqual([]);
  });

  test('change, update and clear: their endpoints and bodies', async () => {
    const { fake, context } = setup([cartJson([[11, 4]]), cartJson([[11, 4]]), cartJson([[12, 5]]), cartJson([])]);
    await context.sync.refresh();
    expect((await callCart(context, { kind: 'change', id: 11, quantity: 4 })).kind).toBe('ok');
    expect((await callCart(context, { kind: 'update', updates: { 11: 0, 12: 5 } })).kind).toBe('ok');
    expect((await callCart(context, { kind: 'clear' })).kind).toBe('ok');
    const posts = fake.calls.filter(([url]) => !url.endsWith('/cart.js'));
    expect(posts.map(([url, init]) => [url.replace(location.origin, ''), init?.json])).toEqual([
      ['/cart/change.js', { id: '11', quantity: 4 }],
      ['/cart/update.js', { updates: { 11: 0, 12: 5 } }],
      ['/cart/clear.js', {}],
    ]);
  });

  test('a network failure or a spent budget: failed, never thrown', async () => {
    const down = setup([cartJson([])], () => Object.assign(new Error('Network error'), { name: 'RequestError', status: 0 }));
    expect(await callCart(down.context, { kind: 'clear' })).toEqual({ kind: 'failed', reason: 'Network error' });
    const spent = setup([cartJson([])], () => null);
    expect(await callCart(spent.context, { kind: 'clear' })).toEqual({ kind: 'failed', reason: 'request budget spent' });
    expect(alert).not.toHaveBeenCalled();
  });
});
