import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { resolveHandle } from './products.ts';
import { statsForHandle, statsForHandles } from './reviewStats.ts';
import { getShop } from './settings.ts';
import { HANDLE_PATTERN, SHOP_ID_PATTERN } from '../lib/validation.ts';

export const MAX_BATCH_HANDLES = 250;

export function registerStats(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { shopId: string; handle: string } }>(
    '/api/sf/prs/:shopId/:handle.json',
    {
      schema: {
        params: {
          type: 'object',
          required: ['shopId', 'handle'],
          properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN }, handle: { type: 'string', pattern: HANDLE_PATTERN } },
        },
      },
    },
    async (request, reply) => {
      const { shopId, handle } = request.params;
      if (!getShop(ctx.db, shopId)) return sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
      reply.header('cache-control', 'public, max-age=60');
      return statsForHandle(ctx.db, shopId, resolveHandle(ctx.db, shopId, handle));
    },
  );

  app.post<{ Params: { shopId: string }; Body: { handles: string[] } }>(
    '/api/sf/prs/:shopId/stats.json',
    {
      schema: {
        params: { type: 'object', required: ['shopId'], properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN } } },
        body: {
          type: 'object',
          required: ['handles'],
          properties: {
            handles: { type: 'array', maxItems: MAX_BATCH_HANDLES, items: { type: 'string', pattern: HANDLE_PATTERN } },
          },
        },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      if (!getShop(ctx.db, shopId)) return sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
      reply.header('cache-control', 'no-store');
      return statsForHandles(ctx.db, shopId, request.body.handles);
    },
  );
}
