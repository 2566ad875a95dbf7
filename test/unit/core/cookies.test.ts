// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canUseCookies, getCookie, removeCookie, setCookie } from '../../../src/core/cookies';

afterEach(() => {
  vi.restoreAllMocks();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=;expires=Thu, 01 Jan 1970 00:00:00 GMT;path=/`;
  }
});

/** A fake document whose cookie setter records the strings written. */
const fakeDoc = (protocol = 'https:') => {
  const written: string[] = [];
  const doc = {
    location: { protocol },
    get cookie() {
      return 'a=1; vtl_currency=EUR%20%E2%82%AC; broken=%E0%A4%A';
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  return { doc: doc as unknown as Document, written };
};

describe('cookies', () => {
  it('writes SameSite=Strict, path=/, expiry, Secure on https', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const { doc, written } = fakeDoc('https:');
    setCookie('vtl_currency', 'EUR €', 365, doc);
    vi.useRealTimers();
    expect(written).toEqual(['vtl_currency=EUR%20%E2%82%AC;expires=Thu, 01 Jan 2026 00:00:00 GMT;path=/;SameSite=Strict;Secure']);
  });

  it('omits Secure on http', () => {
    const { doc, written } = fakeDoc('http:');
    setCookie('u', 'x', 7, doc);
    expect(written[0]).toMatch(/^u=x;expires=.*;path=\/;SameSite=Strict$/);
  });

  it('spies on the real document.cookie setter', () => {
    const proto = Object.getPrototypeOf(document);
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const set = vi.fn();
    Object.defineProperty(document, 'cookie', { configurable: true, get: () => desc.get!.call(document), set });
    try {
      setCookie('vtl_uid', 'abc', 7);
      expect(set).toHaveBeenCalledOnce();
      expect(set.mock.calls[0][0]).toContain(';SameSite=Strict');
      expect(set.mock.calls[0][0]).toContain(';path=/');
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
    expect(Object.getPrototypeOf(document)).toBe(proto);
  });

  it('reads and decodes values, tolerating bad encoding', () => {
    const { doc } = fakeDoc();
    expect(getCookie('vtl_currency', doc)).toBe('EUR €');
    expect(getCookie('a', doc)).toBe('1');
    expect(getCookie('broken', doc)).toBe('%E0%A4%A');
    expect(getCookie('missing', doc)).toBeNull();
  });

  it('round-trips on the jsdom document and removes', () => {
    setCookie('vtl_test', 'a b;c', 1);
    expect(getCookie('vtl_test')).toBe('a b;c');
    removeCookie('vtl_test');
    expect(getCookie('vtl_test')).toBeNull();
  });

  it('never throws when cookie access throws (sandboxed frame)', () => {
    const doc = {
      location: { protocol: 'https:' },
      get cookie(): string {
        throw new DOMException('sandboxed', 'SecurityError');
      },
      set cookie(_v: string) {
        throw new DOMException('sandboxed', 'SecurityError');
      },
    } as unknown as Document;
    expect(canUseCookies(doc)).toBe(false);
    expect(getCookie('a', doc)).toBeNull();
    expect(() => setCookie('a', 'b', 1, doc)).not.toThrow();
    expect(() => removeCookie('a', doc)).not.toThrow();
    expect(canUseCookies(document)).toBe(true);
    expect(canUseCookies()).toBe(true);
  });
});
