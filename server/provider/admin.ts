import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminTokenMatches } from '../db/adminTokens.ts';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { ownerNameOf, photosFor, toReviewJson, type ReviewJson, type ReviewRow } from './reviews.ts';
import { bumpLastUpdated, getShop, type ShopRow } from './settings.ts';

export const MAX_REPLY_LENGTH = 5000;

/** The window failed admin attempts are counted in. */
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

function bearerToken(request: FastifyRequest): string | null {
  const raw = request.headers.authorization;
  if (typeof raw !== 'string') return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(raw);
  return m ? m[1]! : null;
}

export interface AdminReviewJson extends ReviewJson {
  hidden: boolean;
}

export interface AdminResult {
  ok: true;
  review: AdminReviewJson;
  lastUpdated: number;
}

type AdminParams = { shopId: string; id: string };

type FailureLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Shop lookup + bearer check shared by the admin routes; sends the error and returns null on
 * failure. With `failures` set, a client address that failed `max` times for this shop within the
 * window gets 429 (with Retry-After) whatever it presents, until the window ends; only failures
 * (401) are counted, so an owner's successful requests never lock them out.
 */
async function authorize(
  ctx: AppContext,
  failures: FailureLimiter | null,
  request: FastifyRequest<{ Params: AdminParams }>,
  reply: FastifyReply,
): Promise<{ shop: ShopRow; row: ReviewRow } | null> {
  const { shopId, id } = request.params;
  const shop = getShop(ctx.db, shopId);
  if (!shop) {
    sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
    return null;
  }
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
  const row = ctx.db.prepare('SELECT * FROM reviews WHERE shop_id = ? AND id = ?').get(shop.id, Number(id)) as ReviewRow | undefined;
  if (!row) {
    sendError(reply, 404, 'REVIEW_NOT_FOUND', `Unknown review ${id}`);
    return null;
  }
  return { shop, row };
}

function result(ctx: AppContext, shop: ShopRow, reviewId: number, lastUpdated: number): AdminResult {
  const row = ctx.db.prepare('SELECT * FROM reviews WHERE id = ?').get(reviewId) as ReviewRow;
  const json = toReviewJson(row, photosFor(ctx.db, [row.id]).get(row.id) ?? [], ownerNameOf(shop));
  return { ok: true, review: { ...json, hidden: row.hidden === 1 }, lastUpdated };
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
    ? app.createRateLimit({
        max: limits.adminFailuresPer15Min,
        timeWindow: ADMIN_FAILURE_WINDOW_MS,
        keyGenerator: (request) => clientShopKey(request, (request.params as AdminParams).shopId),
      })
    : null;
  const setReply = ctx.db.prepare('UPDATE reviews SET reply_html = ?, reply_at = ? WHERE id = ?');
  const setHidden = ctx.db.prepare('UPDATE reviews SET hidden = ? WHERE id = ?');

  app.post<{ Params: AdminParams; Body: { reply: string } }>(
    '/api/admin/:shopId/reviews/:id/reply',
    {
      bodyLimit: 64 * 1024,
      schema: {
        params: paramsSchema,
        body: { type: 'object', required: ['reply'], additionalProperties: false, properties: { reply: { type: 'string', maxLength: MAX_REPLY_LENGTH } } },
      },
    },
    async (request, reply) => {
      const auth = await authorize(ctx, failures, request, reply);
      if (!auth) return reply;
      const raw = request.body.reply.trim();
      let html: string | null = null;
      if (raw) {
        html = sanitizeReviewHtml(raw);
        if (!html.replace(/<[^>]*>/g, '').trim()) {
          return sendError(reply, 400, 'VALIDATION_ERROR', 'The reply has no text left after removing disallowed HTML');
        }
      }
      const lastUpdated = ctx.db.transaction(() => {
        setReply.run(html, html ? new Date().toISOString() : null, auth.row.id);
        return bumpLastUpdated(ctx.db, auth.shop.id);
      })();
      reply.header('cache-control', 'no-store');
      return result(ctx, auth.shop, auth.row.id, lastUpdated);
    },
  );

  app.post<{ Params: AdminParams; Body: { hidden: boolean } }>(
    '/api/admin/:shopId/reviews/:id/hide',
    {
      schema: {
        params: paramsSchema,
        body: { type: 'object', required: ['hidden'], additionalProperties: false, properties: { hidden: { type: 'boolean' } } },
      },
    },
    async (request, reply) => {
      const auth = await authorize(ctx, failures, request, reply);
      if (!auth) return reply;
      const lastUpdated = ctx.db.transaction(() => {
        setHidden.run(request.body.hidden ? 1 : 0, auth.row.id);
        return bumpLastUpdated(ctx.db, auth.shop.id);
      })();
      reply.header('cache-control', 'no-store');
      return result(ctx, auth.shop, auth.row.id, lastUpdated);
    },
  );
}
