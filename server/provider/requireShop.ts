/**
 * The shop lookup every shop-scoped provider route starts with, as one `preHandler`: it finds the
 * shop the request names (`:shopId` by default), answers 404 `SHOP_NOT_FOUND` when there is no
 * such shop, and otherwise leaves it on `request.shop` for the handler (read it with shopOf).
 * As a preHandler it runs after schema validation (a malformed shop id is a 400 first) and after
 * any pre-handler listed before it (the rate limits of track and store-error count first).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sendError } from '../lib/errors.ts';
import type { Shop } from '../storage/schema.ts';
import type { ShopStore } from '../storage/shops.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop found by requireShop; null on routes without it. */
    shop: Shop | null;
  }
}

/** Where a route finds the shop id in a (validated) request; null when it names none. */
type ShopIdOf = (request: FastifyRequest) => string | null;

interface RequireShopOptions {
  /** Default: the `:shopId` path parameter. */
  shopIdOf?: ShopIdOf;
  /** The 400 `VALIDATION_ERROR` message when `shopIdOf` finds no shop id. */
  missingMessage?: string;
}

const shopIdParam: ShopIdOf = (request) => (request.params as { shopId: string }).shopId;

/** Declare `request.shop` (once, before the routes are registered). */
export function decorateRequestShop(app: FastifyInstance): void {
  app.decorateRequest('shop', null);
}

/** The pre-handler: look the shop up, 404 `SHOP_NOT_FOUND` when unknown, else set `request.shop`. */
export function requireShop(shops: ShopStore, options: RequireShopOptions = {}): preHandlerAsyncHookHandler {
  const shopIdOf = options.shopIdOf ?? shopIdParam;
  return async (request, reply) => {
    const shopId = shopIdOf(request);
    if (shopId === null) return sendError(reply, 400, 'VALIDATION_ERROR', options.missingMessage ?? 'A shop id is required');
    const shop = await shops.get(shopId);
    if (!shop) return sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
    request.shop = shop;
  };
}

/** The shop requireShop found for this request; throws on a route that lacks the pre-handler. */
export function shopOf(request: FastifyRequest): Shop {
  if (!request.shop) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} has no requireShop pre-handler`);
  return request.shop;
}
