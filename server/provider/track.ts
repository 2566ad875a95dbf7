import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { isPlainObject } from '../lib/validation.ts';

export const MAX_TRACK_EVENTS = 100;
const TRACK_BODY_LIMIT = 256 * 1024;

interface TrackBody {
  version: string | number;
  events: Record<string, unknown>[];
  meta?: Record<string, unknown>;
  shopId?: string;
}

function eventType(e: Record<string, unknown>): string {
  for (const k of ['type', 'name', 'event', 'e', 't']) {
    const v = e[k];
    if (typeof v === 'string' && v) return v.slice(0, 100);
    if (typeof v === 'number') return String(v);
  }
  return 'unknown';
}

function shopIdOf(body: TrackBody, query: Record<string, unknown>): string | null {
  const meta = body.meta ?? {};
  for (const v of [body.shopId, meta.shopId, meta.shop, meta.sid, query.shopId, query.s]) {
    if (typeof v === 'string' && v && v.length <= 100) return v;
  }
  return null;
}

/**
 * POST /api/track — usage events `{version, events:[…], meta:{…}}`. JSON or text/plain
 * (sendBeacon) bodies; one `events` row per event. 204 on success.
 */
export function registerTrack(app: FastifyInstance, ctx: AppContext): void {
  const insert = ctx.db.prepare('INSERT INTO events (shop_id, type, payload_json) VALUES (?, ?, ?)');
  const insertMany = ctx.db.transaction((shopId: string | null, body: TrackBody) => {
    for (const event of body.events) {
      insert.run(shopId, eventType(event), JSON.stringify({ version: body.version, event, meta: body.meta ?? {} }));
    }
  });

  app.post<{ Body: TrackBody; Querystring: Record<string, unknown> }>(
    '/api/track',
    {
      bodyLimit: TRACK_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          required: ['version', 'events'],
          properties: {
            version: { type: ['string', 'number'], maxLength: 50 },
            events: { type: 'array', minItems: 1, maxItems: MAX_TRACK_EVENTS, items: { type: 'object' } },
            meta: { type: 'object' },
            shopId: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!body.events.every(isPlainObject)) {
        return reply.code(400).send({ error: { code: 'VALIDATION_ERROR', message: 'body/events must be objects' } });
      }
      insertMany(shopIdOf(body, request.query ?? {}), body);
      return reply.code(204).send();
    },
  );
}
