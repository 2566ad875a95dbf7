/** Review stats read from the provider's wire format (spec §3 `{ r, s, d }`) into `ReviewStats`. */
import { describe, expect, test } from 'vitest';
import { toReviewStats } from '../../../src/core/reviewStats';

describe('toReviewStats', () => {
  test('reads r, s and d into count, average and byStars', () => {
    expect(toReviewStats({ r: 3, s: 4.33, d: { 5: 2, 4: 1, 3: 'x' } })).toEqual({
      count: 3,
      average: 4.33,
      byStars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 },
    });
  });
  test('clamps and defaults', () => {
    expect(toReviewStats(null).count).toBe(0);
    expect(toReviewStats({ r: 2.7, s: 9, d: { 1: -4, 2: 1.5, 5: Infinity } })).toEqual({
      count: 2,
      average: 5,
      byStars: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 },
    });
    expect(toReviewStats({ r: '3', s: NaN, d: 'x' })).toEqual({ count: 0, average: 0, byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
  test('stats without reviews are all zero, whatever the average and the counts per star claim', () => {
    expect(toReviewStats({ r: 0, s: 4, d: { 5: 3 } })).toEqual({ count: 0, average: 0, byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
});
