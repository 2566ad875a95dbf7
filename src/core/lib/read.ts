/**
 * Reads `obj[key]` without ever throwing: theme/app globals may be missing,
 * garbage, proxies or carry getters that throw (spec §5 "never break the shop").
 * Returns undefined for anything that is not an object/function or on throw.
 */
export function read(obj: unknown, key: string): unknown {
  try {
    // True for objects and functions only: `Object()` wraps a primitive (and null) in a new object.
    return Object(obj) === obj ? (obj as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `key` is `record`'s own property (not one of `Object.prototype`'s, such as `constructor`). */
export const hasOwn = (record: object, key: string): boolean => ({}).hasOwnProperty.call(record, key);
