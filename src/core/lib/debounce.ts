import { ERR_TIMER_CALLBACK } from '../errors';
import { safeCall } from './safeCall';

/** Default debounce. */
const DEFAULT_DEBOUNCE_MS = 50;

/** A debounced function with `cancel()`. */
export type Debounced<A extends unknown[]> = ((...args: A) => void) & { cancel(): void };

/**
 * Calls `fn` once, `ms` after the last call, with the last arguments
 * (default 50 ms, spec §9). Runs from a timer, so errors are reported with
 * code 2200 instead of reaching the page.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => unknown, ms: number = DEFAULT_DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = ((...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => safeCall(() => fn(...args), ERR_TIMER_CALLBACK), ms);
  }) as Debounced<A>;
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
