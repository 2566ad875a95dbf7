import { describe, expect, test } from 'vitest';
import { formatClock, resumeTimer, secondsLeft } from '../../../src/widgets/cart-reserved/timer';

describe('cart-reserved timer (spec §4)', () => {
  test('starts at 600 s when nothing is stored', () => {
    expect(resumeTimer(null, 1_000_000)).toEqual({ start: 1_000_000, remaining: 600 });
  });
  test('resumes: remaining is reduced by the elapsed time', () => {
    expect(resumeTimer(1_000_000, 1_000_000 + 90_000)).toEqual({ start: 1_000_000, remaining: 510 });
  });
  test('restarts when more than 600 s have passed, or the stored start is in the future', () => {
    expect(resumeTimer(1_000_000, 1_000_000 + 600_001)).toEqual({ start: 1_600_001, remaining: 600 });
    expect(resumeTimer(2_000_000, 1_000_000)).toEqual({ start: 1_000_000, remaining: 600 });
    expect(resumeTimer(Number.NaN, 5)).toEqual({ start: 5, remaining: 600 });
  });
  test('secondsLeft never goes negative; clock is mm:ss', () => {
    expect(secondsLeft(0, 700_000)).toBe(0);
    expect(secondsLeft(0, 1_500)).toBe(599);
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(119)).toBe('01:59');
    expect(formatClock(-3)).toBe('00:00');
  });
});
