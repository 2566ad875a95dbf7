/**
 * Reads `obj[key]` without ever throwing: theme/app globals may be missing,
 * garbage, proxies or carry getters that throw (spec §5 "never break the shop").
 * Returns undefined for anything that is not an object/function or on throw.
 */
export function read(obj: unknown, key: string): unknown {
  try {
    return obj !== null && (typeof obj === 'object' || typeof obj === 'function') ? (obj as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}
