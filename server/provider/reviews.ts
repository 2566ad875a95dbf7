/**
 * Review read endpoints (docs/provider-api.md "Reviews (read side)"): lists, star groups and
 * featured reviews, versioned by the shop's `lastUpdated`, and the photos the provider hosts.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { IMMUTABLE, sendVersioned } from '../lib/caching.ts';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { etagMatches } from '../lib/responseCache.ts';
import { HANDLE_PATTERN, SHOP_ID_PATTERN } from '../lib/validation.ts';
import { reviewPhotoSvg } from '../shop/images.ts';
import { PHOTO_EXTENSIONS } from '../storage/photos.ts';
import { requireShop, shopOf } from './requireShop.ts';

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const shopIdParam = { type: 'string', pattern: SHOP_ID_PATTERN };
const lastUpdatedParam = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' };
const productRefParam = { type: 'string', pattern: HANDLE_PATTERN };
const starsFilterParam = { type: 'string', pattern: '^r[1-5]$' };
const pagingQuery = {
  type: 'object',
  properties: { page: { type: 'string', pattern: '^[0-9]{1,6}$' }, limit: { type: 'string', pattern: '^[0-9]{1,6}$' } },
};

/** `{shopId}/{lastUpdated}/{productRef}` and, with `withFilter`, `/r{stars}`. */
function productParams(withFilter: boolean) {
  return {
    type: 'object',
    required: ['shopId', 'lastUpdated', 'productRef', ...(withFilter ? ['filter'] : [])],
    properties: {
      shopId: shopIdParam,
      lastUpdated: lastUpdatedParam,
      productRef: productRefParam,
      ...(withFilter ? { filter: starsFilterParam } : {}),
    },
  };
}

interface ProductParams {
  shopId: string;
  lastUpdated: string;
  productRef: string;
  filter?: string;
}

/** `r4` → 4; no filter → undefined. */
function starsOf(filter: string | undefined): number | undefined {
  return filter ? Number(filter.slice(1)) : undefined;
}

/** `/api/reviews/{shopId}/{lastUpdated}/{productRef}[/r{stars}].json?page&limit`. */
function registerLists(app: FastifyInstance, ctx: AppContext, withShop: preHandlerAsyncHookHandler): void {
  for (const withFilter of [false, true]) {
    const url = withFilter
      ? '/api/reviews/:shopId/:lastUpdated/:productRef/:filter.json'
      : '/api/reviews/:shopId/:lastUpdated/:productRef.json';
    app.get<{ Params: ProductParams; Querystring: { page?: string; limit?: string } }>(
      url,
      { schema: { params: productParams(withFilter), querystring: pagingQuery }, preHandler: withShop },
      async (request, reply) => {
        const { lastUpdated, productRef, filter } = request.params;
        const shop = shopOf(request);
        const page = Math.max(1, Number(request.query.page ?? 1) || 1);
        const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(request.query.limit ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE));
        const produce = async () => {
          const handle = await ctx.storage.products.resolveHandle(shop.id, productRef);
          return ctx.storage.reviews.list(shop, handle, { page, limit, stars: starsOf(filter) });
        };
        // The current version's URL names one answer forever: served from memory after the first time.
        if (lastUpdated === String(shop.last_updated)) return ctx.responses.send(request, reply, request.url, IMMUTABLE, produce);
        return sendVersioned(request, reply, await produce(), null);
      },
    );
  }
}

/** `/api/reviews-groups/{shopId}/{lastUpdated}/{productRef}[/r{stars}].json`. */
function registerGroups(app: FastifyInstance, ctx: AppContext, withShop: preHandlerAsyncHookHandler): void {
  for (const withFilter of [false, true]) {
    const url = withFilter
      ? '/api/reviews-groups/:shopId/:lastUpdated/:productRef/:filter.json'
      : '/api/reviews-groups/:shopId/:lastUpdated/:productRef.json';
    app.get<{ Params: ProductParams }>(
      url,
      { schema: { params: productParams(withFilter) }, preHandler: withShop },
      async (request, reply) => {
        const { lastUpdated, productRef, filter } = request.params;
        const shop = shopOf(request);
        const produce = async () =>
          ctx.storage.reviews.groups(shop, await ctx.storage.products.resolveHandle(shop.id, productRef), starsOf(filter));
        if (lastUpdated === String(shop.last_updated)) return ctx.responses.send(request, reply, request.url, IMMUTABLE, produce);
        return sendVersioned(request, reply, await produce(), null);
      },
    );
  }
}

/** `/api/featured-reviews/{shopId}[/r{stars}].json`, cached 60 s. */
function registerFeatured(app: FastifyInstance, ctx: AppContext, withShop: preHandlerAsyncHookHandler): void {
  for (const withFilter of [false, true]) {
    const url = withFilter ? '/api/featured-reviews/:shopId/:filter.json' : '/api/featured-reviews/:shopId.json';
    const params = withFilter
      ? { type: 'object', required: ['shopId', 'filter'], properties: { shopId: shopIdParam, filter: starsFilterParam } }
      : { type: 'object', required: ['shopId'], properties: { shopId: shopIdParam } };
    app.get<{ Params: { shopId: string; filter?: string } }>(url, { schema: { params }, preHandler: withShop }, async (request, reply) => {
      const body = await ctx.storage.reviews.featured(shopOf(request), starsOf(request.params.filter));
      return sendVersioned(request, reply, body, 'public, max-age=60');
    });
  }
}

/** `/api/photos/{reviewId}/{file}`: photos hosted by the provider; the demo's are generated SVGs. */
function registerPhotos(app: FastifyInstance, ctx: AppContext): void {
  // Content-addressed photos (uploads): the URL names the bytes forever.
  app.get<{ Params: { hash: string; ext: string } }>(
    '/api/photos/h/:hash.:ext',
    {
      schema: {
        params: {
          type: 'object',
          required: ['hash', 'ext'],
          properties: { hash: { type: 'string', pattern: '^[0-9a-f]{64}$' }, ext: { type: 'string', pattern: '^[a-z]{1,5}$' } },
        },
      },
    },
    async (request, reply) => {
      const photo = await ctx.storage.photos.get(request.params.hash);
      if (!photo || PHOTO_EXTENSIONS[photo.contentType] !== request.params.ext)
        return sendError(reply, 404, 'NOT_FOUND', 'Photo not found');
      const etag = `"${photo.hash}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(photo.contentType).send(photo.bytes);
    },
  );

  app.get<{ Params: { reviewId: string; file: string } }>(
    '/api/photos/:reviewId/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['reviewId', 'file'],
          properties: {
            reviewId: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' },
            file: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$' },
          },
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const stored = (await ctx.storage.reviews.hostedPhotoFiles(Number(request.params.reviewId))).includes(file);
      const svgNumber = /^(\d{1,6})\.svg$/.exec(file)?.[1];
      if (!stored || svgNumber === undefined) return sendError(reply, 404, 'NOT_FOUND', 'Photo not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(reviewPhotoSvg(Number(svgNumber)));
    },
  );
}

/** The review read endpoints and hosted photos. */
export function registerReviews(app: FastifyInstance, ctx: AppContext): void {
  const withShop = requireShop(ctx.storage.shops);
  registerLists(app, ctx, withShop);
  registerGroups(app, ctx, withShop);
  registerFeatured(app, ctx, withShop);
  registerPhotos(app, ctx);
}
