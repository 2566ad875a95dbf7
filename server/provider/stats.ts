import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { HANDLE_PATTERN, SHOP_ID_PATTERN } from '../lib/validation.ts';
import { requireShop, shopOf } from './requireShop.ts';

/** Handles one `stats.json` request may ask for. */
const MAX_BATCH_HANDLES = 250;

const shopIdParam = { type: 'string', pattern: SHOP_ID_PATTERN };
const handleParam = { type: 'string', pattern: HANDLE_PATTERN };

/**
 * Review stats: `GET /api/sf/prs/{shopId}/{handle or product id}.json` (cached 60 s) and
 * `POST /api/sf/prs/{shopId}/stats.json` `{ handles }` for a whole listing page.
 */
export function registerStats(app: FastifyInstance, ctx: AppContext): void {
  const withShop = requireShop(ctx.storage.shops);

  app.get<{ Params: { shopId: string; handle: string } }>(
    '/api/sf/prs/:shopId/:handle.json',
    {
      schema: { params: { type: 'object', required: ['shopId', 'handle'], properties: { shopId: shopIdParam, handle: handleParam } } },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = shopOf(request);
      // Stats change only with the shop's reviews, which move its lastUpdated: one answer per
      // version, kept in memory (the HTTP caching stays 60 s, the URL has no version).
      const key = `stats|${shop.id}|${shop.last_updated}|${request.params.handle}`;
      return ctx.responses.send(request, reply, key, 'public, max-age=60', async () => {
        const handle = await ctx.storage.products.resolveHandle(shop.id, request.params.handle);
        return (await ctx.storage.reviews.statsForHandles(shop.id, [handle]))[handle];
      });
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
      return ctx.storage.reviews.statsForHandles(shopOf(request).id, request.body.handles);
    },
  );
}
