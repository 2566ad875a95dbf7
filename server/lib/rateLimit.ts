import rateLimit, { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitCounters } from '../storage/rateLimits.ts';
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

/** What groupRateLimit gives: called with a request, it answers whether the request is over the limit. */
export type GroupLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A limiter a route calls itself (`app.createRateLimit`), counting per client address and shop
 * (clientShopKey) under `groupId`, the name its counters share across processes.
 */
export function groupRateLimit(
  app: FastifyInstance,
  groupId: string,
  options: { max: number; timeWindow: number; shopId: (request: FastifyRequest) => string },
): GroupLimiter {
  return app.createRateLimit(
    // groupId names the counters when they are shared (see installRateLimit); the type omits it.
    Object.assign(
      {
        max: options.max,
        timeWindow: options.timeWindow,
        keyGenerator: (request: FastifyRequest) => clientShopKey(request, options.shopId(request)),
      },
      { groupId },
    ),
  );
}

/** The 429 answer: `{error:{code:'RATE_LIMITED',…}}` (the plugin has already set Retry-After). */
function rateLimitedError(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', `Too many requests; retry in ${retryAfterSeconds} s`);
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the shared counters (fixed windows): every provider process
 * counts the same client against the same limit. Each limiter gets its own namespace (its
 * `groupId`), so one client's track and store-error requests are counted apart.
 */
function sharedStore(counters: RateLimitCounters) {
  return class SharedRateLimitStore {
    constructor(private readonly namespace = '') {}

    private answer(
      key: string,
      windowMs: number,
      count: (key: string, windowStart: number) => Promise<number>,
      callback: StoreCallback,
    ): void {
      const now = Date.now();
      const windowStart = now - (now % windowMs);
      count(`${this.namespace}|${key}`, windowStart).then(
        (current) => callback(null, { current, ttl: windowStart + windowMs - now }),
        (error: Error) => callback(error),
      );
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      this.answer(key, timeWindow, counters.hit, callback);
    }

    read(key: string, callback: StoreCallback, timeWindow: number): void {
      this.answer(key, timeWindow, counters.read, callback);
    }

    child(params: { groupId?: string }): SharedRateLimitStore {
      return new SharedRateLimitStore(params.groupId ?? this.namespace);
    }
  };
}

/**
 * Register @fastify/rate-limit with no global limit: routes opt in with `app.rateLimit` /
 * `app.createRateLimit` (keyed by clientShopKey, named by a `groupId`). With `shared` counters
 * (PostgreSQL: several provider processes) the limits hold across processes; without, they are
 * counted in this process's memory (SQLite: one process).
 */
export async function installRateLimit(app: FastifyInstance, shared: RateLimitCounters | null): Promise<void> {
  const options: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_request, context) => rateLimitedError(Math.ceil(context.ttl / 1000)),
  };
  if (shared) options.store = sharedStore(shared) as unknown as RateLimitPluginOptions['store'];
  await app.register(rateLimit, options);
}
