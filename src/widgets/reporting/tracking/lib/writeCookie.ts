/**
 * Sets a first-party cookie for the whole shop for `days` (spec §7 "Cookies": SameSite Strict;
 * Secure on https). Never throws (a sandboxed frame has no cookie access). The value must be
 * cookie-safe (our ids are hex).
 */
export function writeCookie(doc: Document, name: string, value: string, days: number): void {
  try {
    const secure = doc.location.protocol === 'https:' ? ';Secure' : '';
    doc.cookie = `${name}=${value};max-age=${days * 86400};path=/;SameSite=Strict${secure}`;
  } catch {
    /* no cookie access */
  }
}
