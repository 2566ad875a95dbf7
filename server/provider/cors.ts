import type { FastifyInstance } from 'fastify';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

function isCorsPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/vitrine/');
}

/** `Access-Control-Allow-Origin: *` on /api/* and /vitrine/*, plus OPTIONS preflight answers. */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCorsPath(request.url)) return;
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      const reqHeaders = request.headers['access-control-request-headers'];
      return reply
        .code(204)
        .header('access-control-allow-methods', ALLOW_METHODS)
        .header('access-control-allow-headers', typeof reqHeaders === 'string' && reqHeaders ? reqHeaders : 'Content-Type')
        .header('access-control-max-age', '86400')
        .header('vary', 'Access-Control-Request-Headers')
        .send();
    }
  });
}
