/**
 * POST /api/consent — the consent report (spec §7: gdpr, ccpa, sId, bt), form-urlencoded as the
 * tracking chunk sends it with `sendBeacon` (or JSON). `sId` is the shop id; `bt` 1 while
 * tracking is not allowed. Counted per shop and day (`consent` tracked / notTracked in the
 * owner's stats); nothing about the visitor is stored. 204; 400 on a bad field, 404 for an
 * unknown shop, 429 over the tracking rate (its own counters).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { requireShop, shopOf } from './requireShop.ts';

type ConsentBody = { gdpr: string | number; ccpa: string | number; sId: string; bt: string | number };

const digits = (pattern: string) => ({ type: ['string', 'integer'], pattern, minimum: 0, maximum: 2 });

const consentSchema = {
  type: 'object',
  required: ['gdpr', 'ccpa', 'sId', 'bt'],
  additionalProperties: false,
  properties: { gdpr: digits('^[012]$'), ccpa: digits('^[01]$'), sId: { type: 'string', pattern: SHOP_ID_PATTERN }, bt: digits('^[01]$') },
};

const shopIdOf = (request: FastifyRequest) => (request.body as ConsentBody).sId;

/** Registers POST /api/consent. */
export function registerConsent(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const rateLimit = limits
    ? [
        app.rateLimit({
          groupId: 'consent',
          max: limits.trackPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => clientShopKey(request, shopIdOf(request)),
        }),
      ]
    : [];
  app.post<{ Body: ConsentBody }>(
    '/api/consent',
    { bodyLimit: 1024, schema: { body: consentSchema }, preHandler: [...rateLimit, requireShop(ctx.storage.shops, { shopIdOf })] },
    async (request, reply) => {
      await ctx.storage.stats.recordConsent(shopOf(request).id, new Date().toISOString().slice(0, 10), String(request.body.bt) === '0');
      return reply.code(204).send();
    },
  );
}
