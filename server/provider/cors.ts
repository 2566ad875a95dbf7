import type { FastifyInstance } from 'fastify';

/** Every method the provider answers cross-origin (it has no PUT/PATCH/DELETE routes). */
const ALLOW_METHODS = 'GET, HEAD, POST, OPTIONS';
/** `Content-Type` for JSON bodies; everything else a browser asks for is not allowed. */
const ALLOW_HEADERS = 'Content-Type';
/** The owner endpoints, and the placement editor's call, also take the bearer token. */
const ADMIN_ALLOW_HEADERS = 'Content-Type, Authorization';
/** Review submissions may carry their idempotency key as a header. */
const SUBMISSION_ALLOW_HEADERS = 'Content-Type, Idempotency-Key';
const SUBMISSION_PATHS = ['/api/add-new-review', '/api/store-review-for-order'];

/** The request headers a preflight for `url` is allowed. */
function allowedHeaders(url: string): string {
  const path = url.split('?')[0]!;
  if (url.startsWith('/api/admin/') || path === '/api/update-selector') return ADMIN_ALLOW_HEADERS;
  return SUBMISSION_PATHS.includes(path) ? SUBMISSION_ALLOW_HEADERS : ALLOW_HEADERS;
}

function isCorsPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/vitrine/');
}

/**
 * `Access-Control-Allow-Origin: *` on /api/* and /vitrine/*, plus OPTIONS preflight answers with
 * a fixed list of methods and request headers (never an echo of what the preflight asks, so a
 * page cannot get arbitrary headers through to the provider).
 */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCorsPath(request.url)) return;
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', ALLOW_METHODS)
        .header('access-control-allow-headers', allowedHeaders(request.url))
        .header('access-control-max-age', '86400')
        .send();
    }
  });
}
