/**
 * How the review submission routes fail: `{ success: false, errors: [messages…], error: { code,
 * message: <the first> } }` (the shape the write-a-review form reads, SPEC §8: its messages are
 * shown to the shopper as given, as plain text). Every failure on those routes has it, also the
 * ones fastify or the multipart parser raise themselves (a body over its limit, a body type the
 * route does not parse, a malformed form).
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** A submission refused with a status and one or more messages (one per bad field). */
export class ReviewFailure extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    public readonly messages: string[],
  ) {
    super(messages[0]);
    this.name = 'ReviewFailure';
  }
}

/** The generic message of an unexpected failure (details go to the log only). */
const SERVER_ERROR = 'Something went wrong. Please try again later.';

/** Send the failure shape. */
function sendReviewFailure(reply: FastifyReply, failure: ReviewFailure): FastifyReply {
  return reply
    .code(failure.statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ success: false, errors: failure.messages, error: { code: failure.code, message: failure.messages[0] } });
}

/** The 415 of a body that is not a form. */
export const NOT_A_FORM = 'Send the review as a form (multipart/form-data)';
/** The 429 of the per-client limit. */
export const TOO_MANY_REVIEWS = 'Too many reviews sent from your connection. Please try again later.';

/** An error of fastify or a plugin (status and code, a message for developers) as a shopper-readable failure. */
function fromFrameworkError(error: FastifyError): ReviewFailure | null {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return new ReviewFailure(413, 'PAYLOAD_TOO_LARGE', ['The review is too large to send']);
  if (status === 415) return new ReviewFailure(415, 'UNSUPPORTED_MEDIA_TYPE', [NOT_A_FORM]);
  if (status === 429) return new ReviewFailure(429, 'RATE_LIMITED', [TOO_MANY_REVIEWS]);
  if (status >= 400 && status < 500) return new ReviewFailure(400, 'VALIDATION_ERROR', ['The review form could not be read']);
  return null;
}

/**
 * The error handler of the submission routes' scope: a ReviewFailure as it is, other 4xx errors
 * (fastify's, the multipart parser's) in a shopper-readable form by their status, anything else
 * 500 (logged with its stack, never answered).
 */
export function installReviewErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | ReviewFailure, request, reply) => {
    if (error instanceof ReviewFailure) return sendReviewFailure(reply, error);
    const known = fromFrameworkError(error as FastifyError);
    if (known) return sendReviewFailure(reply, known);
    request.log.error({ err: error }, 'unhandled error');
    return sendReviewFailure(reply, new ReviewFailure(500, 'INTERNAL_ERROR', [SERVER_ERROR]));
  });
}
