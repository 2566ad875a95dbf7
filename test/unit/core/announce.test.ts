// @vitest-environment jsdom
/**
 * The window events widgets fire for the page and the owner's hooks: `vitrine:interaction` (and,
 * with a detail, `vitrine:<name>`), and `vitrine:rendered`.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { CURRENCY_CHANGED_EVENT, OFFER_ACCEPTED_EVENT, RENDERED_EVENT, REVIEW_SUBMITTED_EVENT } from '../../../src/core/constants';
import { announceInteraction } from '../../../src/core/lib/announceInteraction';
import { announceRendered } from '../../../src/core/lib/announceRendered';

const heard: [string, unknown][] = [];
const TYPES = [
  'vitrine:interaction',
  REVIEW_SUBMITTED_EVENT,
  OFFER_ACCEPTED_EVENT,
  CURRENCY_CHANGED_EVENT,
  RENDERED_EVENT,
  'vitrine:filter-used',
];
const listen = (event: Event) => heard.push([event.type, (event as CustomEvent).detail]);
for (const type of TYPES) addEventListener(type, listen);
afterEach(() => void (heard.length = 0));

describe('announceInteraction', () => {
  test('the interaction alone, or followed by the event of its name with the detail', () => {
    announceInteraction('filter-used');
    announceInteraction('review-submitted', { review: { stars: 4 }, productHandle: 'tee' });
    announceInteraction('offer-accepted', { offerId: 'demo-bundle', variantId: 7 });
    announceInteraction('currency-changed', { currency: 'EUR' });
    expect(heard).toEqual([
      ['vitrine:interaction', { name: 'filter-used' }],
      ['vitrine:interaction', { name: 'review-submitted' }],
      [REVIEW_SUBMITTED_EVENT, { review: { stars: 4 }, productHandle: 'tee' }],
      ['vitrine:interaction', { name: 'offer-accepted' }],
      [OFFER_ACCEPTED_EVENT, { offerId: 'demo-bundle', variantId: 7 }],
      ['vitrine:interaction', { name: 'currency-changed' }],
      [CURRENCY_CHANGED_EVENT, { currency: 'EUR' }],
    ]);
  });
});

describe('announceRendered', () => {
  test('vitrine:rendered with the widget and its host', () => {
    const host = document.createElement('div');
    announceRendered(host, 'reviews');
    expect(heard).toEqual([[RENDERED_EVENT, { widget: 'reviews', host }]]);
  });
});
