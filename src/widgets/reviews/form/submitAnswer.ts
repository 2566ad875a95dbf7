/**
 * What the shopper is shown for the provider's answer to a submission (spec §4 "Review form", §8),
 * as one decision. The provider answers `{ success: true, review }` (the review with `status`
 * 'published' or 'pending'), or fails with `{ success: false, errors: [...], error: { code, message } }`
 * (on a non-2xx status the body arrives as the RequestError's `data`).
 */

/** The decision for one answer. */
export type SubmitAnswer =
  /** Stored: `review` is the provider's review as sent (the widget validates it before showing it). */
  | { kind: 'added'; review: unknown; pending: boolean }
  /** Refused with reasons: each shown as given (as text). */
  | { kind: 'rejected'; messages: string[] }
  /** `success: false` without a reason: 'Server Error. Please try again later'. */
  | { kind: 'serverError' }
  /**
   * Anything else — network failure, timeout, a status without a readable body, the request budget
   * spent, an answer of another shape: 'The review could not be added…'. The outcome is unknown,
   * so a retry of the same content reuses its idempotency key.
   */
  | { kind: 'failed' };

/** At most this many messages, each cut to this length: a hostile answer cannot flood the form. */
const MAX_MESSAGES = 5;
const MAX_MESSAGE_CHARS = 300;

/** A shown message: text only, control characters out, spaces collapsed, cut. */
const cleanMessage = (value: unknown): string =>
  typeof value === 'string'
    ? value
        // eslint-disable-next-line no-control-regex -- removing control characters is the point
        .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
        .trim()
        .slice(0, MAX_MESSAGE_CHARS)
    : '';

/**
 * Decides on a submission's outcome: `body` when the request resolved, else the `error` it
 * rejected with (a RequestError carries a failed response's JSON body as `data`).
 */
export function decideAnswer(outcome: { body: unknown } | { error: unknown }): SubmitAnswer {
  const answer = 'body' in outcome ? outcome.body : (outcome.error as { data?: unknown } | null)?.data;
  if (!answer || typeof answer !== 'object') return { kind: 'failed' };
  const { success, review, errors, error } = answer as Record<string, unknown>;
  if (success === true && 'body' in outcome) {
    return { kind: 'added', review, pending: (review as { status?: unknown } | null)?.status === 'pending' };
  }
  if (success === true) return { kind: 'failed' };
  // The list of reasons when there is one, else the error object's message.
  const listed = (Array.isArray(errors) ? errors : []).map(cleanMessage).filter(Boolean);
  const messages = listed.length
    ? listed.slice(0, MAX_MESSAGES)
    : [cleanMessage((error as { message?: unknown } | null)?.message)].filter(Boolean);
  if (messages.length) return { kind: 'rejected', messages };
  return success === false ? { kind: 'serverError' } : { kind: 'failed' };
}
