// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../../src/core/storage';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('createStorage', () => {
  it('namespaces keys with vitrine:', () => {
    const storage = createStorage();
    storage.set('k', 'v');
    expect(localStorage.getItem('vitrine:k')).toBe('v');
    expect(storage.get('k')).toBe('v');
    storage.remove('k');
    expect(localStorage.getItem('vitrine:k')).toBeNull();
    expect(storage.get('k')).toBeNull();
  });

  it('stores JSON and tolerates garbage', () => {
    const storage = createStorage();
    storage.setJSON('o', { a: [1, 2] });
    expect(storage.getJSON<{ a: number[] }>('o')).toEqual({ a: [1, 2] });
    localStorage.setItem('vitrine:bad', '{nope');
    expect(storage.getJSON('bad')).toBeNull();
    expect(storage.getJSON('missing')).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => storage.setJSON('c', cyclic)).not.toThrow();
    expect(storage.get('c')).toBeNull();
  });

  it('falls back to memory on QuotaExceededError', () => {
    const storage = createStorage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => storage.set('cart', '3')).not.toThrow();
    expect(storage.get('cart')).toBe('3');
    storage.setJSON('j', [1]);
    expect(storage.getJSON('j')).toEqual([1]);
    storage.remove('cart');
    expect(storage.get('cart')).toBeNull();
    // other instances do not see this instance's memory
    expect(createStorage().get('j')).toBeNull();
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
      const storage = createStorage();
      expect(storage.get('a')).toBeNull();
      storage.set('a', '1');
      expect(storage.get('a')).toBe('1');
      storage.remove('a');
      expect(storage.get('a')).toBeNull();
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
    const storage = createStorage();
    expect(storage.get('a')).toBeNull();
    expect(() => storage.remove('a')).not.toThrow();
  });
});
