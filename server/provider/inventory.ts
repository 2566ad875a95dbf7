import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import { getVariant } from '../shop/catalog.ts';
import { requireShop } from './requireShop.ts';

/** Variant ids one inventory request may ask for. */
const MAX_VARIANTS = 250;

/** The inventory of one variant, as the platform's admin API names its fields (spec §7). */
interface VariantInventory {
  inventory_quantity: number;
  /** `'shopify'`, a fulfilment service's handle, or null when the stock is not tracked. */
  inventory_management: string | null;
  inventory_policy: 'deny' | 'continue';
}

/**
 * Where a shop's inventory comes from. The provider keeps no stock of its own: a production
 * provider asks the platform's admin API with the shop's token; the demo shop's is its catalogue.
 * Unknown variants are left out.
 */
function inventoryOf(shopId: string, variantIds: number[]): Record<string, VariantInventory> {
  const out: Record<string, VariantInventory> = {};
  if (shopId !== DEMO_SHOP_ID) return out;
  for (const id of variantIds) {
    const variant = getVariant(id)?.variant;
    if (variant) {
      out[id] = {
        inventory_quantity: variant.inventory_quantity,
        inventory_management: variant.inventory_management,
        inventory_policy: variant.inventory_policy,
      };
    }
  }
  return out;
}

/**
 * `GET /api/bundle/product/inventory?shopId=…&variants=1,2,3` (spec §7 "inventory for variants"):
 * `{ variants: { [variantId]: { inventory_quantity, inventory_management, inventory_policy } } }`
 * for at most 250 variant ids; unknown ones are left out. The offer card reads it for its
 * eligibility rule (inventory min/max) and to tell pre-orders. Cached 30 s.
 */
export function registerInventory(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { shopId: string; variants: string } }>(
    '/api/bundle/product/inventory',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['shopId', 'variants'],
          properties: {
            shopId: { type: 'string', pattern: SHOP_ID_PATTERN },
            // Comma-separated ids: at most 250 of at most 20 digits.
            variants: { type: 'string', pattern: `^\\d{1,20}(,\\d{1,20}){0,${MAX_VARIANTS - 1}}$` },
          },
        },
      },
      preHandler: requireShop(ctx.storage.shops, { shopIdOf: (request) => (request.query as { shopId: string }).shopId }),
    },
    async (request, reply) => {
      const ids = [...new Set(request.query.variants.split(',').map(Number))];
      reply.header('cache-control', 'public, max-age=30');
      return { variants: inventoryOf(request.query.shopId, ids) };
    },
  );
}
