// @vitest-environment jsdom
/**
 * `mountIdle` with a `cart` plan (the cart-reserved box on product pages): nothing is loaded
 * while the cart is empty; a stored cart snapshot, with the platform's cart cookie, mounts it at
 * idle; a `vitrine:cart-changed` with items mounts it at once, one that leaves the cart empty does
 * not. Without the cart cookie local storage is not even opened.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CART_CHANGED_EVENT } from '../../../src/core/constants';
import { mountIdle } from '../../../src/loader/mountIdle';
import type { WidgetPlan } from '../../../src/loader/widgetPlan';

const PLAN: Extract<WidgetPlan, { kind: 'idle' }> = {
  name: 'cart-reserved',
  kind: 'idle',
  placements: [{ selector: 'form', alignment: 'after', id: 'atc-form' }],
  cart: true,
};
const cartChanged = (items: unknown) => window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { cart: { items } } }));

/** The platform's cart cookie, as a cart with items has it. */
const setCartCookie = (value: string) => (document.cookie = `cart=${value};path=/`);

afterEach(() => {
  localStorage.clear();
  setCartCookie(';max-age=0');
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('mountIdle, a plan waiting for the cart', () => {
  test('an empty cart loads nothing; the first cart change with items mounts it under its placement at once', () => {
    document.body.innerHTML = '<form action="/cart/add"></form>';
    const load = vi.fn();
    mountIdle(window, PLAN, load);
    cartChanged([]);
    cartChanged('garbled');
    expect(load).not.toHaveBeenCalled();
    cartChanged([{ variantId: 1, quantity: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]![0]).toBe('cart-reserved');
    expect((load.mock.calls[0]![1] as HTMLElement).previousElementSibling?.tagName).toBe('FORM');
    // Once: later changes are the widget's own business.
    cartChanged([{ variantId: 2, quantity: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a stored cart snapshot mounts it at idle, as any idle widget, while the platform has a cart', () => {
    vi.useFakeTimers();
    setCartCookie('c1-token');
    localStorage.setItem('vitrine:cart', JSON.stringify([{ variantId: 1, quantity: 1 }]));
    const load = vi.fn();
    mountIdle(window, PLAN, load);
    expect(load).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('without the cart cookie, local storage is not opened and a snapshot left from a gone cart mounts nothing', () => {
    vi.useFakeTimers();
    localStorage.setItem('vitrine:cart', JSON.stringify([{ variantId: 1, quantity: 1 }]));
    const opened = vi.spyOn(Storage.prototype, 'getItem');
    const load = vi.fn();
    mountIdle(window, PLAN, load);
    vi.runAllTimers();
    expect(opened).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    // The commerce chunk's watcher still mounts it when it finds items.
    cartChanged([{ variantId: 1, quantity: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a cart cookie with no stored snapshot waits for the cart, as before', () => {
    vi.useFakeTimers();
    setCartCookie('c1-token');
    const load = vi.fn();
    mountIdle(window, PLAN, load);
    vi.runAllTimers();
    expect(load).not.toHaveBeenCalled();
  });

  test('a plan without `cart` does not look at the cart', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    mountIdle(window, { ...PLAN, cart: undefined }, load);
    vi.runAllTimers();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('mountIdle, the host', () => {
  test('a widget without a place keeps a detached host with no inline style; a floating one gets a shown host at the end of the body', () => {
    vi.useFakeTimers();
    const hosts: HTMLElement[] = [];
    const load = (_name: string, host: HTMLElement) => hosts.push(host);
    mountIdle(window, { name: 'reporting', kind: 'idle', placements: [] }, load);
    mountIdle(window, { name: 'currency-converter', kind: 'idle', placements: [], floating: true }, load);
    vi.runAllTimers();
    const [detached, floating] = hosts;
    expect(detached!.isConnected).toBe(false);
    expect(detached!.getAttribute('style')).toBeNull();
    expect(floating!.parentElement).toBe(document.body);
    expect(floating!.style.getPropertyValue('display')).toBe('block');
    expect(floating!.style.getPropertyPriority('display')).toBe('important');
  });
});
