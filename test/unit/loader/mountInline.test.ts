// @vitest-environment jsdom
/**
 * `mountInline` and the theme's app blocks (extensions/vitrine-theme): an inline widget goes
 * inside `[data-vitrine-block="<widget>"]` when the page has one, and nowhere else, whatever its
 * plan's placements (defaults or the shop's own); without a block the placements work as before.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Placement } from '../../../src/core/settings';
import { mountInline } from '../../../src/loader/mountInline';

const DEFAULTS: Placement[] = [
  { selector: 'main .product', alignment: 'after', id: 'product' },
  { selector: 'main', alignment: 'append', id: 'main' },
];
const OWN: Placement[] = [
  { selector: '#one', alignment: 'append', id: 'one' },
  { selector: '#two', alignment: 'append', id: 'two' },
];

/** The mount points of `widget`: the id of each one's parent (or its placement) in page order. */
const hosts = (widget: string) =>
  [...document.querySelectorAll<HTMLElement>(`[data-vitrine-mount="${widget}"]`)].map((host) => ({
    placement: host.getAttribute('data-vitrine-placement'),
    parent: host.parentElement!.id || host.parentElement!.tagName.toLowerCase(),
  }));

let observed: Element[];
beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    vi.fn(function () {
      return { observe: (element: Element) => observed.push(element), disconnect: vi.fn() };
    }),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('mountInline and app blocks', () => {
  const page = `<main><div class="product"><div class="info"><div id="block" data-vitrine-block="reviews"></div></div></div><div id="one"></div><div id="two"></div></main>`;

  test('a block wins over the defaults: the widget is appended inside it, placement "app-block", and nowhere else', () => {
    document.body.innerHTML = page;
    mountInline(document, { name: 'reviews', kind: 'inline', placements: DEFAULTS, first: true, reserve: 360 }, vi.fn());
    expect(hosts('reviews')).toEqual([{ placement: 'app-block', parent: 'block' }]);
    expect(document.getElementById('block')!.lastElementChild).toBe(observed[0]);
    expect(observed).toHaveLength(1);
  });

  test("a block wins over the shop's own placements too (all of which are used without one)", () => {
    document.body.innerHTML = page;
    mountInline(document, { name: 'reviews', kind: 'inline', placements: OWN }, vi.fn());
    expect(hosts('reviews')).toEqual([{ placement: 'app-block', parent: 'block' }]);
    document.getElementById('block')!.remove();
    document.querySelector('[data-vitrine-mount]')?.remove();
    mountInline(document, { name: 'reviews', kind: 'inline', placements: OWN }, vi.fn());
    expect(hosts('reviews')).toEqual([
      { placement: 'one', parent: 'one' },
      { placement: 'two', parent: 'two' },
    ]);
  });

  test('without a block: the first default that matches, as before; another widget ignores a block not named after it', () => {
    document.body.innerHTML = page.replace('data-vitrine-block="reviews"', 'data-vitrine-block="offer-card"');
    mountInline(document, { name: 'reviews', kind: 'inline', placements: DEFAULTS, first: true }, vi.fn());
    expect(hosts('reviews')).toEqual([{ placement: 'product', parent: 'main' }]);
    mountInline(document, { name: 'offer-card', kind: 'inline', placements: [OWN[0]!] }, vi.fn());
    expect(hosts('offer-card')).toEqual([{ placement: 'app-block', parent: 'block' }]);
  });

  test('a refresh finds the mount point in the block again: no second one, no second watch; it loads once near the viewport', () => {
    document.body.innerHTML = page;
    const load = vi.fn();
    const plan = { name: 'reviews', kind: 'inline', placements: DEFAULTS, first: true } as const;
    mountInline(document, plan, load);
    mountInline(document, plan, load);
    expect(hosts('reviews')).toHaveLength(1);
    expect(observed).toHaveLength(1);
  });
});
