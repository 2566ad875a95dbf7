/**
 * POST /api/store-captured-email — an address a shopper left (JSON or form-urlencoded):
 * `{ shopId, email, productHandle?, productId? }` → 204. Stored once per shop, address
 * (lower-cased) and product, with the time; a repeat answers 204 and stores nothing. 400 on a
 * malformed field, 404 for an unknown shop, 429 over the per-address-and-shop rate.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { HANDLE_PATTERN, isValidEmail } from '../lib/validation.ts';
import { requireShop, shopOf } from './requireShop.ts';

interface CapturedEmailBody {
  shopId: string;
  email: string;
  productHandle?: string;
  productId?: string | number;
}

const bodySchema = {
  type: 'object',
  required: ['shopId', 'email'],
  properties: {
    shopId: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', maxLength: 320 },
    productHandle: { type: 'string', pattern: HANDLE_PATTERN },
    productId: { type: ['string', 'integer'], pattern: '^[0-9]{1,15}$', minimum: 0, maximum: 999_999_999_999_999 },
  },
};

const shopIdOf = (request: FastifyRequest) => (request.body as CapturedEmailBody).shopId;

/** The captured-email endpoint (see the module comment). */
export function registerCapturedEmail(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const rateLimit = limits
    ? [
        app.rateLimit({
          groupId: 'captured-email',
          max: limits.capturedEmailsPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => clientShopKey(request, shopIdOf(request)),
        }),
      ]
    : [];
  app.post<{ Body: CapturedEmailBody }>(
    '/api/store-captured-email',
    {
      bodyLimit: 8 * 1024,
      schema: { body: bodySchema },
      // After validation, as the shop id is in the body: the rate limit first, then the shop lookup.
      preHandler: [...rateLimit, requireShop(ctx.storage.shops, { shopIdOf })],
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (!isValidEmail(email)) return sendError(reply, 400, 'VALIDATION_ERROR', 'Enter a valid email address');
      const shopId = shopOf(request).id;
      const productHandle = request.body.productHandle ?? null;
      const productId = request.body.productId === undefined ? null : Number(request.body.productId);
      // One row per product whichever way it is named: an id the shop knows counts as its handle.
      const productKey = productHandle ?? (productId === null ? '' : await ctx.storage.products.resolveHandle(shopId, String(productId)));
      await ctx.storage.capturedEmails.capture({ shopId, email, productKey, productHandle, productId });
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
