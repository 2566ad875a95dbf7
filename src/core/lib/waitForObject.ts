import { WAIT_FOR_OBJECT_INTERVAL_MS, WAIT_FOR_OBJECT_TRIES } from '../constants';

/**
 * Polls `get` until it returns a value other than null/undefined (spec §9:
 * every 100 ms, up to 50 tries). The first check is synchronous; `tries`
 * counts all checks. A throwing getter counts as "not there yet" (themes
 * create their globals late). Rejects after the last try.
 */
export function waitForObject<T>(
  get: () => T | null | undefined,
  { interval = WAIT_FOR_OBJECT_INTERVAL_MS, tries = WAIT_FOR_OBJECT_TRIES }: { interval?: number; tries?: number } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    let n = 0;
    const check = (): void => {
      let v: T | null | undefined;
      try {
        v = get();
      } catch {
        v = undefined;
      }
      if (v != null) resolve(v);
      else if (++n >= tries) reject(new Error(`waitForObject: value not available after ${n} tries every ${interval} ms`));
      else setTimeout(check, interval);
    };
    check();
  });
}
