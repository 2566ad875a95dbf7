// @vitest-environment jsdom
/**
 * `watchCartAdds`: the platform's add requests seen in resource timing, and the timing buffer
 * (every request of the page so far) read only when the shopper may have added already: a
 * browser that says there has been no click or key yet (`userActivation`) has no add in it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchCartAdds } from '../../../../../src/widgets/reporting/tracking/cartAdds';

/** The page's resource observers: their options and callbacks. */
let observers: { options?: PerformanceObserverInit; callback: PerformanceObserverCallback }[];

function stubObserver() {
  observers = [];
  vi.stubGlobal(
    'PerformanceObserver',
    vi.fn(function (this: unknown, callback: PerformanceObserverCallback) {
      const entry: (typeof observers)[number] = { callback };
      observers.push(entry);
      return { observe: (options: PerformanceObserverInit) => (entry.options = options), disconnect: vi.fn() };
    }),
  );
}

/** A window whose navigator says what it knows of the shopper's activation. */
const pageWith = (navigator: object) => ({ navigator, document, setTimeout }) as unknown as Window;

const deliver = (entries: { name: string; initiatorType: string }[]) =>
  observers[0]!.callback({ getEntries: () => entries } as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);

afterEach(() => {
  observers = [];
});

describe('watchCartAdds', () => {
  it('reads the timing buffer when the shopper has clicked or typed, or the browser cannot tell', () => {
    for (const navigator of [{ userActivation: { hasBeenActive: true } }, {}]) {
      stubObserver();
      watchCartAdds(pageWith(navigator), () => {})();
      expect(observers[0]!.options, JSON.stringify(navigator)).toEqual({ type: 'resource', buffered: true });
    }
  });

  it('leaves the buffer unread on a page nobody has clicked or typed on yet: no add can be in it', () => {
    stubObserver();
    watchCartAdds(pageWith({ userActivation: { hasBeenActive: false } }), () => {})();
    expect(observers[0]!.options).toEqual({ type: 'resource', buffered: false });
  });

  it("counts the add requests a theme makes with fetch or XHR, nothing else of the page's", () => {
    stubObserver();
    const onAdd = vi.fn();
    const stop = watchCartAdds(pageWith({}), onAdd);
    deliver([
      { name: 'https://shop.example/cart/add.js', initiatorType: 'fetch' },
      { name: 'https://shop.example/fr/cart/add?x=1', initiatorType: 'xmlhttprequest' },
      { name: 'https://shop.example/cart/add.js', initiatorType: 'beacon' },
      { name: 'https://shop.example/cart/change.js', initiatorType: 'fetch' },
      { name: 'https://cdn.example/products/tee.jpg', initiatorType: 'img' },
    ]);
    expect(onAdd).toHaveBeenCalledTimes(2);
    stop();
  });
});
