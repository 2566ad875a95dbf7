/**
 * The owner's side of owner mode (docs/provider-api.md "Placements"):
 *
 * - POST /api/update-selector `{ shopId, widgetId, isMobile, selector, alignment }`, with an
 *   editor token of the shop (editorToken.ts) or its admin token: where widget 4, 5 or 6 goes on
 *   that device from the next page view on. Stored per shop, widget and device (a new choice
 *   replaces the old), and the shop's `lastUpdated` bumped so every versioned URL moves.
 * - GET /api/admin/{shopId}/placements: the stored placements and the placement reports of the
 *   last 30 days.
 * - POST /api/admin/{shopId}/placements/reset `{ widgetId, device? }`: back to the theme's place.
 *
 * All count their failed attempts in the owner endpoints' one limit (ownerAccess.ts).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { PLACEMENT_WIDGETS } from '../../src/core/placementWidgets.ts';
import type { AppContext } from '../lib/context.ts';
import { byName } from '../lib/byName.ts';
import { sendError } from '../lib/errors.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import type { PlacementUse } from '../storage/placements.ts';
import type { PlacementAlignment } from '../storage/schema.ts';
import type { OwnerAccess } from './ownerAccess.ts';
import { deviceOf, placementWidgetId, unknownWidgetMessage } from './placements.ts';
import { requireShop } from './requireShop.ts';
import { checkSelector } from './selectorCheck.ts';

/** Days of placement reports the owner's answer covers. */
const REPORT_DAYS = 30;
const ALIGNMENTS: readonly PlacementAlignment[] = ['before', 'after', 'prepend', 'append'];

interface UpdateSelectorBody {
  shopId: string;
  widgetId: number | string;
  isMobile: boolean | number | string;
  selector: string;
  alignment: string;
}

const updateSelectorSchema = {
  type: 'object',
  required: ['shopId', 'widgetId', 'isMobile', 'selector', 'alignment'],
  additionalProperties: false,
  properties: {
    shopId: { type: 'string', pattern: SHOP_ID_PATTERN },
    widgetId: { type: ['integer', 'string'], maxLength: 20 },
    isMobile: { type: ['boolean', 'integer', 'string'], enum: [true, false, 0, 1, '0', '1', 'true', 'false'] },
    // The 300-character rule is checkSelector's, with its own message; this only bounds the work.
    selector: { type: 'string', maxLength: 4000 },
    alignment: { type: 'string', maxLength: 40 },
  },
};

const shopParams = { type: 'object', required: ['shopId'], properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN } } };

/** The uses of a range as the owner reads them: per id in total, and per day. */
function reportsAnswer(uses: PlacementUse[], from: string, to: string) {
  const totals = byName();
  for (const use of uses) totals[use.id] = (totals[use.id] ?? 0) + use.count;
  return { from, to, totals, days: uses.map((use) => ({ date: use.day, id: use.id, count: use.count })) };
}

/** POST /api/update-selector. */
function registerUpdateSelector(app: FastifyInstance, ctx: AppContext, owner: OwnerAccess): void {
  app.post<{ Body: UpdateSelectorBody }>(
    '/api/update-selector',
    {
      bodyLimit: 8 * 1024,
      schema: { body: updateSelectorSchema },
      preHandler: requireShop(ctx.storage.shops, { shopIdOf: (request: FastifyRequest) => (request.body as UpdateSelectorBody).shopId }),
    },
    async (request, reply) => {
      const shop = await owner.editor(request, reply);
      if (!shop) return reply;
      const body = request.body;
      const widgetId = placementWidgetId(body.widgetId);
      if (widgetId === null) return sendError(reply, 400, 'WIDGET_UNKNOWN', unknownWidgetMessage(body.widgetId));
      const alignment = ALIGNMENTS.find((candidate) => candidate === body.alignment);
      if (!alignment) {
        return sendError(
          reply,
          400,
          'ALIGNMENT_INVALID',
          `Unknown alignment ${JSON.stringify(body.alignment)}: use ${ALIGNMENTS.join(', ')}`,
        );
      }
      const selector = checkSelector(body.selector);
      if (!selector.ok) return sendError(reply, 400, selector.code, selector.message);
      const saved = await ctx.storage.placements.save(shop.id, {
        widgetId,
        device: deviceOf(body.isMobile),
        selector: selector.selector,
        alignment,
      });
      reply.header('cache-control', 'no-store');
      return { ok: true, placement: saved.placement, lastUpdated: saved.lastUpdated };
    },
  );
}

/** GET /api/admin/{shopId}/placements and POST …/placements/reset. */
function registerOwnerReads(app: FastifyInstance, ctx: AppContext, owner: OwnerAccess, withShop: preHandlerAsyncHookHandler): void {
  app.get<{ Params: { shopId: string } }>(
    '/api/admin/:shopId/placements',
    { schema: { params: shopParams }, preHandler: withShop },
    async (request, reply) => {
      const shop = await owner.shop(request, reply);
      if (!shop) return reply;
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      const [placements, uses] = await Promise.all([ctx.storage.placements.list(shop.id), ctx.storage.placements.uses(shop.id, from, to)]);
      reply.header('cache-control', 'no-store');
      return {
        placements: placements.map((placement) => ({
          ...placement,
          widget: PLACEMENT_WIDGETS[placement.widgetId as keyof typeof PLACEMENT_WIDGETS],
        })),
        reports: reportsAnswer(uses, from, to),
      };
    },
  );

  app.post<{ Params: { shopId: string }; Body: { widgetId: number | string; device?: 'desktop' | 'mobile' } }>(
    '/api/admin/:shopId/placements/reset',
    {
      schema: {
        params: shopParams,
        body: {
          type: 'object',
          required: ['widgetId'],
          additionalProperties: false,
          properties: { widgetId: { type: ['integer', 'string'], maxLength: 20 }, device: { type: 'string', enum: ['desktop', 'mobile'] } },
        },
      },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = await owner.shop(request, reply);
      if (!shop) return reply;
      const widgetId = placementWidgetId(request.body.widgetId);
      if (widgetId === null) return sendError(reply, 400, 'WIDGET_UNKNOWN', unknownWidgetMessage(request.body.widgetId));
      const result = await ctx.storage.placements.reset(shop.id, widgetId, request.body.device ?? null);
      reply.header('cache-control', 'no-store');
      return { ok: true, ...result };
    },
  );
}

/** Registers the owner's placement endpoints (sharing the owner's failed-attempts limit). */
export function registerOwnerPlacements(
  app: FastifyInstance,
  ctx: AppContext,
  owner: OwnerAccess,
  withShop: preHandlerAsyncHookHandler,
): void {
  registerUpdateSelector(app, ctx, owner);
  registerOwnerReads(app, ctx, owner, withShop);
}
