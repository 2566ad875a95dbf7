// @vitest-environment jsdom
/**
 * Spec §2's highlight hash (src/widgets/highlight/index.ts): which element a hash names,
 * the smooth scroll (or an instant one for reduced motion) and the mark, an element that comes
 * late, an offer card brought near the viewport so it loads, and a missing element reported.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { HIGHLIGHTED_ATTRIBUTE, highlight, highlightTarget } from '../../../../src/widgets/highlight/index';

describe('highlightTarget', () => {
  test('a selector or an offer id, decoded, among other hash parts', () => {
    expect(highlightTarget('#vtlHighlight=.product-form')).toEqual({ kind: 'selector', selector: '.product-form' });
    expect(highlightTarget('#vtlHighlight=%23MainProduct%20h1')).toEqual({ kind: 'selector', selector: '#MainProduct h1' });
    expect(highlightTarget('#vtlHighlight=a+b')).toEqual({ kind: 'selector', selector: 'a+b' });
    expect(highlightTarget('#vtlHighlightOfferId=demo-bundle')).toEqual({ kind: 'offer', id: 'demo-bundle' });
    expect(highlightTarget('#reviews&vtlHighlightOfferId=7')).toEqual({ kind: 'offer', id: '7' });
  });

  test('nothing to highlight', () => {
    for (const hash of ['', '#', '#reviews', '#vtlHighlight=', '#vtlHighlight=%20', '#xvtlHighlight=a'])
      expect(highlightTarget(hash), hash).toBeNull();
    expect(highlightTarget('#vtlHighlight=%E0%A4%A')).toEqual({ kind: 'selector', selector: '%E0%A4%A' });
  });
});

describe('highlight', () => {
  let reports: unknown[][];
  const report = (...args: unknown[]) => void reports.push(args);
  const scrolls: (ScrollIntoViewOptions | undefined)[] = [];
  let reduced = false;

  beforeEach(() => {
    reports = [];
    scrolls.length = 0;
    reduced = false;
    vi.useFakeTimers();
    Element.prototype.scrollIntoView = function (options?: ScrollIntoViewOptions) {
      scrolls.push({ ...options, target: (this as Element).id } as ScrollIntoViewOptions);
    };
    window.matchMedia = ((query: string) => ({ matches: reduced && query.includes('reduce') })) as typeof window.matchMedia;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });
  const at = (hash: string) => history.replaceState(null, '', `/products/tee${hash}`);

  /** The scroll waits for the page's stylesheets (a promise): let it run. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  test('scrolls smoothly to the element and marks it', async () => {
    document.body.innerHTML = '<form id="form" class="product-form"></form>';
    at('#vtlHighlight=.product-form');
    highlight(window, report);
    await settle();
    const form = document.getElementById('form')!;
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'center', target: 'form' }]);
    expect(form.hasAttribute(HIGHLIGHTED_ATTRIBUTE)).toBe(true);
    expect(form.style.outline).toContain('3px solid');
    expect(reports).toEqual([]);
  });

  test('reduced motion: no smooth scroll', async () => {
    reduced = true;
    document.body.innerHTML = '<p id="p"></p>';
    at('#vtlHighlight=%23p');
    highlight(window, report);
    await settle();
    expect(scrolls).toEqual([{ behavior: 'auto', block: 'center', target: 'p' }]);
  });

  test('an element that comes late is found (every 100 ms)', async () => {
    at('#vtlHighlight=.late');
    highlight(window, report);
    vi.advanceTimersByTime(1000);
    document.body.innerHTML = '<div id="late" class="late"></div>';
    vi.advanceTimersByTime(100);
    await settle();
    expect(scrolls.map((scroll) => (scroll as { target: string }).target)).toEqual(['late']);
    expect(reports).toEqual([]);
  });

  test('an offer: its card brought near the viewport so it loads, then the card with that offer', async () => {
    document.body.innerHTML = '<div id="host" data-vitrine-mount="offer-card"></div>';
    at('#vtlHighlightOfferId=demo-bundle');
    highlight(window, report);
    expect(scrolls).toEqual([{ block: 'center', target: 'host' }]);
    vi.advanceTimersByTime(300);
    document.getElementById('host')!.setAttribute('data-vitrine-offer-id', 'demo-bundle');
    vi.advanceTimersByTime(100);
    await settle();
    expect(scrolls.at(-1)).toEqual({ behavior: 'smooth', block: 'center', target: 'host' });
    expect(document.getElementById('host')!.hasAttribute(HIGHLIGHTED_ATTRIBUTE)).toBe(true);
  });

  test('missing after 50 tries: reported with what was looked for; a selector that is no CSS at once', () => {
    document.body.innerHTML = '<div id="host" data-vitrine-mount="offer-card" data-vitrine-offer-id="other"></div>';
    at('#vtlHighlightOfferId=demo-bundle');
    highlight(window, report);
    vi.advanceTimersByTime(4800);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toBe(3011);
    expect(String(reports[0]![1])).toBe('Error: highlight element not found: vtlHighlightOfferId=demo-bundle');
    expect(scrolls).toEqual([]); // the only card shows another offer: nothing to bring near
    vi.advanceTimersByTime(10_000);
    expect(reports).toHaveLength(1);

    reports.length = 0;
    at('#vtlHighlight=%5Bnope');
    highlight(window, report);
    expect(String(reports[0]![1])).toBe('Error: highlight element not found: vtlHighlight=[nope is no CSS selector');
  });

  test('spec §9: a stylesheet still loading holds the scroll until it loads, or 2 s at most', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/slow.css">';
    document.body.innerHTML = '<p id="p"></p>';
    at('#vtlHighlight=%23p');
    highlight(window, report);
    await vi.advanceTimersByTimeAsync(1900);
    expect(scrolls).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'center', target: 'p' }]);

    scrolls.length = 0;
    highlight(window, report);
    document.head.querySelector('link')!.dispatchEvent(new Event('load'));
    await settle();
    expect(scrolls).toHaveLength(1);
    document.head.innerHTML = '';
  });

  test('the returned function stops looking', () => {
    at('#vtlHighlight=.never');
    const stop = highlight(window, report);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(reports).toEqual([]);
    expect(highlight(window, report)).toBeTypeOf('function');
    at('');
    expect(() => highlight(window, report)()).not.toThrow();
  });
});
