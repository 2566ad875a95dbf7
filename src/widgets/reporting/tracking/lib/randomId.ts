/**
 * A random id of 24 hex digits (96 bits): page, request, session and user uids. From
 * `crypto.getRandomValues`, which plain-HTTP pages have too (`randomUUID` needs a secure context).
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return bytes.reduce((id, byte) => id + (byte + 256).toString(16).slice(1), '');
}
