/** What the shopper is shown for each answer to a submission (spec §4, §8): one decision, every case. */
import { describe, expect, test } from 'vitest';
import { decideAnswer } from '../../../../../src/widgets/reviews/form/submitAnswer';

/** A RequestError as the wrapper makes it: a failed response's JSON body as `data`. */
const requestError = (status: number, data?: unknown) =>
  Object.assign(
    new Error(`HTTP ${status}`),
    { name: 'RequestError', status, url: '/api/add-new-review' },
    data === undefined ? {} : { data },
  );
const review = { id: 'r1', name: 'Ann', stars: 5, review: 'Great', photos: [], thumbnails: [] };

describe('decideAnswer', () => {
  test('success: the review, pending or published', () => {
    expect(decideAnswer({ body: { success: true, review: { ...review, status: 'pending' } } })).toEqual({
      kind: 'added',
      review: { ...review, status: 'pending' },
      pending: true,
    });
    expect(decideAnswer({ body: { success: true, review: { ...review, status: 'published' } } })).toMatchObject({
      kind: 'added',
      pending: false,
    });
    // Stored, even if the review is missing: the widget just has nothing to show for it.
    expect(decideAnswer({ body: { success: true } })).toEqual({ kind: 'added', review: undefined, pending: false });
  });

  test("success:false without messages: 'Server Error. Please try again later'", () => {
    expect(decideAnswer({ body: { success: false } })).toEqual({ kind: 'serverError' });
    expect(decideAnswer({ body: { success: false, errors: [] } })).toEqual({ kind: 'serverError' });
    expect(decideAnswer({ body: { success: false, errors: ['', 3, null], error: {} } })).toEqual({ kind: 'serverError' });
    expect(decideAnswer({ error: requestError(500, { success: false }) })).toEqual({ kind: 'serverError' });
  });

  test('an errors array: each message shown as given', () => {
    const body = { success: false, errors: ['Name is required', 'Too many photos'], error: { code: 'invalid', message: 'Invalid review' } };
    expect(decideAnswer({ error: requestError(400, body) })).toEqual({
      kind: 'rejected',
      messages: ['Name is required', 'Too many photos'],
    });
    expect(decideAnswer({ body })).toEqual({ kind: 'rejected', messages: ['Name is required', 'Too many photos'] });
    for (const status of [404, 409, 413, 415, 429]) {
      expect(decideAnswer({ error: requestError(status, { success: false, errors: [`status ${status}`] }) })).toEqual({
        kind: 'rejected',
        messages: [`status ${status}`],
      });
    }
  });

  test('an error object: its message', () => {
    expect(
      decideAnswer({ error: requestError(429, { success: false, error: { code: 'rate_limited', message: 'Please wait a minute.' } }) }),
    ).toEqual({
      kind: 'rejected',
      messages: ['Please wait a minute.'],
    });
    expect(decideAnswer({ error: requestError(413, { success: false, errors: [], error: { message: 'Photos too large' } }) })).toEqual({
      kind: 'rejected',
      messages: ['Photos too large'],
    });
    expect(decideAnswer({ error: requestError(400, { error: { message: 'No success flag' } }) })).toEqual({
      kind: 'rejected',
      messages: ['No success flag'],
    });
  });

  test('messages are text, cleaned and capped: control characters out, spaces collapsed, 300 characters, 5 messages', () => {
    const long = 'x'.repeat(400);
    const answer = decideAnswer({ body: { success: false, errors: ['  a\u0000b\n\tc  ', long, 'c', { html: '<b>' }, 'd', 'e', 'f'] } });
    expect(answer).toEqual({ kind: 'rejected', messages: ['a b c', 'x'.repeat(300), 'c', 'd', 'e'] });
  });

  test("anything else: 'The review could not be added…' (network, timeout, 5xx without body, budget spent, odd shapes)", () => {
    const network = Object.assign(new Error('Network error'), { name: 'RequestError', status: 0, url: '/x' });
    const timeout = Object.assign(new Error('Request timeout after 40000 ms'), { name: 'TimeoutError', status: 0, url: '/x' });
    for (const outcome of [
      { error: network },
      { error: timeout },
      { error: requestError(502) },
      { error: requestError(500, 'Internal error') },
      { error: requestError(503, null) },
      { error: new TypeError('x') },
      { error: null },
      { body: null },
      { body: 'OK' },
      { body: {} },
      { body: { review } },
      { error: requestError(200, { success: true, review }) },
    ]) {
      expect(decideAnswer(outcome), JSON.stringify(outcome)).toEqual({ kind: 'failed' });
    }
  });
});
