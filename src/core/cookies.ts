/**
 * Cookie helpers (spec §7 "Cookies": SameSite strict, e.g. currency 365 days,
 * user uid 7 days). Cookie access throws in a sandboxed frame without
 * allow-same-origin, so every helper swallows errors.
 */

/** Value of cookie `name` (URI-decoded), or null. */
export function getCookie(name: string, doc: Document = document): string | null {
  try {
    for (const part of doc.cookie.split(';')) {
      const separator = part.indexOf('=');
      if (part.slice(0, separator).trim() === name) {
        const value = part.slice(separator + 1).trim();
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      }
    }
  } catch {
    /* no cookie access */
  }
  return null;
}

/**
 * Sets a cookie for the whole shop (path=/), SameSite=Strict, Secure on
 * https; `days` ≤ 0 expires it. Value is URI-encoded.
 */
export function setCookie(name: string, value: string, days: number, doc: Document = document): void {
  try {
    const secure = doc.location?.protocol === 'https:' ? ';Secure' : '';
    doc.cookie = `${name}=${encodeURIComponent(value)};expires=${new Date(Date.now() + days * 864e5).toUTCString()};path=/;SameSite=Strict${secure}`;
  } catch {
    /* no cookie access */
  }
}

/** Deletes cookie `name`. */
export function removeCookie(name: string, doc: Document = document): void {
  setCookie(name, '', -1, doc);
}

/**
 * False when cookies cannot be used (sandboxed frame: reading
 * `document.cookie` throws). Spec §5: loading stops then. Never throws.
 */
export function canUseCookies(doc: Document = document): boolean {
  try {
    return typeof doc.cookie === 'string';
  } catch {
    return false;
  }
}
