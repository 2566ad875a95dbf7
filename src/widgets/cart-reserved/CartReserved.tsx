import { useEffect } from 'react';
import { useSignal, useComputed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { cart } from '../../state/cart';
import { guard } from '../../ui/guard';
import { formatClock, resumeTimer, secondsLeft } from './timer';

/** Cart-reserved refresh interval. */
const CART_RESERVED_TICK_MS = 1000;
/** Below this many seconds the countdown turns red. */
const CART_RESERVED_WARN_SECONDS = 120;

export interface CartReservedProps {
  /** The stored start (ms since epoch) or null. */
  loadStart(): number | null;
  saveStart(start: number | null): void;
  /** Text with `{time}`. */
  text: string;
  label: string;
  now?: () => number;
}

/**
 * Spec §2 "Cart-reserved banner" and §4 timer: a fire emoji and a countdown, red under two
 * minutes; at zero, or when the cart empties, the box goes away and the stored start is cleared.
 */
export function CartReserved({ loadStart, saveStart, text, label, now = Date.now }: CartReservedProps) {
  useSignals();
  const remaining = useSignal<number | null>(null);
  // 'unknown' until the cart has been read: only a cart known to be empty clears the timer.
  const state = useComputed(() => (!cart.value ? 'unknown' : cart.value.itemCount > 0 ? 'items' : 'empty'));

  useEffect(() => {
    if (state.value !== 'items') {
      if (state.value === 'empty') saveStart(null); // spec §4: an empty cart clears the timer
      remaining.value = null;
      return;
    }
    const { start, remaining: left } = resumeTimer(loadStart(), now());
    saveStart(start);
    remaining.value = left;
    const interval = setInterval(
      guard(() => {
        const next = secondsLeft(start, now());
        if (next <= 0) {
          clearInterval(interval);
          saveStart(null);
          remaining.value = null;
          return;
        }
        remaining.value = next;
      }, 'cart-reserved-tick'),
      CART_RESERVED_TICK_MS,
    );
    return () => clearInterval(interval);
    // Only the cart's state restarts the timer: the storage callbacks and clock are fixed for the
    // widget's life, and `remaining` is the signal this effect writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.value]);

  if (remaining.value === null) return null;
  const [before, after] = text.split('{time}');
  const urgent = remaining.value < CART_RESERVED_WARN_SECONDS;
  return (
    <div part="box" className={urgent ? 'box urgent' : 'box'} role="timer" aria-label={label} aria-live="off">
      <span aria-hidden="true">🔥</span> {before}
      <strong part="time">{formatClock(remaining.value)}</strong>
      {after}
    </div>
  );
}
