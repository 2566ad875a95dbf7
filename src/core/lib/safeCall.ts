import { ERR_CRITICAL, reportError } from '../errors';

/** A primitive's `then` is undefined too (and a throwing getter is caught by the caller). */
const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value != null && typeof (value as { then?: unknown }).then === 'function';

/**
 * Runs `fn` so that no error of ours reaches the shop's code (spec §8): a
 * synchronous throw or a rejection of the promise it returns is reported with
 * `code` (2000 = 'VTL:CRITICAL ' prefix). Returns fn's value, `undefined` on a
 * throw; a returned promise is replaced by one that resolves `undefined` on
 * rejection instead of rejecting.
 */
export function safeCall<T>(fn: () => Promise<T>, code?: number): Promise<T | undefined> | undefined;
export function safeCall<T>(fn: () => T, code?: number): T | undefined;
export function safeCall(fn: () => unknown, code: number = ERR_CRITICAL): unknown {
  try {
    const result = fn();
    return isThenable(result)
      ? Promise.resolve(result).then(undefined, (error: unknown) => {
          reportError(code, error);
          return undefined;
        })
      : result;
  } catch (error) {
    reportError(code, error);
    return undefined;
  }
}

/**
 * Wraps a callback (event listener, timer, observer) with `safeCall`, keeping
 * `this` and arguments.
 */
export function safe<A extends unknown[], R>(
  fn: (this: unknown, ...args: A) => R,
  code: number = ERR_CRITICAL,
): (this: unknown, ...args: A) => R | undefined {
  return function (this: unknown, ...args: A) {
    return safeCall(() => fn.apply(this, args), code) as R | undefined;
  };
}
