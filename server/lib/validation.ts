/** Shared JSON-schema fragments and patterns. */

/** Shop ids: lowercase letters, digits and hyphens, 1–40 chars. */
export const SHOP_ID_PATTERN = '^[a-z0-9-]{1,40}$';
/** SHOP_ID_PATTERN as a RegExp (for routes without a schema). */
export const SHOP_ID_RE = new RegExp(SHOP_ID_PATTERN);

/** Product handles (Shopify allows unicode letters); no slashes, dots or whitespace, ≤ 255 chars. */
export const HANDLE_PATTERN = '^[^\\s/\\\\.?#]{1,255}$';

/** A JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
