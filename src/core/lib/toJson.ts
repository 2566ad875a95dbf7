/**
 * `JSON.stringify` that ignores `toJSON` methods a page put on built-in prototypes. Prototype.js
 * (still on old themes) defines `Array.prototype.toJSON` returning a JSON *string*, so
 * `JSON.stringify({ handles: ['a'] })` gives `{"handles":"[\"a\"]"}` and the provider rejects the
 * body. The replacer reads each value from its holder (`this[key]`), which is what it was before
 * any `toJSON` ran: arrays and plain objects are serialized as they are. Objects of our own with
 * a deliberate `toJSON` (Dates) keep it.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, serialized: unknown) {
    const raw = this[key];
    return Array.isArray(raw) || (raw !== null && typeof raw === 'object' && Object.getPrototypeOf(raw) === Object.prototype)
      ? raw
      : serialized;
  });
}
