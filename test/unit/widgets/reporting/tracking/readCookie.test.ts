/**
 * `readCookie` (the cookies tracking reads): a name is matched whole, its value URI-decoded when
 * it can be, and a page whose cookies cannot be read gives null, never a throw.
 */
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../../../../src/widgets/reporting/tracking/lib/readCookie';

/** A document whose `cookie` is `jar` (a string, as the browser joins them, or a throwing getter). */
const docWith = (jar: string | (() => string)) =>
  (typeof jar === 'string' ? { cookie: jar } : Object.defineProperty({}, 'cookie', { get: jar })) as Document;

describe('readCookie', () => {
  const jar = 'cart_ts=1700000000; cart=c1%2Fabc; xvitrine_uid=nope; vitrine_uid=0123456789abcdef01234567; empty=; bad=%E0%A4%A';

  it('finds a cookie wherever it stands, matching its whole name', () => {
    expect(readCookie(docWith(jar), 'cart')).toBe('c1/abc');
    expect(readCookie(docWith(jar), 'cart_ts')).toBe('1700000000');
    expect(readCookie(docWith(jar), 'vitrine_uid')).toBe('0123456789abcdef01234567');
    expect(readCookie(docWith('vitrine_uid=first; a=1'), 'vitrine_uid')).toBe('first');
  });

  it('an empty value is one; a missing cookie is null', () => {
    expect(readCookie(docWith(jar), 'empty')).toBe('');
    expect(readCookie(docWith(jar), 'vitrine_sid')).toBeNull();
    expect(readCookie(docWith(jar), 'uid')).toBeNull();
    expect(readCookie(docWith(''), 'cart')).toBeNull();
  });

  it('a value that does not URI-decode is given as it is', () => {
    expect(readCookie(docWith(jar), 'bad')).toBe('%E0%A4%A');
  });

  it('cookies that cannot be read (a sandboxed frame) give null', () => {
    const sandboxed = docWith(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    expect(readCookie(sandboxed, 'cart')).toBeNull();
  });
});
