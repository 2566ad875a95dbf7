/**
 * The owner's moderation endpoints (bearer token, ownerAccess.ts), for the reviews shoppers
 * submit that the shop's `moderation.autoPublishMinStars` holds back (submissionPolicy.ts):
 *
 * - GET /api/admin/{shopId}/reviews/pending?page&limit → `{ reviews, total, page, pages }`, newest
 *   first; each review as shoppers would see it plus `status` and `email`;
 * - POST …/reviews/{id}/approve and …/reject → `{ ok, review, lastUpdated }`, as reply and hide
 *   answer. Publishing moves the shop's lastUpdated (the answers shoppers get change); rejecting a
 *   pending review does not (nothing they see changes); rejecting a published one does. Either
 *   way the product's review metafields on the platform are written again (reviewMetafieldsSync.ts).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { ownerResult, reviewParamsSchema, type AdminParams, type OwnerAccess } from './ownerAccess.ts';

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const ACTIONS = [
  { action: 'approve', status: 'published' },
  { action: 'reject', status: 'rejected' },
] as const;

/** The moderation endpoints (see the module comment). */
export function registerModeration(app: FastifyInstance, ctx: AppContext, owner: OwnerAccess, withShop: preHandlerAsyncHookHandler): void {
  app.get<{ Params: { shopId: string }; Querystring: { page?: string; limit?: string } }>(
    '/api/admin/:shopId/reviews/pending',
    {
      schema: {
        params: { type: 'object', required: ['shopId'], properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN } } },
        querystring: {
          type: 'object',
          properties: { page: { type: 'string', pattern: '^[0-9]{1,6}$' }, limit: { type: 'string', pattern: '^[0-9]{1,6}$' } },
        },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = await owner.shop(request, reply);
      if (!shop) return reply;
      const page = Math.max(1, Number(request.query.page ?? 1) || 1);
      const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(request.query.limit ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE));
      reply.header('cache-control', 'no-store');
      return ctx.storage.moderation.pending(shop, { page, limit });
    },
  );

  for (const { action, status } of ACTIONS) {
    app.post<{ Params: AdminParams }>(
      `/api/admin/:shopId/reviews/:id/${action}`,
      { bodyLimit: 1024, schema: { params: reviewParamsSchema }, preHandler: withShop },
      async (request, reply) => {
        const auth = await owner.review(request, reply);
        if (!auth) return reply;
        const lastUpdated = await ctx.storage.moderation.setStatus(auth.shop.id, auth.row.id, status);
        ctx.reviewMetafields.productChanged(auth.shop.id, auth.row.product_handle);
        reply.header('cache-control', 'no-store');
        return await ownerResult(ctx, auth.shop, auth.row.id, lastUpdated);
      },
    );
  }
}
