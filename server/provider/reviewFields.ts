/**
 * The text fields of a review submission, validated (SPEC §5 "Review form", the same rules the
 * form applies before sending): one shopper-readable message per bad field. The review text is
 * plain text from the shopper; it is stored as HTML built here (escaped, paragraphs and line
 * breaks kept), never trusted as HTML.
 */
import { hasVisibleCharacters } from '../lib/hasVisibleCharacters.ts';
import { isValidEmail, HANDLE_RE } from '../lib/validation.ts';
import { sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';

const MAX_NAME = 100;
const MAX_REVIEW = 5000;

/** Idempotency keys: 8–64 characters of [A-Za-z0-9_-] (a UUID fits). */
const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;
/** Order codes as the review links carry them. */
const ORDER_CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** `es`, `pt-br`, `zh-hant`: a language and an optional region or script. */
const LOCALE_RE = /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/;

export const MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name is too long (${MAX_NAME} characters at most)`,
  email: 'Enter a valid email address',
  reviewRequired: 'Review text is required',
  reviewTooLong: `Review is too long (${MAX_REVIEW} characters at most)`,
  stars: 'Rating must be a whole number from 1 to 5',
  unknownProduct: 'Unknown product',
  invalidCode: 'This review link is not valid',
  idempotencyKey: 'The idempotency key must be 8 to 64 letters, digits, "_" or "-"',
} as const;

/** A submission's fields once valid. */
export interface ReviewFields {
  name: string;
  email: string | null;
  /** The text as the shopper wrote it (trimmed, line endings normalised). */
  text: string;
  stars: number;
  locale: string | null;
  productHandle: string | null;
  productId: number | null;
  idempotencyKey: string | null;
  /** The order code (order reviews only). */
  code: string | null;
}

/** A form field, or '' when absent. */
type FieldOf = (name: string) => string;

// eslint-disable-next-line no-control-regex -- removing control characters (but tabs and newlines) is the point
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text as stored: no control characters but tabs and newlines, `\n` line endings, trimmed. */
function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_RE, '').trim();
}

/**
 * A one-line value (names): whitespace runs, newlines included, become one space, and the
 * bidirectional embeddings, overrides and isolates go (one left open reversed the rest of the
 * review's heading: a name is never written with them).
 */
function cleanLine(value: string): string {
  return cleanText(value.replace(/[\u202a-\u202e\u2066-\u2069]/g, '')).replace(/\s+/g, ' ');
}

/** The product reference: a handle and/or a numeric id; null when neither is usable. */
function productOf(field: FieldOf): { productHandle: string | null; productId: number | null } | null {
  const handle = field('productHandle').trim();
  const id = field('productId').trim();
  if (!handle && !id) return null;
  if ((handle && !HANDLE_RE.test(handle)) || (id && !/^\d{1,15}$/.test(id))) return null;
  return { productHandle: handle || null, productId: id ? Number(id) : null };
}

/** The idempotency key of the field, else of the `Idempotency-Key` header; undefined when malformed. */
function idempotencyKeyOf(field: FieldOf, header: string | undefined): string | null | undefined {
  const key = field('idempotencyKey').trim() || (header ?? '').trim();
  if (!key) return null;
  return IDEMPOTENCY_KEY_RE.test(key) ? key : undefined;
}

/** The order code (order reviews); undefined when missing or malformed. */
function orderCodeOf(field: FieldOf): string | undefined {
  const code = field('code').trim();
  return ORDER_CODE_RE.test(code) ? code : undefined;
}

/** The shopper's fields (name, email, text, stars): one message per bad field. */
function shopperFields(field: FieldOf, truncated: Set<string>, messages: string[]) {
  const name = cleanLine(field('review[name]'));
  if (!hasVisibleCharacters(name)) messages.push(MESSAGES.nameRequired);
  else if (name.length > MAX_NAME) messages.push(MESSAGES.nameTooLong);
  const email = field('review[email]').trim();
  if (email && !isValidEmail(email)) messages.push(MESSAGES.email);
  const text = cleanText(field('review[review]'));
  if (!hasVisibleCharacters(text)) messages.push(MESSAGES.reviewRequired);
  else if (text.length > MAX_REVIEW || truncated.has('review[review]')) messages.push(MESSAGES.reviewTooLong);
  const starsText = field('review[stars]').trim();
  if (!/^[1-5]$/.test(starsText)) messages.push(MESSAGES.stars);
  return { name, email: email || null, text, stars: Number(starsText) };
}

/**
 * Validates a submission's text fields. `forOrder`: the order code is required (and the product
 * may come from the order instead). Returns the fields, or the messages (one per bad field).
 */
export function validateReviewFields(
  field: FieldOf,
  options: { forOrder: boolean; truncated: Set<string>; idempotencyHeader?: string },
): { fields: ReviewFields } | { messages: string[] } {
  const messages: string[] = [];
  const shopper = shopperFields(field, options.truncated, messages);
  const product = productOf(field);
  const namesProduct = Boolean(field('productHandle').trim() || field('productId').trim());
  // An order review may leave the product to its order.
  if (namesProduct ? !product : !options.forOrder) messages.push(MESSAGES.unknownProduct);
  const code = options.forOrder ? orderCodeOf(field) : null;
  if (code === undefined) messages.push(MESSAGES.invalidCode);
  const idempotencyKey = idempotencyKeyOf(field, options.idempotencyHeader);
  if (idempotencyKey === undefined) messages.push(MESSAGES.idempotencyKey);
  if (messages.length) return { messages };
  const locale = field('locale').trim().toLowerCase().replace('_', '-');
  return {
    fields: {
      ...shopper,
      locale: LOCALE_RE.test(locale) ? locale : null,
      productHandle: product?.productHandle ?? null,
      productId: product?.productId ?? null,
      idempotencyKey: idempotencyKey ?? null,
      code: code ?? null,
    },
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * The shopper's plain text as review HTML: every character escaped (markup they typed shows as
 * text), line breaks as `<br>`, and blank-line-separated paragraphs as `<p>`s (one paragraph stays
 * bare, as the seeded reviews are). Passed through the review sanitizer too, as every stored
 * review is.
 */
export function reviewTextToHtml(text: string): string {
  const paragraphs = cleanText(text)
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => escapeHtml(paragraph.trim()).replace(/[ \t]*\n[ \t]*/g, '<br>'))
    .filter(Boolean);
  const html = paragraphs.length === 1 ? paragraphs[0]! : paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
  return sanitizeReviewHtml(html);
}
