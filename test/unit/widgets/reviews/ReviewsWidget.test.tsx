// @vitest-environment jsdom
/**
 * The main reviews widget and its modal under real React (production renders them with Preact;
 * test/browser/reviews.test.ts covers that build against the demo shop).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createController } from '../../../../src/widgets/reviews/controller';
import { ReviewsWidget } from '../../../../src/widgets/reviews/ReviewsWidget';
import { REVIEWS_DEFAULTS, type ReviewsSettings } from '../../../../src/core/reviewsSettings';
import { TEXTS } from '../../../../src/widgets/reviews/texts';
import type { WidgetContext } from '../../../../src/widgets/types';

const review = (id: number, stars: number, photos = 0) => ({
  id,
  name: `Name ${id}`,
  stars,
  review: `Text ${id} <b>bold</b><img src=x onerror="window.__xss=1">`,
  timestamp: Date.UTC(2024, 0, id),
  photos: Array.from({ length: photos }, (_, i) => `/api/photos/${id}/${i}.svg`),
  verified: id % 2 === 0,
  reply: id === 1 ? 'Thanks <a href="javascript:x">x</a>' : null,
  replyAuthor: 'Team',
});
/** 30 reviews: star = 5 - (i % 4) (no 1-star reviews), photos on every third. */
const ALL = Array.from({ length: 30 }, (_, i) => review(i + 1, 5 - (i % 4), i % 3 === 0 ? 4 : 0));
/** The provider's stats of ALL, in its wire format (spec §3 `{ r, s, d }`). */
const stats = () => {
  const perStar: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const listed of ALL) perStar[listed.stars]!++;
  return { r: ALL.length, s: 3.8, d: perStar };
};

let urls: string[];
function ctx(list = ALL): WidgetContext {
  return {
    settings: { providerBase: '/api/', shopId: 'demo', lastUpdated: 1, colors: {} },
    page: { productHandle: 'tee', pageType: 'product', store: { root: '' } },
    language: 'en',
    report: vi.fn(),
    // The loader's `ctx.load` imports lazy parts by name; here the source module stands in.
    load: ((name: string) =>
      name === 'reviews.modal'
        ? import('../../../../src/widgets/reviews/lazy/modal')
        : Promise.reject(new Error(`unknown part ${name}`))) as WidgetContext['load'],
    request: (async (url: string) => {
      urls.push(url);
      const starFilter = /\/r(\d)\.json/.exec(url);
      const reviews = starFilter ? list.filter((listed) => listed.stars === Number(starFilter[1])) : list;
      return { reviews, total: reviews.length, stats: list.length ? stats() : { r: 0, s: 0, d: {} } };
    }) as WidgetContext['request'],
  } as unknown as WidgetContext;
}

async function mountWidget(over: Partial<ReviewsSettings> = {}, list = ALL) {
  const settings = { ...REVIEWS_DEFAULTS, ...over };
  const controller = createController(ctx(list), 'tee', settings, TEXTS.en!, false);
  const onRendered = vi.fn();
  render(<ReviewsWidget controller={controller} initialWidth={1000} onRendered={onRendered} />);
  await act(() => controller.ready);
  return { controller, onRendered };
}
const cards = () => document.querySelectorAll('article.card');

beforeEach(() => {
  // jsdom lays nothing out: give the body a desktop width (spec §9 mobile rule reads it).
  Object.defineProperty(document.body, 'clientWidth', { value: 1280, configurable: true });
  urls = [];
  (window as unknown as { __xss: number }).__xss = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ReviewsWidget', () => {
  test('summary, bars, 20 of 30 reviews, sanitized text; reserved height released once rendered', async () => {
    const { onRendered } = await mountWidget();
    expect(onRendered).toHaveBeenCalled();
    expect(urls).toEqual(['/api/reviews/demo/1/tee.json?page=1&limit=100']);
    expect(screen.getByText('Based on 30 reviews')).toBeTruthy();
    expect(cards().length).toBe(20);
    const text = cards()[0]!.querySelector('.text')!;
    expect(text.innerHTML).toBe('Text 1 <b>bold</b>');
    expect(document.querySelector('.reply a')!.getAttribute('href')).toBeNull();
    expect(document.querySelector('.list')!.getAttribute('style')).toContain('column-count: 4');
  });

  test('a zero-count bar is disabled; a bar filters, the active bar clears, another replaces', async () => {
    const { controller } = await mountWidget();
    const bars = () => Array.from(document.querySelectorAll<HTMLButtonElement>('button.star-bar'));
    expect(bars().map((b) => b.disabled)).toEqual([false, false, false, false, true]);
    controller.filterBy(1); // zero count: nothing happens
    expect(urls.length).toBe(1);
    await act(async () => fireEvent.click(bars()[1]!));
    expect(urls.at(-1)).toBe('/api/reviews/demo/1/tee/r4.json?page=1&limit=100');
    expect(bars()[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(cards().length).toBe(ALL.filter((listed) => listed.stars === 4).length);
    expect(screen.getByRole('status').textContent).toContain('Showing 8 reviews with 4 stars.');
    await act(async () => fireEvent.click(bars()[0]!));
    expect(urls.at(-1)).toContain('/r5.json');
    await act(async () => fireEvent.click(bars()[0]!));
    expect(urls.at(-1)).toBe('/api/reviews/demo/1/tee.json?page=1&limit=100');
    expect(bars().every((bar) => bar.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(cards().length).toBe(20);
  });

  test("'See more reviews': spinner for 500 ms, then all, focus on the first new review", async () => {
    await mountWidget();
    vi.useFakeTimers();
    const more = screen.getByRole('button', { name: 'See more reviews' });
    act(() => fireEvent.click(more));
    expect(more.getAttribute('aria-busy')).toBe('true');
    expect(more.querySelector('.spin')).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(cards().length).toBe(20);
    act(() => vi.advanceTimersByTime(1));
    expect(cards().length).toBe(30);
    expect(screen.queryByRole('button', { name: 'See more reviews' })).toBeNull();
    expect(document.activeElement).toBe(cards()[20]);
  });

  test('no reviews: nothing, or the invitation with showWhenNoReviews', async () => {
    const { onRendered } = await mountWidget({}, []);
    expect(onRendered).toHaveBeenCalled();
    expect(document.body.textContent).toBe('');
    cleanup();
    await mountWidget({ showWhenNoReviews: true }, []);
    expect(screen.getByText('No reviews yet. Be the first to add a review.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Write a Review' })).toBeTruthy();
  });

  test('write buttons dispatch vitrine:write-review with the rating', async () => {
    const seen: unknown[] = [];
    const on = (e: Event) => seen.push((e as CustomEvent).detail);
    addEventListener('vitrine:write-review', on);
    await mountWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Rate 4 out of 5 and write a review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Write a Review' }));
    removeEventListener('vitrine:write-review', on);
    expect(seen).toEqual([
      { productHandle: 'tee', stars: 4 },
      { productHandle: 'tee', stars: 5 },
    ]);
  });

  test('modal: opens on a photo, arrows wrap among reviews with photos, Escape closes and returns focus', async () => {
    await mountWidget({ showDates: true });
    const photo = screen.getAllByRole('button', { name: /^Open photo 2 of 4 from Name 1$/ })[0]!;
    photo.focus();
    await act(async () => fireEvent.click(photo));
    await waitFor(() => expect(document.querySelector('dialog .review-modal')).toBeTruthy());
    const id = () => document.querySelector('dialog .review-modal')!.getAttribute('data-review-id');
    expect(id()).toBe('1');
    expect(document.querySelector('.gallery-caption')!.textContent).toBe('Photo 2 of 4');
    expect(document.activeElement!.className).toBe('modal-close');
    const withPhotos = ALL.filter((r) => r.photos.length).map((r) => String(r.id));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }));
    expect(id()).toBe(withPhotos[1]);
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' }));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' }));
    expect(id()).toBe(withPhotos.at(-1));
    fireEvent.click(screen.getByRole('button', { name: 'Photo 3 of 4' }));
    expect(document.querySelector('.gallery-caption')!.textContent).toBe('Photo 3 of 4');
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    // Spec §4: the close callback fires after the closing fade, not at once.
    expect(document.querySelector('dialog')!.classList.contains('shown')).toBe(false);
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(document.activeElement).toBe(photo);
    expect((window as unknown as { __xss: number }).__xss).toBe(0);
  });
});
