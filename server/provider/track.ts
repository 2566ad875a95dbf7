import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { isPlainObject } from '../lib/validation.ts';
import { requireShop, shopOf } from './requireShop.ts';
import { summarizeTrack } from './trackSummary.ts';

/** Events one request may carry. */
const MAX_TRACK_EVENTS = 100;
/** The request's meta is stored once per request, serialized, up to this many bytes. */
const MAX_META_BYTES = 4 * 1024;
/** Each event is stored as its own row, serialized, up to this many bytes. */
const MAX_EVENT_BYTES = 2 * 1024;
/** Nesting depth of the meta object and of each event (the object itself is level 1). */
const MAX_TRACK_DEPTH = 5;
const TRACK_BODY_LIMIT = 256 * 1024;

interface TrackBody {
  version: string | number;
  events: Record<string, unknown>[];
  meta?: Record<string, unknown>;
  shopId?: string;
}

/**
 * Nesting depth of a parsed JSON value ({} and [] are 1, a scalar 0). Recursive: safe because
 * the body parser already refused anything nested deeper than MAX_JSON_DEPTH.
 */
function jsonDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, jsonDepth(child));
  return deepest + 1;
}

/** An event's type: the first of its `type`, `name`, `event`, `e`, `t` fields that is set (the client's short keys included). */
function eventType(event: Record<string, unknown>): string {
  for (const key of ['type', 'name', 'event', 'e', 't']) {
    const value = event[key];
    if (typeof value === 'string' && value) return value.slice(0, 100);
    if (typeof value === 'number') return String(value);
  }
  return 'unknown';
}

/** The shop id of a beacon: `shopId`, `meta.shopId`/`shop`/`sid`, or `?shopId=`/`?s=`; null when none. */
function shopIdOf(body: TrackBody, query: Record<string, unknown>): string | null {
  const meta = body.meta ?? {};
  for (const candidate of [body.shopId, meta.shopId, meta.shop, meta.sid, query.shopId, query.s]) {
    if (typeof candidate === 'string' && candidate && candidate.length <= 100) return candidate;
  }
  return null;
}

/**
 * The request uid of a beacon (SPEC §3 tracking meta: `meta.requestUid`, or the short `rid`), at
 * most 100 characters; a retry of the same request carries the same one and is stored once.
 */
function requestUidOf(meta: Record<string, unknown>): string | null {
  const value = meta.requestUid ?? meta.rid;
  return typeof value === 'string' && value && value.length <= 100 ? value : null;
}

/** Serialize `value` if it fits the caps, else return the 413 message. */
function fitting(value: unknown, what: string, maxBytes: number): { json: string } | { tooLarge: string } {
  const depth = jsonDepth(value);
  if (depth > MAX_TRACK_DEPTH) return { tooLarge: `${what} nests ${depth} levels deep; at most ${MAX_TRACK_DEPTH} are stored` };
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  if (bytes > maxBytes) return { tooLarge: `${what} is ${bytes} bytes serialized; at most ${maxBytes} are stored` };
  return { json };
}

type TrackRequest = FastifyRequest<{ Body: TrackBody; Querystring: Record<string, unknown> }>;

/** The shop id a (validated) track request names. */
function requestShopId(request: FastifyRequest): string | null {
  const { body, query } = request as TrackRequest;
  return shopIdOf(body, query ?? {});
}

const trackSchema = {
  type: 'object',
  required: ['version', 'events'],
  properties: {
    version: { type: ['string', 'number'], maxLength: 50 },
    events: { type: 'array', minItems: 1, maxItems: MAX_TRACK_EVENTS, items: { type: 'object' } },
    meta: { type: 'object' },
    shopId: { type: 'string', maxLength: 100 },
  },
};

/**
 * POST /api/track — usage events `{version, events:[…], meta:{…}}`. JSON or text/plain
 * (sendBeacon) bodies. The meta is stored once per request (a `track_batches` row), each event
 * as an `events` row pointing to it, and the day's aggregates count it (trackSummary.ts). 204 on success; 400 without a shop id, 404 for an unknown
 * shop, 413 when the meta or an event is over its caps, 429 over the per-address-and-shop rate.
 */
export function registerTrack(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const rateLimit = limits
    ? [
        app.rateLimit({
          groupId: 'track',
          max: limits.trackPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => clientShopKey(request, requestShopId(request) ?? '-'),
        }),
      ]
    : [];
  app.post<{ Body: TrackBody; Querystring: Record<string, unknown> }>(
    '/api/track',
    {
      bodyLimit: TRACK_BODY_LIMIT,
      schema: { body: trackSchema },
      // After validation, as the shop id is in the body: the rate limit first, then the shop lookup.
      preHandler: [
        ...rateLimit,
        requireShop(ctx.storage.shops, { shopIdOf: requestShopId, missingMessage: 'A shop id is required (body.shopId or meta.shopId)' }),
      ],
    },
    async (request, reply) => {
      const body = request.body;
      if (!body.events.every(isPlainObject)) {
        return sendError(reply, 400, 'VALIDATION_ERROR', 'body/events must be objects');
      }
      const meta = fitting(body.meta ?? {}, 'meta', MAX_META_BYTES);
      if ('tooLarge' in meta) return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', meta.tooLarge);
      const events: { type: string; json: string }[] = [];
      for (const [index, event] of body.events.entries()) {
        const stored = fitting(event, `events[${index}]`, MAX_EVENT_BYTES);
        if ('tooLarge' in stored) return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', stored.tooLarge);
        events.push({ type: eventType(event), json: stored.json });
      }
      await ctx.storage.tracking.insertBatch({
        shopId: shopOf(request).id,
        version: String(body.version),
        metaJson: meta.json,
        requestUid: requestUidOf(body.meta ?? {}),
        events,
        summary: summarizeTrack(body.events, body.meta ?? {}),
        day: new Date().toISOString().slice(0, 10),
      });
      return reply.code(204).send();
    },
  );
}
