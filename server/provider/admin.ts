import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';
import { registerEditorTokenRoute } from './editorToken.ts';
import { registerModeration } from './moderation.ts';
import { registerOwnerPlacements } from './ownerPlacements.ts';
import { registerOwnerStats } from './ownerStats.ts';
import { ownerAccess, ownerResult, reviewParamsSchema, type AdminParams } from './ownerAccess.ts';
import { requireShop } from './requireShop.ts';
import { hasVisibleText } from './reviewJson.ts';

const MAX_REPLY_LENGTH = 5000;

/**
 * Owner endpoints (`Authorization: Bearer <admin token>`, checked against the shop's stored hash):
 * POST /api/admin/{shopId}/reviews/{id}/reply `{ reply }` and …/hide `{ hidden }` (which writes
 * the product's review metafields on the platform again: reviewMetafieldsSync.ts), and the
 * moderation endpoints (moderation.ts), what the owner learns (ownerStats.ts: stats, errors),
 * owner mode's placements (ownerPlacements.ts, with POST /api/update-selector) and editor tokens
 * (editorToken.ts), which share the failed-attempts limit.
 */
export function registerAdmin(app: FastifyInstance, ctx: AppContext): void {
  const withShop = requireShop(ctx.storage.shops);
  const owner = ownerAccess(app, ctx);
  registerModeration(app, ctx, owner, withShop);
  registerOwnerStats(app, ctx, owner, withShop);
  registerOwnerPlacements(app, ctx, owner, withShop);
  registerEditorTokenRoute(app, ctx, owner, withShop);

  app.post<{ Params: AdminParams; Body: { reply: string } }>(
    '/api/admin/:shopId/reviews/:id/reply',
    {
      bodyLimit: 64 * 1024,
      schema: {
        params: reviewParamsSchema,
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
      const auth = await owner.review(request, reply);
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
      return await ownerResult(ctx, auth.shop, auth.row.id, lastUpdated);
    },
  );

  app.post<{ Params: AdminParams; Body: { hidden: boolean } }>(
    '/api/admin/:shopId/reviews/:id/hide',
    {
      schema: {
        params: reviewParamsSchema,
        body: { type: 'object', required: ['hidden'], additionalProperties: false, properties: { hidden: { type: 'boolean' } } },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const auth = await owner.review(request, reply);
      if (!auth) return reply;
      const lastUpdated = await ctx.storage.reviews.saveHidden(auth.shop.id, auth.row.id, request.body.hidden);
      ctx.reviewMetafields.productChanged(auth.shop.id, auth.row.product_handle);
      reply.header('cache-control', 'no-store');
      return await ownerResult(ctx, auth.shop, auth.row.id, lastUpdated);
    },
  );
}
