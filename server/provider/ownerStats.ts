/**
 * What the owner learns (bearer token, ownerAccess.ts; docs/provider-api.md):
 *
 * - GET /api/admin/{shopId}/stats?from=YYYY-MM-DD&to=YYYY-MM-DD → statsAnswer.ts: per UTC day
 *   and in total, page views, visitors, impressions per widget, interactions per name, reviews
 *   submitted, offers accepted, add-to-carts and those in visits that saw reviews, consent
 *   reports. Default range: the last 30 days; at most 366 days.
 * - GET /api/admin/{shopId}/errors?limit=N → `{ groups: [{ code, message, source, count,
 *   firstSeen, lastSeen }], total }`, most recently seen first (default 50, at most 500).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import type { OwnerAccess } from './ownerAccess.ts';
import { statsAnswer } from './statsAnswer.ts';

/** Days of the default range. */
const DEFAULT_DAYS = 30;
/** Days one request may cover. */
const MAX_DAYS = 366;
const DEFAULT_ERROR_GROUPS = 50;
const MAX_ERROR_GROUPS = 500;

const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const shopParams = { type: 'object', required: ['shopId'], properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN } } };

/** A real calendar date (`2025-02-30` is not). */
const isDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/** Registers the two owner endpoints (sharing the owner's failed-attempts limit). */
export function registerOwnerStats(app: FastifyInstance, ctx: AppContext, owner: OwnerAccess, withShop: preHandlerAsyncHookHandler): void {
  app.get<{ Params: { shopId: string }; Querystring: { from?: string; to?: string } }>(
    '/api/admin/:shopId/stats',
    {
      schema: {
        params: shopParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: { type: 'string', pattern: DATE }, to: { type: 'string', pattern: DATE } },
        },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = await owner.shop(request, reply);
      if (!shop) return reply;
      const to = request.query.to ?? new Date().toISOString().slice(0, 10);
      if (!isDate(to) || (request.query.from !== undefined && !isDate(request.query.from))) {
        return sendError(reply, 400, 'VALIDATION_ERROR', 'from and to must be dates (YYYY-MM-DD)');
      }
      const from =
        request.query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      if (from > to) return sendError(reply, 400, 'VALIDATION_ERROR', 'from must not be after to');
      const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
      if (days > MAX_DAYS) return sendError(reply, 400, 'VALIDATION_ERROR', `at most ${MAX_DAYS} days per request`);
      reply.header('cache-control', 'no-store');
      return statsAnswer(await ctx.storage.stats.daily(shop.id, from, to), from, to);
    },
  );

  app.get<{ Params: { shopId: string }; Querystring: { limit?: string } }>(
    '/api/admin/:shopId/errors',
    {
      schema: {
        params: shopParams,
        querystring: { type: 'object', additionalProperties: false, properties: { limit: { type: 'string', pattern: '^[0-9]{1,4}$' } } },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = await owner.shop(request, reply);
      if (!shop) return reply;
      const limit = Math.min(MAX_ERROR_GROUPS, Math.max(1, Number(request.query.limit ?? DEFAULT_ERROR_GROUPS) || DEFAULT_ERROR_GROUPS));
      reply.header('cache-control', 'no-store');
      return ctx.storage.stats.errorGroups(shop.id, limit);
    },
  );
}
