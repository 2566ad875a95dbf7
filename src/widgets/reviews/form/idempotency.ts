/**
 * Idempotency keys of review submissions (the provider's contract: `idempotencyKey`, 8–64 characters
 * of [A-Za-z0-9_-], one per submission attempt of the same content). A retry after an answer that
 * never came (timeout, network failure) may follow a stored review: it reuses its key, so the
 * provider stores it once. A new content, or a retry after a definite answer, gets a new key.
 */

/** 64 characters: one random byte's low 6 bits pick one with no bias. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
/** 24 characters: 144 random bits. */
const KEY_LENGTH = 24;

/** A new random key. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_LENGTH));
  let key = '';
  for (const byte of bytes) key += ALPHABET[byte & 63];
  return key;
}

/** The key of the last attempt whose outcome is unknown, with the content it was for. */
export interface OpenAttempt {
  content: string;
  key: string;
}

/** The key for an attempt at `content`: the open attempt's when it is the same content, else a new one. */
export const attemptKey = (open: OpenAttempt | null, content: string, newKey = newIdempotencyKey): string =>
  open && open.content === content ? open.key : newKey();
