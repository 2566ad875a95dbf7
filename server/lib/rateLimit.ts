import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * The key every limit counts under: the client address (fastify's `request.ip`, which follows
 * X-Forwarded-For only from a trusted proxy; IPv6 per /64, as @fastify/rate-limit does, since a
 * client usually has a whole /64) and the shop.
 */
export function clientShopKey(request: FastifyRequest, shopId: string): string {
  // `ip` is undefined when the socket is already gone.
  return `${request.ip ? normalizeIP(request.ip) : 'unknown'}|${shopId}`;
}

/** The 429 answer: `{error:{code:'RATE_LIMITED',…}}` (the plugin has already set Retry-After). */
function rateLimitedError(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', `Too many requests; retry in ${retryAfterSeconds} s`);
}

/**
 * Register @fastify/rate-limit with no global limit: routes opt in with `config.rateLimit`
 * (keyed by clientShopKey) or use `app.createRateLimit`. In memory, per process.
 */
export async function installRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => rateLimitedError(Math.ceil(context.ttl / 1000)),
  });
}
