// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../../src/core/storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('createStorage', () => {
  it('namespaces keys with vitrine:', () => {
    const s = createStorage('local');
    s.set('k', 'v');
    expect(localStorage.getItem('vitrine:k')).toBe('v');
    expect(s.get('k')).toBe('v');
    s.remove('k');
    expect(localStorage.getItem('vitrine:k')).toBeNull();
    expect(s.get('k')).toBeNull();
  });

  it('session kind uses sessionStorage', () => {
    createStorage('session').set('x', '1');
    expect(sessionStorage.getItem('vitrine:x')).toBe('1');
    expect(localStorage.getItem('vitrine:x')).toBeNull();
  });

  it('stores JSON and tolerates garbage', () => {
    const s = createStorage('local');
    s.setJSON('o', { a: [1, 2] });
    expect(s.getJSON<{ a: number[] }>('o')).toEqual({ a: [1, 2] });
    localStorage.setItem('vitrine:bad', '{nope');
    expect(s.getJSON('bad')).toBeNull();
    expect(s.getJSON('missing')).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => s.setJSON('c', cyclic)).not.toThrow();
    expect(s.get('c')).toBeNull();
  });

  it('falls back to memory on QuotaExceededError', () => {
    const s = createStorage('local');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => s.set('cart', '3')).not.toThrow();
    expect(s.get('cart')).toBe('3');
    s.setJSON('j', [1]);
    expect(s.getJSON('j')).toEqual([1]);
    s.remove('cart');
    expect(s.get('cart')).toBeNull();
    // other instances do not see this instance's memory
    expect(createStorage('local').get('j')).toBeNull();
  });

  it('works in memory when storage access itself throws (sandbox / private mode)', () => {
    const desc = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      const s = createStorage('local');
      expect(s.get('a')).toBeNull();
      s.set('a', '1');
      expect(s.get('a')).toBe('1');
      s.remove('a');
      expect(s.get('a')).toBeNull();
    } finally {
      Object.defineProperty(window, 'localStorage', desc);
    }
  });

  it('never throws when getItem/removeItem throw', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('x');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('x');
    });
    const s = createStorage('session');
    expect(s.get('a')).toBeNull();
    expect(() => s.remove('a')).not.toThrow();
  });
});
