import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Uniform provider error body: `{ "error": { "code": "...", "message": "..." } }`. */
interface ErrorBody {
  error: { code: string; message: string };
}

/** Build the uniform error body. */
function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Send the uniform error body with `status`. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/** An error with an HTTP status that handlers can throw. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Install the app-wide error handler: validation → 400, known 4xx keep their status,
 * anything else → 500 with a generic message (the stack only goes to the log).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    const error = err as FastifyError & { validation?: unknown; statusCode?: number; code?: string };
    if (error.validation) {
      return sendError(reply, 400, 'VALIDATION_ERROR', error.message || 'Invalid request');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      let code = typeof error.code === 'string' && error.code ? error.code : 'BAD_REQUEST';
      if (code.startsWith('FST_ERR_CTP_INVALID_MEDIA_TYPE')) code = 'UNSUPPORTED_MEDIA_TYPE';
      else if (code.startsWith('FST_ERR_CTP_BODY_TOO_LARGE')) code = 'PAYLOAD_TOO_LARGE';
      else if (code.startsWith('FST_ERR_CTP') || code.startsWith('FST_ERR')) code = 'BAD_REQUEST';
      return sendError(reply, status, code, error.message || 'Bad request');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Internal server error');
  });
}

/**
 * fastify's `frameworkErrors` option: errors raised while routing, before any hook runs (a path
 * with bad percent-encoding → 400 `BAD_URL`, a path parameter over `maxParamLength` → 414
 * `URI_TOO_LONG`), answered in the uniform shape instead of fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(reply, 414, 'URI_TOO_LONG', 'A path segment is too long');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 400, 'BAD_URL', 'The path is not validly percent-encoded');
  } else {
    request.log.error({ err: error }, 'unhandled error');
    sendError(reply, 500, 'INTERNAL_ERROR', 'Internal server error');
  }
}
