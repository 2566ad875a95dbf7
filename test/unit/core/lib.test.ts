import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce } from '../../../src/core/lib/debounce';
import { formatRating } from '../../../src/core/lib/formatRating';

afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('calls once after the quiet period with the last args (default 50 ms)', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    const debounced = debounce(callback);
    debounced(1);
    vi.advanceTimersByTime(30);
    debounced(2);
    vi.advanceTimersByTime(49);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('cancel() prevents the pending call', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    const debounced = debounce(callback, 500);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
    debounced();
    vi.advanceTimersByTime(500);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does not let a throwing callback escape the timer', () => {
    vi.useFakeTimers();
    const debounced = debounce(() => {
      throw new Error('x');
    });
    debounced();
    expect(() => vi.advanceTimersByTime(50)).not.toThrow();
  });
});

describe('formatRating', () => {
  it('one decimal, rounded as the provider rounds; a decimal comma where the language writes one', () => {
    expect(formatRating(4.6, 'en')).toBe('4.6');
    expect(formatRating(4, 'en-us')).toBe('4.0');
    expect(formatRating(3.66, 'en')).toBe('3.7');
    expect(formatRating(3.7, 'nl')).toBe('3,7');
    expect(formatRating(3.7, 'es-mx')).toBe('3,7');
    expect(formatRating(3.7, 'de')).toBe('3,7');
    expect(formatRating(3.7, 'ja')).toBe('3.7');
    // Whole language codes only: 'esperanto-like' codes do not match a prefix by accident.
    expect(formatRating(3.7, 'est')).toBe('3.7');
  });
});
