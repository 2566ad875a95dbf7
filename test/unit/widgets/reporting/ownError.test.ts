// @vitest-environment jsdom
/** Which of the page's uncaught errors are ours (spec §8 'VTL:CRITICAL'): thrown from our chunks only. */
import { describe, expect, it } from 'vitest';
import { ownError } from '../../../../src/widgets/reporting/ownError';

const CHUNKS = 'https://p.example/vitrine/chunks/';
const errorEvent = (init: ErrorEventInit) => new ErrorEvent('error', init);
const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

describe('ownError', () => {
  it('claims an error thrown in one of our chunks, by the file of the event or by a stack line', () => {
    const thrown = new Error('ours');
    expect(ownError(errorEvent({ error: thrown, filename: `${CHUNKS}reviews-abc123.js` }), CHUNKS)).toBe(thrown);
    thrown.stack = `Error: ours\n    at x (${CHUNKS}framework-abc123.js:1:2)`;
    expect(ownError(errorEvent({ error: thrown, filename: '' }), CHUNKS)).toBe(thrown);
    expect(ownError(rejection(thrown), CHUNKS)).toBe(thrown);
    // A cross-origin script error with our file but no error object: its message stands in.
    expect(ownError(errorEvent({ message: 'Script error.', filename: `${CHUNKS}reviews-abc123.js` }), CHUNKS)).toBe('Script error.');
  });

  it("leaves the shop's own errors alone", () => {
    const shop = new Error('the shop');
    shop.stack = 'Error: the shop\n    at theme (https://shop.example/cdn/theme.js:10:5)';
    expect(ownError(errorEvent({ error: shop, filename: 'https://shop.example/cdn/theme.js' }), CHUNKS)).toBeUndefined();
    expect(ownError(rejection(shop), CHUNKS)).toBeUndefined();
    expect(ownError(rejection('a string'), CHUNKS)).toBeUndefined();
    expect(ownError(errorEvent({ message: 'Script error.' }), CHUNKS)).toBeUndefined();
  });

  it('never throws on a hostile thrown value', () => {
    const hostile = {
      get stack(): string {
        throw new Error('x');
      },
    };
    expect(ownError(rejection(hostile), CHUNKS)).toBeUndefined();
  });
});
