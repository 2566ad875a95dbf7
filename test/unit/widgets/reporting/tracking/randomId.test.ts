import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '../../../../../src/widgets/reporting/tracking/lib/randomId';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('randomId', () => {
  it('gives 24 hex digits, different each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[\da-f]{24}$/);
  });

  it('still gives 24 digits when a draw has few (0.5 is "0.8")', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(randomId()).toBe('8'.repeat(24));
  });
});
