/** Spec §9: wait-for-object polls every 100 ms, up to 50 tries. */
const POLL_MS = 100;
const POLL_TRIES = 50;

/**
 * Calls `found` with what `find` returns once it is truthy: at once, else every 100 ms for up to
 * 50 tries (spec §9), then `missing`. For what the platform or the theme puts on the page late
 * (the privacy API, an element rendered after its data). Returns the function that stops looking.
 */
export function waitForObject<T>(
  win: Window,
  find: () => T | null | undefined | false,
  found: (value: T) => void,
  missing?: () => void,
): () => void {
  let tries = 0;
  let timer = 0;
  const look = (): void => {
    const value = find();
    if (value) found(value);
    else if (++tries >= POLL_TRIES) missing?.();
    else timer = win.setTimeout(look, POLL_MS);
  };
  look();
  return () => win.clearTimeout(timer);
}
