/**
 * The access check every owner endpoint starts with (`Authorization: Bearer <admin token>`,
 * checked against the shop's stored hash; for the placement editor's call, an editor token of the
 * shop too: editorToken.ts), with its limit on failed attempts, and what the endpoints that
 * change a review answer. Shared by admin.ts (reply, hide), moderation.ts (pending, approve,
 * reject), ownerStats.ts and ownerPlacements.ts: one limit counts the failures of all of them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { groupRateLimit, type GroupLimiter } from '../lib/rateLimit.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { adminTokenMatches } from '../storage/adminTokens.ts';
import type { ReviewRow, ReviewStatus, ShopRow } from '../storage/schema.ts';
import { verifyEditorToken } from './editorToken.ts';
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

/** What a request's credentials are worth for the shop it names. */
type Verdict =
  | { kind: 'owner' }
  | { kind: 'missing' }
  /** Neither the admin token nor (where accepted) an editor token of ours: counted as a failed attempt. */
  | { kind: 'invalid' }
  /** An editor token of ours past its expiry: not a guess, so not counted. */
  | { kind: 'expired' }
  /** An editor token of ours for another shop. */
  | { kind: 'otherShop' };

/** The verdict on `token` for `shop`: the admin token first (no lookup), then, when accepted, an editor token. */
async function judge(ctx: AppContext, shop: ShopRow, token: string | null, acceptEditor: boolean): Promise<Verdict> {
  if (!token) return { kind: 'missing' };
  if (adminTokenMatches(token, shop.admin_token_sha256)) return { kind: 'owner' };
  if (!acceptEditor) return { kind: 'invalid' };
  const check = await verifyEditorToken(ctx, token);
  switch (check.status) {
    case 'invalid':
      return { kind: 'invalid' };
    case 'expired':
      return check.shopId === shop.id ? { kind: 'expired' } : { kind: 'otherShop' };
    case 'valid':
      return check.shopId === shop.id ? { kind: 'owner' } : { kind: 'otherShop' };
  }
}

/**
 * The limit on failed attempts at an owner's credentials, per client address and shop, shared by
 * every owner endpoint and the demo shop's sign-in (server/shop/ownerSignIn.ts); null when rate
 * limits are off. Call it with `{ increment: false }` to look, without to count a failure.
 */
export function adminFailureLimit(app: FastifyInstance, ctx: AppContext, shopId: (request: FastifyRequest) => string): GroupLimiter | null {
  const limits = ctx.config.rateLimits;
  return limits
    ? groupRateLimit(app, 'admin-failures', { max: limits.adminFailuresPer15Min, timeWindow: ADMIN_FAILURE_WINDOW_MS, shopId })
    : null;
}

/** Seconds until a client that failed too often may try again (Retry-After is set), or 0 when it may try now. */
export async function lockedOutFor(failures: GroupLimiter | null, request: FastifyRequest, reply: FastifyReply): Promise<number> {
  if (!failures) return 0;
  const status = await failures(request, { increment: false });
  if (status.isAllowed || status.remaining !== 0) return 0;
  const retryAfter = Math.max(1, status.ttlInSeconds);
  reply.header('retry-after', String(retryAfter));
  return retryAfter;
}

/**
 * The bearer check (the shop is already found, by requireShop); sends the error and returns null
 * on failure. With `failures` set, a client address that failed `max` times for this shop within
 * the window gets 429 (with Retry-After) whatever it presents, until the window ends; only
 * failures (401 for a missing or wrong token) are counted, so an owner's successful requests, and
 * an editor left open past its token's hour, never lock them out.
 */
async function authorizeOwner(
  ctx: AppContext,
  failures: GroupLimiter | null,
  request: FastifyRequest,
  reply: FastifyReply,
  acceptEditor: boolean,
): Promise<ShopRow | null> {
  const shop = shopOf(request);
  const retryAfter = await lockedOutFor(failures, request, reply);
  if (retryAfter) {
    sendError(reply, 429, 'RATE_LIMITED', `Too many failed admin attempts; retry in ${retryAfter} s`);
    return null;
  }
  const what = acceptEditor ? 'editor token or admin token' : 'admin token';
  const verdict = await judge(ctx, shop, bearerToken(request), acceptEditor);
  switch (verdict.kind) {
    case 'owner':
      return shop;
    case 'otherShop':
      sendError(reply, 403, 'FORBIDDEN', `This editor token is for another shop than "${shop.id}"`);
      return null;
    case 'expired':
      reply.header('www-authenticate', 'Bearer realm="vitrine-admin", error="invalid_token"');
      sendError(reply, 401, 'UNAUTHORIZED', 'The editor token has expired (they last one hour): reload the editor to get a new one');
      return null;
    case 'missing':
    case 'invalid':
      if (failures) await failures(request);
      reply.header('www-authenticate', 'Bearer realm="vitrine-admin"');
      sendError(
        reply,
        401,
        'UNAUTHORIZED',
        verdict.kind === 'missing' ? `Missing "Authorization: Bearer <${what}>" header` : `Invalid ${what}`,
      );
      return null;
  }
}

/** The owner's access check, alone or with the review `:id` of the shop (404 when it has none). */
export interface OwnerAccess {
  /** The shop when the request carries its admin token; null once the error is sent. */
  shop(request: FastifyRequest, reply: FastifyReply): Promise<ShopRow | null>;
  /** The shop when the request carries its admin token or one of its editor tokens; null once the error is sent. */
  editor(request: FastifyRequest, reply: FastifyReply): Promise<ShopRow | null>;
  /** The shop and its review `:id`; null once the error is sent. */
  review(request: FastifyRequest<{ Params: AdminParams }>, reply: FastifyReply): Promise<{ shop: ShopRow; row: ReviewRow } | null>;
}

/** The owner access of the app (one failed-attempts limit for every owner endpoint). */
export function ownerAccess(app: FastifyInstance, ctx: AppContext): OwnerAccess {
  // Counted after requireShop found the shop, wherever the route names it (path or body).
  const failures = adminFailureLimit(app, ctx, (request) => shopOf(request).id);
  return {
    shop: (request, reply) => authorizeOwner(ctx, failures, request, reply, false),
    editor: (request, reply) => authorizeOwner(ctx, failures, request, reply, true),
    async review(request, reply) {
      const shop = await authorizeOwner(ctx, failures, request, reply, false);
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
