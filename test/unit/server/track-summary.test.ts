/** What one tracking request adds to the day's counters (trackSummary.ts) and how error reports group (errorGroup.ts). */
import { describe, expect, it } from 'vitest';
import { errorSource, groupMessage } from '../../../server/provider/errorGroup.ts';
import { summarizeTrack } from '../../../server/provider/trackSummary.ts';

describe('summarizeTrack', () => {
  it('counts the events the tracking chunk sends', () => {
    const summary = summarizeTrack(
      [
        { type: 'page_view' },
        { type: 'impression', widget: 'reviews', count: 2 },
        { type: 'impression', widget: 'reviews' },
        { type: 'interaction', name: 'filter-used' },
        { type: 'interaction', name: 'filter-used' },
        { type: 'add_to_cart' },
        { type: 'heartbeat' },
      ],
      { userUid: 'a1b2c3d4e5f6a1b2c3d4e5f6', sessionId: 'f6e5d4c3b2a1f6e5d4c3b2a1' },
    );
    expect(summary).toEqual({
      pageViews: 1,
      userUid: 'a1b2c3d4e5f6a1b2c3d4e5f6',
      sessionId: 'f6e5d4c3b2a1f6e5d4c3b2a1',
      impressions: { reviews: 3 },
      interactions: { 'filter-used': 2 },
      addToCarts: 1,
      sawReviews: true,
    });
  });

  it('counts nothing from noise: odd names, odd counts, odd ids', () => {
    const summary = summarizeTrack(
      [
        { type: 'impression', widget: 'Reviews<script>', count: 1 },
        { type: 'impression', widget: 'reviews', count: 0 },
        { type: 'impression', widget: 'reviews', count: 1.5 },
        { type: 'impression', widget: 'reviews', count: 100_000 },
        { type: 'impression', widget: 'reviews', count: [7] },
        { type: 'impression', widget: 'reviews', count: true },
        { type: 'impression', widget: 'reviews', count: '' },
        { type: 'impression', widget: 'reviews', count: null },
        { type: 'interaction', name: 'x'.repeat(41) },
        { type: 'interaction', name: 42 },
        { type: 'impression', widget: 'currency-converter' },
      ],
      { userUid: 'short', sessionId: { id: 1 } },
    );
    expect(summary).toEqual({
      pageViews: 0,
      userUid: null,
      sessionId: null,
      impressions: { 'currency-converter': 1 },
      interactions: {},
      addToCarts: 0,
      sawReviews: false,
    });
  });
});

describe('error groups', () => {
  it('folds numbers and URLs in messages, and cuts them', () => {
    expect(groupMessage('HTTP 503 for GET https://p.example/api/x.json?v=2')).toBe('HTTP # for GET <url>');
    expect(groupMessage('price 12.50 could not be converted\n  twice')).toBe('price # could not be converted twice');
    expect(groupMessage('m'.repeat(500))).toHaveLength(300);
    expect(groupMessage(null)).toBe('');
  });

  it('names the source chunk: the widget given, else our first chunk in the stack, else the loader', () => {
    expect(errorSource('star-snippets', 'at x (https://p/vitrine/chunks/reviews-a1b2c3.js:1:1)')).toBe('star-snippets');
    expect(errorSource(undefined, 'Error\n at x (https://p/vitrine/chunks/reviews.modal-Ab_12-.js:1:1)')).toBe('reviews.modal');
    expect(errorSource(undefined, 'Error\n at x (https://p/demo/vitrine.js:1:1)')).toBe('loader');
    expect(errorSource('<b>', null)).toBe('');
  });
});
