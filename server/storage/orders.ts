/**
 * Orders with review codes: the customer of an order may write one verified review of its product
 * with the order's code (`POST /api/store-review-for-order`). The code is used up by the review
 * insert itself (submissions.ts), in the same transaction.
 */
import type { Kysely } from 'kysely';
import type { OrderRow, Schema } from './schema.ts';

/** Orders by shop and review code. */
export interface OrderStore {
  /** The shop's order with this review code, if any. */
  find(shopId: string, code: string): Promise<OrderRow | undefined>;
  /** The shop's orders, newest first, at most `limit` (the demo shop's page of review links). */
  list(shopId: string, limit: number): Promise<OrderRow[]>;
}

/** The OrderStore over one engine's query builder. */
export function orderStore(db: Kysely<Schema>): OrderStore {
  return {
    find: (shopId, code) => db.selectFrom('orders').selectAll().where('shop_id', '=', shopId).where('code', '=', code).executeTakeFirst(),
    list: (shopId, limit) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where('shop_id', '=', shopId)
        .orderBy('created_at', 'desc')
        .orderBy('code')
        .limit(limit)
        .execute(),
  };
}
