/**
 * The interaction gate (spec §4, §9): error reports go out only once the visitor has shown to be
 * a person — 10 scroll or move events, or any click or key. Passive listeners on the window, in
 * the capture phase so a shop's `stopPropagation` cannot hide them, removed once open.
 */

/** Scroll or move events that open the gate (spec §9). */
const MOVES_TO_OPEN = 10;
const MOVES = ['scroll', 'mousemove', 'touchmove'];
const ACTIONS = ['click', 'keydown'];

/**
 * Calls `onOpen` once, at the first click or key or the 10th scroll or move. Returns the function
 * that stops listening (before or after it opened).
 */
export function interactionGate(win: Window, onOpen: () => void): () => void {
  let moves = 0;
  const types = [...MOVES, ...ACTIONS];
  const options = { capture: true, passive: true };
  const stop = () => {
    for (const type of types) win.removeEventListener(type, heard, options);
  };
  const heard = (event: Event) => {
    if (MOVES.includes(event.type) && ++moves < MOVES_TO_OPEN) return;
    stop();
    onOpen();
  };
  for (const type of types) win.addEventListener(type, heard, options);
  return stop;
}
