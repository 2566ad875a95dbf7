/**
 * The star shapes' path data keeps the form a row of five relies on (src/ui/starIcons.ts draws
 * the icon again after a relative move of 24): one absolute move, then relative commands only, and
 * the path closed, so the next icon starts from this one's start point.
 */
import { describe, expect, test } from 'vitest';
import { STAR_PATHS } from '../../../src/ui/starPaths';

describe('STAR_PATHS', () => {
  for (const [style, path] of Object.entries(STAR_PATHS))
    test(`${style}: one absolute move, relative commands after it, closed`, () => {
      expect(path).toMatch(/^M[\d.]+[ ,]?[\d.]+[a-z]/);
      expect(path.slice(1)).not.toMatch(/[A-Z]/);
      expect(path.endsWith('z')).toBe(true);
      expect(path.match(/z/g)).toHaveLength(1);
    });
});
