/** Cart-reserved timer length in seconds. */
const CART_RESERVED_SECONDS = 600;

/**
 * Spec §4 "Cart-reserved timer": the start time is stored; when more than 600 s have passed
 * since the start (or none is stored) the timer restarts, otherwise the remaining time is the
 * 600 s less the time elapsed. Returns the start to store and the whole seconds left.
 */
export function resumeTimer(
  storedStart: number | null,
  now: number,
  duration = CART_RESERVED_SECONDS,
): { start: number; remaining: number } {
  const elapsed = storedStart === null || !Number.isFinite(storedStart) ? Infinity : (now - storedStart) / 1000;
  if (elapsed < 0 || elapsed > duration) return { start: now, remaining: duration };
  return { start: storedStart as number, remaining: Math.max(0, Math.ceil(duration - elapsed)) };
}

/** `mm:ss`, as the box shows it. */
export function formatClock(seconds: number): string {
  const wholeSeconds = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(wholeSeconds / 60)).padStart(2, '0')}:${String(wholeSeconds % 60).padStart(2, '0')}`;
}

/** Whole seconds left of a timer started at `start` (never negative). */
export function secondsLeft(start: number, now: number, duration = CART_RESERVED_SECONDS): number {
  return Math.max(0, Math.ceil(duration - (now - start) / 1000));
}
