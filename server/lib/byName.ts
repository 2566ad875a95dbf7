/**
 * An empty record keyed by names that clients send (widget, interaction and placement ids,
 * product handles). It has no prototype: in a plain `{}`, `counts.constructor ?? 0` read
 * `Object`'s function, and the owner's numbers turned into text ("function Object() { [native
 * code] }1", stored so on SQLite); a key `__proto__` was not set at all.
 */
export function byName<T = number>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
