/**
 * The interaction gate (spec §4, §9): error reports go out only once the visitor has shown to be
 * a person — 10 scroll or move events, or any click or key. Passive listeners on the window, in
 * the capture phase so a shop's `stopPropagation` cannot hide them, removed once open.
 *
 * This chunk comes at idle time, so a visitor may have clicked or typed before it listens: the
 * browser's own record of that (`navigator.userActivation`, set by clicks, taps and keys, never by
 * scripts) opens the gate at once. Browsers without it wait for the next interaction.
 */

import { hasBeenActive } from './lib/hasBeenActive';

/** Scroll or move events that open the gate (spec §9). */
const MOVES_TO_OPEN = 10;
/** What the gate listens to: the moves (the first `MOVE_TYPES`), then click and key. */
const TYPES = ['scroll', 'mousemove', 'touchmove', 'click', 'keydown'];
const MOVE_TYPES = 3;

/**
 * Calls `onOpen` once: at once if the visitor has already clicked or typed, else at the first click
 * or key or the 10th scroll or move. Returns the function that stops listening (before or after it
 * opened).
 */
export function interactionGate(win: Window, onOpen: () => void): () => void {
  if (hasBeenActive(win)) {
    onOpen();
    return () => {};
  }
  let moves = 0;
  const options = { capture: true, passive: true };
  const stop = () => {
    for (const type of TYPES) win.removeEventListener(type, heard, options);
  };
  const heard = (event: Event) => {
    if (TYPES.indexOf(event.type) < MOVE_TYPES && ++moves < MOVES_TO_OPEN) return;
    stop();
    onOpen();
  };
  for (const type of TYPES) win.addEventListener(type, heard, options);
  return stop;
}
