/** E-mail addresses shoppers leave (`POST /api/store-captured-email`), stored once per shop, address and product. */
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/** One captured address; `email` already trimmed and lower-cased. */
interface CapturedEmail {
  shopId: string;
  email: string;
  /** What deduplicates per product: the product's handle, else its id as text, else ''. */
  productKey: string;
  productHandle: string | null;
  productId: number | null;
}

/** Captured e-mail addresses. */
export interface CapturedEmailStore {
  /**
   * Stores the address unless the shop already has it for that product; true when stored now.
   * Concurrent calls with the same address store one row (a unique index decides).
   */
  capture(entry: CapturedEmail): Promise<boolean>;
}

/** The CapturedEmailStore over one engine's query builder. */
export function capturedEmailStore(db: Kysely<Schema>): CapturedEmailStore {
  return {
    async capture(entry) {
      const inserted = await db
        .insertInto('captured_emails')
        .values({
          shop_id: entry.shopId,
          email: entry.email,
          product_key: entry.productKey,
          product_handle: entry.productHandle,
          product_id: entry.productId,
        })
        .onConflict((conflict) => conflict.columns(['shop_id', 'email', 'product_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
