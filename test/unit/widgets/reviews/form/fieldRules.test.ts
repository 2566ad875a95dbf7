/** The review form's field rules (spec §5 "Review form"), each on its own. */
import { describe, expect, test } from 'vitest';
import {
  canSubmit,
  EMAIL_PATTERN,
  fieldError,
  fieldErrors,
  FIELDS,
  firstInvalid,
  isDirty,
  type FormSnapshot,
} from '../../../../../src/widgets/reviews/form/fieldRules';

describe('name: required, not empty after trimming', () => {
  test.each(['', ' ', '\t\n  '])('%j is required', (value) => expect(fieldError('name', value)).toBe('required'));
  test.each(['A', ' Ann ', 'Zoë O’Brien', '李'])('%j is valid', (value) => expect(fieldError('name', value)).toBeNull());
});

describe('email: optional; when given, a standard address with a top-level domain of 2–24 letters', () => {
  test.each(['', '   '])('%j (nothing given) is valid', (value) => expect(fieldError('email', value)).toBeNull());
  test.each(['a@b.co', 'ann.smith+shop@mail.example.com', ' ann@example.nl ', 'x@sub.domain.museum', `a@b.${'a'.repeat(24)}`, 'A@B.CO'])(
    '%j is valid',
    (value) => expect(fieldError('email', value)).toBeNull(),
  );
  test.each([
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'ann@example.c',
    `a@b.${'a'.repeat(25)}`,
    'ann@example.c0m',
    'ann@example.com1',
    'ann @example.com',
    'ann@exa mple.com',
    'ann@@example.com',
    'ann@example..com',
    'ann@.example.com',
    'ann@example.com.',
  ])('%j is not an address', (value) => expect(fieldError('email', value)).toBe('email'));
  test('the pattern is anchored', () => {
    expect(EMAIL_PATTERN.test('x ann@example.com')).toBe(false);
    expect(EMAIL_PATTERN.test('ann@example.com x')).toBe(false);
  });
});

describe('review: required, at least one character', () => {
  test.each(['', '  \n '])('%j is required', (value) => expect(fieldError('review', value)).toBe('required'));
  test.each(['!', 'Great tee.', ' a '])('%j is valid', (value) => expect(fieldError('review', value)).toBeNull());
});

describe('the whole form', () => {
  test('fieldErrors lists each invalid field; firstInvalid is the first in the order shown', () => {
    expect(FIELDS).toEqual(['name', 'email', 'review']);
    expect(fieldErrors({ name: '', email: 'x', review: '' })).toEqual({ name: 'required', email: 'email', review: 'required' });
    expect(firstInvalid(fieldErrors({ name: 'A', email: 'x', review: '' }))).toBe('email');
    expect(firstInvalid(fieldErrors({ name: 'A', email: '', review: '' }))).toBe('review');
    expect(fieldErrors({ name: 'A', email: '', review: 'B' })).toEqual({});
    expect(firstInvalid({})).toBeUndefined();
  });

  const initial: FormSnapshot = { values: { name: '', email: '', review: '' }, stars: 5, files: 0 };
  test('dirty: any text, the rating or the photos differ from how the form opened', () => {
    expect(isDirty(initial, initial)).toBe(false);
    expect(isDirty({ ...initial, values: { ...initial.values } }, initial)).toBe(false);
    expect(isDirty({ ...initial, values: { ...initial.values, review: 'x' } }, initial)).toBe(true);
    expect(isDirty({ ...initial, stars: 4 }, initial)).toBe(true);
    expect(isDirty({ ...initial, files: 1 }, initial)).toBe(true);
    // An order review opens prefilled: the prefill itself is not a change.
    const prefilled = { ...initial, values: { name: 'Ann', email: 'ann@example.com', review: '' } };
    expect(isDirty(prefilled, prefilled)).toBe(false);
  });

  test('Submit Review is enabled only with every field valid, a dirty form and no invalid file', () => {
    expect(canSubmit({}, true, false)).toBe(true);
    expect(canSubmit({}, false, false)).toBe(false);
    expect(canSubmit({}, true, true)).toBe(false);
    expect(canSubmit({ name: 'required' }, true, false)).toBe(false);
    expect(canSubmit({ email: 'email' }, true, false)).toBe(false);
    expect(canSubmit({ review: 'required' }, true, false)).toBe(false);
  });
});
