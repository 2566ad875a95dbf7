/** The provider's copy of each shop's products (id, handle, title, image; seeded or synced). */
import type { DB } from '../db/index.ts';

/**
 * Resolve a product reference to a handle: a numeric reference is a product id when the shop has
 * that product, anything else (or an unknown id) is taken as the handle itself.
 */
export function resolveHandle(db: DB, shopId: string, ref: string): string {
  if (/^\d+$/.test(ref)) {
    const row = db.prepare('SELECT handle FROM products WHERE shop_id = ? AND product_id = ?').get(shopId, Number(ref)) as
      { handle: string } | undefined;
    if (row) return row.handle;
  }
  return ref;
}
