/**
 * The access check every owner endpoint starts with (`Authorization: Bearer <admin token>`,
 * checked against the shop's stored hash), with its limit on failed attempts, and what the
 * endpoints that change a review answer. Shared by admin.ts (reply, hide) and moderation.ts
 * (pending, approve, reject): one limit counts the failures of all of them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { groupRateLimit, type GroupLimiter } from '../lib/rateLimit.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { adminTokenMatches } from '../storage/adminTokens.ts';
import type { ReviewRow, ReviewStatus, ShopRow } from '../storage/schema.ts';
import { shopOf } from './requireShop.ts';
import type { ReviewJson } from './reviewJson.ts';

/** The window failed admin attempts are counted in. */
const ADMIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** `{shopId}` and a review `{id}` of the owner endpoints' paths. */
export type AdminParams = { shopId: string; id: string };

/** The JSON schema of AdminParams. */
export const reviewParamsSchema = {
  type: 'object',
  required: ['shopId', 'id'],
  properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN }, id: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' } },
};

/** What the owner endpoints that change a review answer. */
interface AdminResult {
  ok: true;
  review: ReviewJson & { hidden: boolean; status: ReviewStatus };
  lastUpdated: number;
}

function bearerToken(request: FastifyRequest): string | null {
  const raw = request.headers.authorization;
  if (typeof raw !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(raw);
  return match ? match[1]! : null;
}

/**
 * The bearer check (the shop is already found, by requireShop); sends the error and returns null
 * on failure. With `failures` set, a client address that failed `max` times for this shop within
 * the window gets 429 (with Retry-After) whatever it presents, until the window ends; only
 * failures (401) are counted, so an owner's successful requests never lock them out.
 */
async function authorizeOwner(failures: GroupLimiter | null, request: FastifyRequest, reply: FastifyReply): Promise<ShopRow | null> {
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
  return shop;
}

/** The owner's access check, alone or with the review `:id` of the shop (404 when it has none). */
export interface OwnerAccess {
  /** The shop when the request carries its admin token; null once the error is sent. */
  shop(request: FastifyRequest, reply: FastifyReply): Promise<ShopRow | null>;
  /** The shop and its review `:id`; null once the error is sent. */
  review(request: FastifyRequest<{ Params: AdminParams }>, reply: FastifyReply): Promise<{ shop: ShopRow; row: ReviewRow } | null>;
}

/** The owner access of the app (one failed-attempts limit for every owner endpoint). */
export function ownerAccess(app: FastifyInstance, ctx: AppContext): OwnerAccess {
  const limits = ctx.config.rateLimits;
  const failures = limits
    ? groupRateLimit(app, 'admin-failures', {
        max: limits.adminFailuresPer15Min,
        timeWindow: ADMIN_FAILURE_WINDOW_MS,
        shopId: (request) => (request.params as AdminParams).shopId,
      })
    : null;
  return {
    shop: (request, reply) => authorizeOwner(failures, request, reply),
    async review(request, reply) {
      const shop = await authorizeOwner(failures, request, reply);
      if (!shop) return null;
      const row = await ctx.storage.reviews.find(shop.id, Number(request.params.id));
      if (!row) {
        sendError(reply, 404, 'REVIEW_NOT_FOUND', `Unknown review ${request.params.id}`);
        return null;
      }
      return { shop, row };
    },
  };
}

/** The answer of an owner endpoint that changed a review: the review as the owner sees it, and the shop's lastUpdated. */
export async function ownerResult(ctx: AppContext, shop: ShopRow, reviewId: number, lastUpdated: number): Promise<AdminResult> {
  return { ok: true, review: await ctx.storage.reviews.ownerJson(shop, reviewId), lastUpdated };
}
