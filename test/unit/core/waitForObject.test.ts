// @vitest-environment jsdom
/** Spec §9 wait-for-object: every 100 ms, up to 50 tries, then `missing`; stoppable. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { waitForObject } from '../../../src/core/lib/waitForObject';

describe('waitForObject', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  test('found at once, or on a later try', () => {
    const found = vi.fn();
    waitForObject(window, () => 'now', found);
    expect(found).toHaveBeenCalledWith('now');
    let value: string | null = null;
    const later = vi.fn();
    waitForObject(window, () => value, later);
    vi.advanceTimersByTime(250);
    value = 'late';
    vi.advanceTimersByTime(100);
    expect(later).toHaveBeenCalledOnce();
    expect(later).toHaveBeenCalledWith('late');
  });

  test('50 tries, 100 ms apart, then missing once; stop ends it early', () => {
    const find = vi.fn(() => null);
    const missing = vi.fn();
    waitForObject(window, find, vi.fn(), missing);
    vi.advanceTimersByTime(4850);
    expect(missing).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(find).toHaveBeenCalledTimes(50);
    expect(missing).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10_000);
    expect(find).toHaveBeenCalledTimes(50);

    const stopped = vi.fn(() => null);
    waitForObject(window, stopped, vi.fn())();
    vi.advanceTimersByTime(10_000);
    expect(stopped).toHaveBeenCalledOnce();
  });
});
