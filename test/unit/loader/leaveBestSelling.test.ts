/** Spec §2: a listing URL sorted by best-selling moves to 'manual' (the loader, as it starts). */
import { describe, expect, test, vi } from 'vitest';
import { leaveBestSelling } from '../../../src/loader/leaveBestSelling';

describe('leaveBestSelling', () => {
  const at = (url: string) => {
    const u = new URL(url);
    return { pathname: u.pathname, search: u.search, hash: u.hash, replace: vi.fn() } as unknown as Location & {
      replace: ReturnType<typeof vi.fn>;
    };
  };

  test('best-selling → manual, other parameters and the hash kept, no history entry', () => {
    const loc = at('https://shop.test/collections/all?filter.v.price.gte=1&sort_by=best-selling&page=2#grid');
    expect(leaveBestSelling(loc)).toBe(true);
    expect(loc.replace).toHaveBeenCalledWith('/collections/all?filter.v.price.gte=1&sort_by=manual&page=2#grid');
  });

  test('any other sort, or none, stays', () => {
    for (const url of [
      'https://shop.test/collections/all',
      'https://shop.test/collections/all?sort_by=price-ascending',
      'https://shop.test/collections/all?q=best-selling',
    ]) {
      const loc = at(url);
      expect(leaveBestSelling(loc)).toBe(false);
      expect(loc.replace).not.toHaveBeenCalled();
    }
  });
});
