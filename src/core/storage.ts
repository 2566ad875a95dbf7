/**
 * Web storage that never throws. Storage access throws in sandboxed frames
 * and some private modes, and `setItem` throws QuotaExceededError when full
 * (spec §8 lists both among noise we must not report); we then keep the
 * value in memory for this instance so the page view still works.
 */
import { toJson } from './lib/toJson';

/** Namespace prefix for storage keys, so we never clash with theme keys. */
const STORAGE_PREFIX = 'vitrine:';

/** Namespaced, never-throwing storage. */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Parsed JSON, null when missing or unparsable. */
  getJSON<T>(key: string): T | null;
  /** Stores JSON; unserialisable values are ignored. */
  setJSON(key: string, value: unknown): void;
}

/** Storage over `localStorage`, keys prefixed with 'vitrine:'. */
export function createStorage(): SafeStorage {
  const mem = new Map<string, string>();
  const store = (): Storage | null => {
    try {
      return globalThis.localStorage || null;
    } catch {
      return null;
    }
  };
  const storage: SafeStorage = {
    get(key) {
      if (mem.has(key)) return mem.get(key)!;
      try {
        return store()?.getItem(STORAGE_PREFIX + key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        store()!.setItem(STORAGE_PREFIX + key, value);
        mem.delete(key);
      } catch {
        mem.set(key, String(value));
      }
    },
    remove(key) {
      mem.delete(key);
      try {
        store()?.removeItem(STORAGE_PREFIX + key);
      } catch {
        /* memory copy is gone already */
      }
    },
    getJSON<T>(key: string) {
      try {
        return JSON.parse(storage.get(key) ?? 'null') as T | null;
      } catch {
        return null;
      }
    },
    setJSON(key, value) {
      try {
        storage.set(key, toJson(value));
      } catch {
        /* cyclic / BigInt values: nothing stored */
      }
    },
  };
  return storage;
}
