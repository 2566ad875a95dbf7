/** The provider's copy of each shop's products (id, handle, title, image; seeded or synced). */
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/** Products of the shops, by handle or product id. */
export interface ProductStore {
  /**
   * Resolves a product reference to a handle: a numeric reference is a product id when the shop
   * has that product; anything else (or an unknown id) is taken as the handle itself.
   */
  resolveHandle(shopId: string, ref: string): Promise<string>;
  /**
   * The shop's product with this handle and/or product id (both must match when both are given),
   * if any.
   */
  find(shopId: string, ref: { handle?: string | null; productId?: number | null }): Promise<ProductRef | undefined>;
  /** Every product of the shop, by handle. */
  list(shopId: string): Promise<ProductRef[]>;
}

/** A product of a shop: its id and handle. */
export interface ProductRef {
  productId: number;
  handle: string;
}

/** The ProductStore over one engine's query builder. */
export function productStore(db: Kysely<Schema>): ProductStore {
  return {
    async resolveHandle(shopId, ref) {
      if (!/^\d{1,15}$/.test(ref)) return ref;
      const row = await db
        .selectFrom('products')
        .select('handle')
        .where('shop_id', '=', shopId)
        .where('product_id', '=', Number(ref))
        .executeTakeFirst();
      return row?.handle ?? ref;
    },

    async find(shopId, ref) {
      if (!ref.handle && ref.productId == null) return undefined;
      let query = db.selectFrom('products').select(['product_id', 'handle']).where('shop_id', '=', shopId);
      if (ref.handle) query = query.where('handle', '=', ref.handle);
      if (ref.productId != null) query = query.where('product_id', '=', ref.productId);
      const row = await query.orderBy('handle').executeTakeFirst();
      return row && { productId: Number(row.product_id), handle: row.handle };
    },

    async list(shopId) {
      const rows = await db
        .selectFrom('products')
        .select(['product_id', 'handle'])
        .where('shop_id', '=', shopId)
        .orderBy('handle')
        .execute();
      return rows.map((row) => ({ productId: Number(row.product_id), handle: row.handle }));
    },
  };
}
