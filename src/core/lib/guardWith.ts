/** The loader's error hook as widgets get it (`ctx.report`). */
export type Report = (code: number, error: unknown, extra?: Record<string, unknown>) => void;

/**
 * Wraps callbacks given to the page (event listeners, timers, observers) so a throw is reported
 * through `report` with `code` instead of reaching the shop's page. Chunk code uses this rather
 * than `safeCall`, whose error collector is the loader's own copy.
 */
export const guardWith =
  (report: Report, code: number) =>
  <A extends unknown[]>(fn: (...args: A) => unknown) =>
  (...args: A): void => {
    try {
      fn(...args);
    } catch (error) {
      report(code, error);
    }
  };
