// @vitest-environment jsdom
/**
 * The star snippets' entry (src/widgets/star-snippets/index.ts): a run reads the page before it
 * writes to it. A visibility check after any write of ours makes the browser restyle and lay out
 * the page at once, in our task (Chromium traces of the demo's collection page at 4x: 3-5 ms
 * when the best-selling option went first); after the reads, the page is laid out once, in the
 * next frame, with the new lines.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PageContext } from '../../../../src/core/pageContext';
import { DEFAULT_SETTINGS } from '../../../../src/core/parseSettings';
import { mount } from '../../../../src/widgets/star-snippets/index';
import type { WidgetContext } from '../../../../src/widgets/types';
import { readsBeforeWrites, recordDomOrder } from './domOrder';

const card = (h: string) =>
  `<li><div class="card-wrapper"><div class="card"><img src="x.png"><div class="card__content"><h3 class="card__heading"><a href="/products/${h}">${h}</a></h3></div></div></div></li>`;

/** A widget context whose stats requests answer 3 reviews for every product. */
const context = (page: Partial<PageContext>) =>
  ({
    settings: DEFAULT_SETTINGS,
    page,
    request: vi.fn(async (_url: string, init?: { json?: { handles: string[] } }) =>
      init?.json ? Object.fromEntries(init.json.handles.map((h) => [h, { r: 3, s: 4.5 }])) : { r: 3, s: 4.5 },
    ),
    report: vi.fn(),
    language: 'en',
    load: vi.fn(),
    onRefresh: () => () => {},
  }) as unknown as WidgetContext;

let stop = (): void => {};
afterEach(() => {
  stop();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('a run reads the page before it writes to it', () => {
  test('collection: the titles are checked before the best-selling option and the stylesheet go', async () => {
    document.body.innerHTML = `<main><select name="sort_by"><option value="manual">Featured</option><option value="best-selling">Best selling</option></select><ul>${card('tee')}${card('mug')}</ul></main>`;
    const order = recordDomOrder();
    try {
      stop = mount(document.createElement('div'), context({ pageType: 'collection' })) || stop;
      expect(order.log).toContain('read');
      expect(readsBeforeWrites(order.log)).toBe(true);
    } finally {
      order.stop();
    }
    expect(document.querySelector('option[value="best-selling"]')).toBeNull();
    expect(document.getElementById('vitrine-stars-style')).not.toBeNull();
    await vi.waitFor(() => expect(document.querySelectorAll('.vitrine-stars--listing')).toHaveLength(2));
  });

  test("product: the related products' titles and the product's title are checked before its stars line goes in", async () => {
    document.body.innerHTML = `<main><div class="product__info"><h1 class="product__title">Tee</h1></div><ul>${card('mug')}${card('vase')}</ul></main>`;
    const order = recordDomOrder();
    try {
      stop = mount(document.createElement('div'), context({ pageType: 'product', productHandle: 'tee' })) || stop;
      expect(order.log.filter((kind) => kind === 'read').length).toBeGreaterThan(1);
      expect(readsBeforeWrites(order.log)).toBe(true);
    } finally {
      order.stop();
    }
    expect(document.querySelector('.product__title + .vitrine-stars--product')).not.toBeNull();
    await vi.waitFor(() => expect(document.querySelectorAll('.vitrine-stars--listing')).toHaveLength(2));
  });
});

describe('the listing lines enter the page filled', () => {
  test('each line goes in once, with its stars and text already inside (no second write into the page)', async () => {
    document.body.innerHTML = `<main><ul>${card('tee')}${card('mug')}</ul></main>`;
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      stop = mount(document.createElement('div'), context({ pageType: 'collection' })) || stop;
      await vi.waitFor(() => expect(document.querySelectorAll('.vitrine-stars--listing [aria-hidden]')).toHaveLength(2));
      records.push(...observer.takeRecords());
    } finally {
      observer.disconnect();
    }
    // Filling a line already in the page made the browser record and restyle its children's
    // insertion as a change of the page: one more mutation per line (1,000 Dawn cards, cold, desktop
    // Chromium: filling 16.6 -> 14.8 ms).
    const added = records.flatMap((record) => [...record.addedNodes]);
    expect(added.map((node) => (node as Element).className)).toEqual([
      'vitrine-stars vitrine-stars--listing',
      'vitrine-stars vitrine-stars--listing',
    ]);
  });

  test('vitrine:rendered comes once the first line is in the page', async () => {
    document.body.innerHTML = `<main><ul>${card('tee')}${card('mug')}</ul></main>`;
    const seen: number[] = [];
    const listener = () => seen.push(document.querySelectorAll('.vitrine-stars--listing[aria-label]').length);
    addEventListener('vitrine:rendered', listener);
    try {
      stop = mount(document.createElement('div'), context({ pageType: 'collection' })) || stop;
      await vi.waitFor(() => expect(seen).toHaveLength(1));
    } finally {
      removeEventListener('vitrine:rendered', listener);
    }
    expect(seen[0]).toBeGreaterThan(0);
  });
});
