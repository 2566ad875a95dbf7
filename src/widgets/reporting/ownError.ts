/**
 * The page's uncaught errors that are ours (spec §8: "any uncaught error in the bundle is
 * reported ... 'VTL:CRITICAL', code 2000"). Ours means thrown from one of our chunks: the error
 * event's file, or a stack line, is under our asset base's `chunks/`. Everything else is the
 * shop's and is left exactly as it was: this only reads the event (no `preventDefault`, nothing
 * returned), so the browser and the shop's own handlers see every error as before.
 */

/** The thrown value of an `error` or `unhandledrejection` event when our code threw it, else undefined. */
export function ownError(event: Event, chunks: string): unknown {
  try {
    const { filename, error, reason } = event as ErrorEvent & PromiseRejectionEvent;
    const thrown = event.type === 'unhandledrejection' ? reason : (error ?? (event as ErrorEvent).message);
    const stack = (thrown as { stack?: unknown } | null)?.stack;
    // (A rejection has no file: "undefined" is no URL.)
    if (String(filename).startsWith(chunks) || (typeof stack === 'string' && stack.includes(chunks))) {
      return thrown ?? 'Unknown error';
    }
  } catch {
    /* a hostile thrown value: not ours to judge */
  }
  return undefined;
}
