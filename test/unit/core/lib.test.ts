import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce } from '../../../src/core/lib/debounce';
import { escapeHtml } from '../../../src/core/lib/escapeHtml';
import { formatRating } from '../../../src/core/lib/formatRating';
import { truncate } from '../../../src/core/lib/truncate';
import { waitForObject } from '../../../src/core/lib/waitForObject';

afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('calls once after the quiet period with the last args (default 50 ms)', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn);
    d(1);
    vi.advanceTimersByTime(30);
    d(2);
    vi.advanceTimersByTime(49);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('cancel() prevents the pending call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 500);
    d();
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    d();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledOnce();
  });

  it('does not let a throwing callback escape the timer', () => {
    vi.useFakeTimers();
    const d = debounce(() => {
      throw new Error('x');
    });
    d();
    expect(() => vi.advanceTimersByTime(50)).not.toThrow();
  });
});

describe('waitForObject', () => {
  it('resolves synchronously-available values on the first check', async () => {
    const get = vi.fn(() => 1);
    const p = waitForObject(get);
    expect(get).toHaveBeenCalledOnce();
    await expect(p).resolves.toBe(1);
  });

  it('polls every 100 ms until the value appears', async () => {
    vi.useFakeTimers();
    let v: { ok: true } | undefined;
    const get = vi.fn(() => v);
    const p = waitForObject(get);
    await vi.advanceTimersByTimeAsync(300);
    expect(get).toHaveBeenCalledTimes(4);
    v = { ok: true };
    await vi.advanceTimersByTimeAsync(100);
    await expect(p).resolves.toEqual({ ok: true });
    expect(get).toHaveBeenCalledTimes(5);
  });

  it('rejects with a clear error after 50 tries', async () => {
    vi.useFakeTimers();
    const get = vi.fn(() => null);
    const p = waitForObject(get);
    const check = expect(p).rejects.toThrow(/not available after 50 tries/);
    await vi.advanceTimersByTimeAsync(100 * 60);
    await check;
    expect(get).toHaveBeenCalledTimes(50);
  });

  it('treats a throwing getter as not there yet and honours options', async () => {
    vi.useFakeTimers();
    let n = 0;
    const p = waitForObject(
      () => {
        if (++n < 3) throw new Error('not yet');
        return 0;
      },
      { interval: 10, tries: 5 },
    );
    await vi.advanceTimersByTimeAsync(20);
    await expect(p).resolves.toBe(0);
  });
});

describe('truncate', () => {
  it('keeps short text', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('exactly10!', 10)).toBe('exactly10!');
  });
  it('cuts at a word boundary and adds an ellipsis', () => {
    expect(truncate('The quick brown fox jumps', 12)).toBe('The quick…');
    expect(truncate('The quick brown fox', 11)).toBe('The quick…');
    expect(truncate('Hello, world again', 9)).toBe('Hello…');
    expect(truncate('The quick brown fox jumps', 12).length).toBeLessThanOrEqual(12);
  });
  it('hard-cuts one long word and never splits emoji', () => {
    expect(truncate('Supercalifragilistic', 8)).toBe('Superca…');
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(5)).toBe('5');
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
