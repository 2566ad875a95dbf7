/**
 * `src/core/index.ts` is the documented library surface (README, "Library"): exactly these
 * exports, nothing more. A new public helper is a decision: add it here and to the README.
 */
import { expect, test } from 'vitest';
import * as core from '../../../src/core';

test('the core library exports exactly its documented surface', () => {
  expect(Object.keys(core).sort()).toEqual(['detectPageType', 'formatMoney', 'isBot', 'localeRoot']);
  expect(core.localeRoot('/es/products/tee')).toBe('/es');
  expect(core.detectPageType('/es/products/tee')).toBe('product');
  expect(core.formatMoney(123456, '{{amount_with_comma_separator}} €')).toBe('1.234,56 €');
  expect(core.isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
});
