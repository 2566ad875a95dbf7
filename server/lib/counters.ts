/**
 * An empty record of counts by names that clients send (widget, interaction and placement ids).
 * It has no prototype: in a plain `{}`, `counts.constructor ?? 0` read `Object`'s function, and
 * the owner's numbers turned into text ("function Object() { [native code] }1"), stored so on
 * SQLite; `__proto__` was not counted at all.
 */
export function counters(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}
