/**
 * The cookies tracking reads (the platform's cart and consent cookies, our user and session ids).
 * Not `src/core/cookies.ts`: a module shared by this chunk and a widget (the currency converter
 * uses that one) would move into the shared core chunk, which has no room for it.
 */

/** The value of cookie `name`, URI-decoded when it can be; null when there is none or cookies cannot be read. */
export function readCookie(doc: Document, name: string): string | null {
  try {
    // The browser joins cookies with "; " (RFC 6265 §5.4).
    const match = RegExp(`(^|; )${name}=([^;]*)`).exec(doc.cookie);
    if (!match) return null;
    try {
      return decodeURIComponent(match[2]!);
    } catch {
      return match[2]!;
    }
  } catch {
    return null;
  }
}
