// @vitest-environment jsdom
/** Spec §7 placement report: `{ s, i: [used placement ids] }`, each id once, none when nothing was placed. */
import { describe, expect, test } from 'vitest';
import { placementReport } from '../../../../../src/widgets/reporting/tracking/placementReport';

describe('placementReport', () => {
  test('the ids of the mount points made, each once; nothing to send when none', () => {
    document.body.innerHTML = '';
    expect(placementReport(document, 'demo')).toBeNull();
    document.body.innerHTML = `
      <div data-vitrine-mount="reviews" data-vitrine-placement="owner-4-d"></div>
      <div data-vitrine-mount="offer-card" data-vitrine-placement="atc-form"></div>
      <div data-vitrine-mount="cart-reserved" data-vitrine-placement="atc-form"></div>
      <div data-vitrine-mount="x" data-vitrine-placement="bad id with spaces"></div>
      <div data-vitrine-mount="star-snippets"></div>`;
    expect(JSON.parse(placementReport(document, 'demo')!)).toEqual({ s: 'demo', i: ['owner-4-d', 'atc-form'] });
  });

  test("a page's Array.prototype.toJSON (Prototype.js) does not turn the ids into a string the provider refuses", () => {
    document.body.innerHTML = '<div data-vitrine-mount="reviews" data-vitrine-placement="owner-4-d"></div>';
    // What Prototype.js 1.6 (still on old themes) puts there: a toJSON returning a string.
    Object.defineProperty(Array.prototype, 'toJSON', {
      configurable: true,
      value: function (this: unknown[]) {
        return `[${this.map((item) => JSON.stringify(item)).join(', ')}]`;
      },
    });
    try {
      expect(JSON.parse(placementReport(document, 'demo')!)).toEqual({ s: 'demo', i: ['owner-4-d'] });
    } finally {
      delete (Array.prototype as { toJSON?: unknown }).toJSON;
    }
  });
});
