/**
 * The storefront's side of owner mode (spec §7, docs/provider-api.md "Placements"):
 *
 * - GET /api/placements/{shopId}/{lastUpdated}/{widgetId}.json?isMobile=0|1 → `[{ selector,
 *   alignment, id }]`, where the owner placed widget 4 (reviews), 5 (the product stars line) or 6
 *   (the offer card) on that device; `[]` when nowhere. Versioned like the review lists: the
 *   current `lastUpdated` is cached for good, any other key briefly.
 * - POST /api/placement-report `{ s: shopId, i: [placement ids] }` (JSON text, as sendBeacon
 *   posts it): which placements a page view used, counted per shop, day and id. 204.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLACEMENT_WIDGETS } from '../../src/core/placementWidgets.ts';
import { IMMUTABLE, sendVersioned } from '../lib/caching.ts';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import type { PlacementDevice } from '../storage/schema.ts';
import { requireShop, shopOf } from './requireShop.ts';

/** An answer for another key than the current `lastUpdated` (an older script, or spec §9's time key): current data, kept a minute. */
const SHORT_CACHE = 'public, max-age=60';
/** Placement ids one report may name, and their shape. */
const MAX_REPORTED_IDS = 20;
const PLACEMENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

/** Widget ids with placements, as text (`"4"`), for messages. */
const WIDGET_LIST = Object.entries(PLACEMENT_WIDGETS)
  .map(([id, name]) => `${id} (${name})`)
  .join(', ');

/** `4` → 4 when it names a placed widget, else null. */
export function placementWidgetId(value: unknown): number | null {
  const id = typeof value === 'string' && /^[1-9][0-9]?$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Object.prototype.hasOwnProperty.call(PLACEMENT_WIDGETS, id) ? id : null;
}

/** The 400 message for a widget id without placements. */
export const unknownWidgetMessage = (value: unknown): string =>
  `Unknown widget id ${JSON.stringify(value)}: placements exist for ${WIDGET_LIST}`;

/** `isMobile` as sent (`1`/`0`, `true`/`false`, or a JSON boolean) → the device. */
export const deviceOf = (isMobile: string | number | boolean): PlacementDevice =>
  isMobile === true || isMobile === 1 || isMobile === '1' || isMobile === 'true' ? 'mobile' : 'desktop';

interface PlacementParams {
  shopId: string;
  lastUpdated: string;
  widgetId: string;
}

const placementParams = {
  type: 'object',
  required: ['shopId', 'lastUpdated', 'widgetId'],
  properties: {
    shopId: { type: 'string', pattern: SHOP_ID_PATTERN },
    lastUpdated: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
    widgetId: { type: 'string', maxLength: 20 },
  },
};

const placementQuery = {
  type: 'object',
  required: ['isMobile'],
  properties: { isMobile: { type: 'string', enum: ['0', '1', 'true', 'false'] } },
};

/** GET /api/placements/{shopId}/{lastUpdated}/{widgetId}.json?isMobile=. */
function registerRead(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: PlacementParams; Querystring: { isMobile: string } }>(
    '/api/placements/:shopId/:lastUpdated/:widgetId.json',
    { schema: { params: placementParams, querystring: placementQuery }, preHandler: requireShop(ctx.storage.shops) },
    async (request, reply) => {
      const widgetId = placementWidgetId(request.params.widgetId);
      if (widgetId === null) return sendError(reply, 400, 'WIDGET_UNKNOWN', unknownWidgetMessage(request.params.widgetId));
      const shop = shopOf(request);
      const produce = () => ctx.storage.placements.forWidget(shop.id, widgetId, deviceOf(request.query.isMobile));
      // The current version's URL names one answer forever (every placement change bumps lastUpdated).
      if (request.params.lastUpdated === String(shop.last_updated)) {
        return ctx.responses.send(request, reply, request.url, IMMUTABLE, produce);
      }
      return sendVersioned(request, reply, await produce(), SHORT_CACHE);
    },
  );
}

type ReportBody = { s: string; i: string[] };

const reportSchema = {
  type: 'object',
  required: ['s', 'i'],
  additionalProperties: false,
  properties: {
    s: { type: 'string', pattern: SHOP_ID_PATTERN },
    i: { type: 'array', maxItems: MAX_REPORTED_IDS, items: { type: 'string', pattern: PLACEMENT_ID_PATTERN } },
  },
};

const reportShopId = (request: FastifyRequest) => (request.body as ReportBody).s;

/** POST /api/placement-report. */
function registerReport(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const rateLimit = limits
    ? [
        app.rateLimit({
          groupId: 'placement-report',
          max: limits.trackPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => clientShopKey(request, reportShopId(request)),
        }),
      ]
    : [];
  app.post<{ Body: ReportBody }>(
    '/api/placement-report',
    {
      bodyLimit: 4 * 1024,
      schema: { body: reportSchema },
      preHandler: [...rateLimit, requireShop(ctx.storage.shops, { shopIdOf: reportShopId })],
    },
    async (request, reply) => {
      await ctx.storage.placements.countUses(shopOf(request).id, new Date().toISOString().slice(0, 10), request.body.i);
      return reply.code(204).send();
    },
  );
}

/** The storefront's placement endpoints. */
export function registerPlacements(app: FastifyInstance, ctx: AppContext): void {
  registerRead(app, ctx);
  registerReport(app, ctx);
}
