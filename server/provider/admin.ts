import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminTokenMatches } from '../storage/adminTokens.ts';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { requireShop, shopOf } from './requireShop.ts';
import type { ReviewRow, ShopRow } from '../storage/schema.ts';
import { hasVisibleText, type ReviewJson } from './reviewJson.ts';

const MAX_REPLY_LENGTH = 5000;

/** The window failed admin attempts are counted in. */
const ADMIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

function bearerToken(request: FastifyRequest): string | null {
  const raw = request.headers.authorization;
  if (typeof raw !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(raw);
  return match ? match[1]! : null;
}

/** What both owner endpoints answer. */
interface AdminResult {
  ok: true;
  review: ReviewJson & { hidden: boolean };
  lastUpdated: number;
}

type AdminParams = { shopId: string; id: string };

type FailureLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The bearer check and review lookup shared by the admin routes (the shop is already found, by
 * requireShop); sends the error and returns null on failure. With `failures` set, a client address
 * that failed `max` times for this shop within the window gets 429 (with Retry-After) whatever it
 * presents, until the window ends; only failures (401) are counted, so an owner's successful
 * requests never lock them out.
 */
async function authorize(
  failures: FailureLimiter | null,
  ctx: AppContext,
  request: FastifyRequest<{ Params: AdminParams }>,
  reply: FastifyReply,
): Promise<{ shop: ShopRow; row: ReviewRow } | null> {
  const shop = shopOf(request);
  if (failures) {
    const status = await failures(request, { increment: false });
    if (!status.isAllowed && status.remaining === 0) {
      const retryAfter = Math.max(1, status.ttlInSeconds);
      reply.header('retry-after', String(retryAfter));
      sendError(reply, 429, 'RATE_LIMITED', `Too many failed admin attempts; retry in ${retryAfter} s`);
      return null;
    }
  }
  const token = bearerToken(request);
  if (!token || !adminTokenMatches(token, shop.admin_token_sha256)) {
    if (failures) await failures(request);
    reply.header('www-authenticate', 'Bearer realm="vitrine-admin"');
    sendError(reply, 401, 'UNAUTHORIZED', token ? 'Invalid admin token' : 'Missing "Authorization: Bearer <admin token>" header');
    return null;
  }
  const row = await ctx.storage.reviews.find(shop.id, Number(request.params.id));
  if (!row) {
    sendError(reply, 404, 'REVIEW_NOT_FOUND', `Unknown review ${request.params.id}`);
    return null;
  }
  return { shop, row };
}

async function result(ctx: AppContext, shop: ShopRow, reviewId: number, lastUpdated: number): Promise<AdminResult> {
  return { ok: true, review: await ctx.storage.reviews.ownerJson(shop, reviewId), lastUpdated };
}

const paramsSchema = {
  type: 'object',
  required: ['shopId', 'id'],
  properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN }, id: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' } },
};

/**
 * Owner endpoints (`Authorization: Bearer <admin token>`, checked against the shop's stored hash):
 * POST /api/admin/{shopId}/reviews/{id}/reply `{ reply }` and …/hide `{ hidden }`.
 */
export function registerAdmin(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const failures = limits
    ? app.createRateLimit(
        // groupId names the counters when they are shared (lib/rateLimit.ts); the type omits it.
        Object.assign(
          {
            max: limits.adminFailuresPer15Min,
            timeWindow: ADMIN_FAILURE_WINDOW_MS,
            keyGenerator: (request: FastifyRequest) => clientShopKey(request, (request.params as AdminParams).shopId),
          },
          { groupId: 'admin-failures' },
        ),
      )
    : null;
  const withShop = requireShop(ctx.storage.shops);

  app.post<{ Params: AdminParams; Body: { reply: string } }>(
    '/api/admin/:shopId/reviews/:id/reply',
    {
      bodyLimit: 64 * 1024,
      schema: {
        params: paramsSchema,
        body: {
          type: 'object',
          required: ['reply'],
          additionalProperties: false,
          properties: { reply: { type: 'string', maxLength: MAX_REPLY_LENGTH } },
        },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const auth = await authorize(failures, ctx, request, reply);
      if (!auth) return reply;
      const raw = request.body.reply.trim();
      let html: string | null = null;
      if (raw) {
        html = sanitizeReviewHtml(raw);
        if (!hasVisibleText(html)) {
          return sendError(reply, 400, 'VALIDATION_ERROR', 'The reply has no text left after removing disallowed HTML');
        }
      }
      const lastUpdated = await ctx.storage.reviews.saveReply(auth.shop.id, auth.row.id, html);
      reply.header('cache-control', 'no-store');
      return await result(ctx, auth.shop, auth.row.id, lastUpdated);
    },
  );

  app.post<{ Params: AdminParams; Body: { hidden: boolean } }>(
    '/api/admin/:shopId/reviews/:id/hide',
    {
      schema: {
        params: paramsSchema,
        body: { type: 'object', required: ['hidden'], additionalProperties: false, properties: { hidden: { type: 'boolean' } } },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const auth = await authorize(failures, ctx, request, reply);
      if (!auth) return reply;
      const lastUpdated = await ctx.storage.reviews.saveHidden(auth.shop.id, auth.row.id, request.body.hidden);
      reply.header('cache-control', 'no-store');
      return await result(ctx, auth.shop, auth.row.id, lastUpdated);
    },
  );
}
