/** Shared JSON-schema fragments and patterns. */

/** Shop ids: lowercase letters, digits and hyphens, 1–40 chars. */
export const SHOP_ID_PATTERN = '^[a-z0-9-]{1,40}$';
/** SHOP_ID_PATTERN as a RegExp (for routes without a schema). */
export const SHOP_ID_RE = new RegExp(SHOP_ID_PATTERN);

/** Product handles (Shopify allows unicode letters); no slashes, dots or whitespace, ≤ 255 chars. */
export const HANDLE_PATTERN = '^[^\\s/\\\\.?#]{1,255}$';
/** HANDLE_PATTERN as a RegExp (for fields validated in code). */
export const HANDLE_RE = new RegExp(HANDLE_PATTERN);

/**
 * E-mail addresses (SPEC §5): the shape browsers accept for `<input type="email">` (WHATWG), with
 * a top-level domain of 2 to 24 letters required, at most 254 characters.
 */
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/;

/** Whether `value` is an e-mail address as EMAIL_RE describes it. */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** A JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
