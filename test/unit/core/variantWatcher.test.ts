// @vitest-environment jsdom
/**
 * Following the selected variant (spec §4): re-evaluated on every change/input event at once and
 * again after 1 ms; the signal side (`onSelect`) at once, `vitrine:variant-changed` 50 ms after
 * the last change, only for a variant other than the one announced last. No wall-clock timing:
 * fake timers.
 */
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import type { Report } from '../../../src/core/lib/guardWith';
import { ERR_VARIANT_UNKNOWN, ERR_WIDGET_RENDER } from '../../../src/core/errors';
import { normalizeProduct, type Product } from '../../../src/core/productData';
import type { SelectedVariant } from '../../../src/core/selectedVariant';
import { VARIANT_EVENT_DELAY_MS, watchSelectedVariant } from '../../../src/core/variantWatcher';

const result = normalizeProduct({
  id: 1,
  handle: 'tee',
  variants: [11, 12, 13].map((id) => ({ id, title: String(id), option1: String(id), price: 100 })),
});
if (!result.ok) throw new Error('fixture');
const PRODUCT: Product = result.product;

let events: number[];
const onEvent = (event: Event) => events.push((event as CustomEvent<{ variantId: number }>).detail.variantId);
let stop: () => void;
let selections: SelectedVariant[];
let report: Mock<Report>;

const idField = () => document.querySelector<HTMLInputElement>('input[name="id"]')!;
const start = () => {
  stop = watchSelectedVariant({ win: window, product: PRODUCT, report, onSelect: (selected) => selections.push(selected) });
};

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML =
    '<form action="/cart/add"><input type="hidden" name="id" value="11"><input type="text" name="note"><button type="submit">Add</button></form>';
  events = [];
  selections = [];
  report = vi.fn<Report>();
  window.addEventListener('vitrine:variant-changed', onEvent);
});
afterEach(() => {
  stop?.();
  window.removeEventListener('vitrine:variant-changed', onEvent);
  vi.useRealTimers();
  history.replaceState(null, '', '/');
});

describe('watchSelectedVariant', () => {
  test('the initial variant: selected at once, announced 50 ms later', () => {
    start();
    expect(selections.map((selected) => [selected.variant.id, selected.rule])).toEqual([[11, 'idField']]);
    vi.advanceTimersByTime(VARIANT_EVENT_DELAY_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([11]);
    expect(VARIANT_EVENT_DELAY_MS).toBe(50);
  });

  test('a change event re-evaluates at once: the signal side is immediate, the event follows after 50 ms', () => {
    start();
    vi.advanceTimersByTime(100);
    idField().value = '12';
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    expect(selections.at(-1)?.variant.id).toBe(12);
    vi.advanceTimersByTime(49);
    expect(events).toEqual([11]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([11, 12]);
  });

  test('again after 1 ms: a theme that writes after our listener (its own timer) is caught', () => {
    start();
    vi.advanceTimersByTime(100);
    const note = document.querySelector<HTMLInputElement>('input[name="note"]')!;
    note.dispatchEvent(new Event('input', { bubbles: true }));
    setTimeout(() => (idField().value = '13'), 0); // the theme, after the event
    expect(selections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(selections.at(-1)?.variant.id).toBe(13);
    vi.advanceTimersByTime(50);
    expect(events).toEqual([11, 13]);
  });

  test('a theme that stops the propagation does not hide its changes (capture phase)', () => {
    start();
    vi.advanceTimersByTime(100);
    idField().addEventListener('change', (event) => event.stopPropagation());
    idField().value = '12';
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    expect(selections.at(-1)?.variant.id).toBe(12);
  });

  test('changes in a burst announce the final variant once; a change back announces nothing', () => {
    start();
    vi.advanceTimersByTime(100);
    for (const value of ['12', '13', '12']) {
      idField().value = value;
      idField().dispatchEvent(new Event('change', { bubbles: true }));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(100);
    expect(events).toEqual([11, 12]);
    idField().value = '13';
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    idField().value = '12';
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    vi.advanceTimersByTime(100);
    expect(events).toEqual([11, 12]);
  });

  test('the rule that decided is part of the selection: the URL taking over is a new selection, not a new event', () => {
    start();
    vi.advanceTimersByTime(100);
    history.replaceState(null, '', '/products/tee?variant=11');
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    expect(selections.map((selected) => selected.rule)).toEqual(['idField', 'url']);
    vi.advanceTimersByTime(100);
    expect(events).toEqual([11]);
  });

  test('an unknown variant id is reported once (spec §5)', () => {
    idField().value = '99';
    start();
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    vi.advanceTimersByTime(100);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][0]).toBe(ERR_VARIANT_UNKNOWN);
    expect(String(report.mock.calls[0][1])).toContain('99');
    expect(selections[0].rule).toBe('first');
  });

  test('a failure in our handler is reported, never thrown into the page', () => {
    stop = watchSelectedVariant({
      win: window,
      product: PRODUCT,
      report,
      onSelect: () => {
        throw new Error('signal listener broke');
      },
    });
    expect(() => idField().dispatchEvent(new Event('change', { bubbles: true }))).not.toThrow();
    expect(report).toHaveBeenCalledWith(ERR_WIDGET_RENDER, expect.any(Error));
  });

  test('stopping removes the listeners and the pending event', () => {
    start();
    stop();
    vi.advanceTimersByTime(100);
    idField().value = '12';
    idField().dispatchEvent(new Event('change', { bubbles: true }));
    vi.advanceTimersByTime(100);
    expect(events).toEqual([]);
    expect(selections).toHaveLength(1);
  });
});
