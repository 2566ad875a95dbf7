/** Idempotency keys: the contract's shape, one per attempt, the same for a retry of the same content. */
import { describe, expect, test } from 'vitest';
import { attemptKey, newIdempotencyKey } from '../../../../../src/widgets/reviews/form/idempotency';

describe('idempotency keys', () => {
  test('8–64 characters of [A-Za-z0-9_-], different every time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
  test('a retry of the open attempt (same content) reuses its key; other content gets a new one', () => {
    let made = 0;
    const newKey = () => `key-${++made}`;
    expect(attemptKey(null, 'A', newKey)).toBe('key-1');
    const open = { content: 'A', key: 'key-1' };
    expect(attemptKey(open, 'A', newKey)).toBe('key-1');
    expect(attemptKey(open, 'B', newKey)).toBe('key-2');
    expect(made).toBe(2);
  });
});
