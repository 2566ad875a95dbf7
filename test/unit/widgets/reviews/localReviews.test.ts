// @vitest-environment jsdom
/** The shopper's local list of submitted reviews (spec §4, §9): at most 10, newest first, shown until the provider lists them. */
import { afterEach, describe, expect, test } from 'vitest';
import { SUBMITTED_REVIEWS_KEY } from '../../../../src/core/constants';
import { createStorage } from '../../../../src/core/storage';
import { saveLocalReview, withSubmitted } from '../../../../src/widgets/reviews/form/saveLocalReview';
import { localReviews } from '../../../../src/widgets/reviews/localReviews';
import { toReview } from '../../../../src/widgets/reviews/api';

const raw = (id: string, stars = 5) => ({ id, name: `N${id}`, stars, review: `Text ${id}`, timestamp: 1, photos: [], status: 'pending' });
const entry = (id: string, handle = 'tee', pending = true, stars = 5) => ({ handle, pending, review: raw(id, stars) });

afterEach(() => localStorage.clear());

describe('withSubmitted: the local list', () => {
  test('a new submission goes to the front; at most 10 are kept, the oldest dropped', () => {
    let list: unknown = null;
    for (let index = 1; index <= 12; index++) list = withSubmitted(list, entry(String(index)));
    const ids = (list as ReturnType<typeof entry>[]).map((stored) => stored.review.id);
    expect(ids).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
  });
  test('the same review again replaces its older copy; whatever was stored that is not a list starts a new one', () => {
    const list = withSubmitted([entry('1'), entry('2')], { ...entry('1'), pending: false });
    expect(list).toEqual([{ ...entry('1'), pending: false }, entry('2')]);
    for (const junk of [null, 'x', { a: 1 }, 7]) expect(withSubmitted(junk, entry('1'))).toEqual([entry('1')]);
  });
  test('saveLocalReview stores it in local storage (namespaced); a review without an id is not kept (false: the form reports it, 3700)', () => {
    const storage = createStorage();
    expect(saveLocalReview(storage, entry('1'))).toBe(true);
    saveLocalReview(storage, entry('2', 'hat'));
    expect(saveLocalReview(storage, { handle: 'tee', pending: true, review: { name: 'no id' } })).toBe(false);
    expect(saveLocalReview(storage, { handle: 'tee', pending: true, review: undefined })).toBe(false);
    expect(JSON.parse(localStorage.getItem(`vitrine:${SUBMITTED_REVIEWS_KEY}`)!)).toEqual([entry('2', 'hat'), entry('1')]);
  });
});

describe('localReviews: the merge with the provider list', () => {
  const listed = [toReview(raw('3'))!, toReview(raw('9'))!];
  test("this product's stored reviews the provider does not list yet, newest first, pending ones marked", () => {
    const stored = [entry('1'), entry('2', 'hat'), entry('3'), { ...entry('4'), pending: false }];
    const mine = localReviews(stored, 'tee', listed, null);
    expect(mine.map((review) => [review.id, review.pending])).toEqual([
      ['1', true],
      ['4', false],
    ]);
    expect(mine[0]).toMatchObject({ name: 'N1', review: 'Text 1', thumbnails: [] });
  });
  test('an entry disappears once the provider lists its id', () => {
    const stored = [entry('1'), entry('2')];
    expect(localReviews(stored, 'tee', [], null).map((review) => review.id)).toEqual(['1', '2']);
    expect(localReviews(stored, 'tee', [toReview(raw('2'))!], null).map((review) => review.id)).toEqual(['1']);
  });
  test('under a star filter only the matching ones', () => {
    const stored = [entry('1', 'tee', true, 4), entry('2', 'tee', true, 5)];
    expect(localReviews(stored, 'tee', [], 4).map((review) => review.id)).toEqual(['1']);
  });
  test('storage is the page’s: anything that is not a valid review is left out', () => {
    const stored = [null, 'x', { handle: 'tee' }, { handle: 'tee', review: { name: 'no id' } }, { handle: 'tee', review: raw('5') }, 42];
    expect(localReviews(stored, 'tee', [], null).map((review) => [review.id, review.pending])).toEqual([['5', false]]);
    expect(localReviews({ not: 'a list' }, 'tee', [], null)).toEqual([]);
    expect(
      localReviews([{ handle: 'tee', review: { ...raw('6'), review: '<img src=x onerror=alert(1)>' } }], 'tee', [], null)[0]!.review,
    ).toBe(
      '<img src=x onerror=alert(1)>', // as text; the list sanitizes on insertion like any review
    );
  });
});
