import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { HANDLE_PATTERN, SHOP_ID_PATTERN } from '../lib/validation.ts';
import { resolveHandle } from './products.ts';
import { requireShop, shopOf } from './requireShop.ts';
import { statsForHandle, statsForHandles } from './reviewStats.ts';

/** Handles one `stats.json` request may ask for. */
const MAX_BATCH_HANDLES = 250;

const shopIdParam = { type: 'string', pattern: SHOP_ID_PATTERN };
const handleParam = { type: 'string', pattern: HANDLE_PATTERN };

/**
 * Review stats: `GET /api/sf/prs/{shopId}/{handle or product id}.json` (cached 60 s) and
 * `POST /api/sf/prs/{shopId}/stats.json` `{ handles }` for a whole listing page.
 */
export function registerStats(app: FastifyInstance, ctx: AppContext): void {
  const withShop = requireShop(ctx.db);

  app.get<{ Params: { shopId: string; handle: string } }>(
    '/api/sf/prs/:shopId/:handle.json',
    {
      schema: { params: { type: 'object', required: ['shopId', 'handle'], properties: { shopId: shopIdParam, handle: handleParam } } },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = shopOf(request);
      reply.header('cache-control', 'public, max-age=60');
      return statsForHandle(ctx.db, shop.id, resolveHandle(ctx.db, shop.id, request.params.handle));
    },
  );

  app.post<{ Params: { shopId: string }; Body: { handles: string[] } }>(
    '/api/sf/prs/:shopId/stats.json',
    {
      schema: {
        params: { type: 'object', required: ['shopId'], properties: { shopId: shopIdParam } },
        body: {
          type: 'object',
          required: ['handles'],
          properties: { handles: { type: 'array', maxItems: MAX_BATCH_HANDLES, items: handleParam } },
        },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return statsForHandles(ctx.db, shopOf(request).id, request.body.handles);
    },
  );
}
