/** Spec §9: cache keys fall back to the time rounded to 10,000 seconds when `lastUpdated` is missing. */
import { describe, expect, test } from 'vitest';
import { cacheKey } from '../../../src/core/lib/cacheKey';
import { placementsUrl } from '../../../src/core/lib/placementsUrl';
import { DEFAULT_SETTINGS } from '../../../src/core/parseSettings';
import type { PageContext } from '../../../src/core/pageContext';

describe('cacheKey', () => {
  test("the shop's lastUpdated when there is one", () => {
    expect(cacheKey(1795399010, 0)).toBe('1795399010');
  });
  test('otherwise the time in seconds rounded down to 10,000 s: the same key for 10,000 s, then the next', () => {
    const now = 1_795_399_010_123; // ms
    expect(cacheKey(0, now)).toBe('1795390000');
    expect(cacheKey(0, 1_795_399_999_999)).toBe('1795390000');
    expect(cacheKey(0, 1_795_400_000_000)).toBe('1795400000');
  });
});

describe('placementsUrl', () => {
  const settings = { ...DEFAULT_SETTINGS, providerBase: 'https://p.example/api/', shopId: 'demo shop', lastUpdated: 42 };
  const page = (owner: Partial<PageContext> = {}) => ({ designMode: false, preview: false, ...owner }) as PageContext;
  test('versioned by lastUpdated, per widget and device', () => {
    expect(placementsUrl(settings, page(), 4, true)).toBe('https://p.example/api/placements/demo%20shop/42/4.json?isMobile=1');
    expect(placementsUrl(settings, page(), 6, false)).toBe('https://p.example/api/placements/demo%20shop/42/6.json?isMobile=0');
  });
  test('fresh for the owner in the editor or a preview, who must see a move at once', () => {
    expect(placementsUrl(settings, page({ designMode: true }), 4, false)).toMatch(
      /\/placements\/demo%20shop\/now\d+\/4\.json\?isMobile=0$/,
    );
    expect(placementsUrl(settings, page({ preview: true }), 4, false)).toMatch(/\/now\d+\//);
  });
});
