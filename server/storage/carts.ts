/** The demo shop's carts (it plays the platform: a cart per visitor token). */
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/** A cart as stored: its JSON columns parsed by the caller's model. */
interface StoredCart {
  note: string | null;
  attributesJson: string;
  itemsJson: string;
}

/** Carts by token. */
export interface CartRows {
  load(token: string): Promise<StoredCart | undefined>;
  /** Inserts or replaces the cart. */
  save(token: string, cart: StoredCart): Promise<void>;
}

/** The cart rows over one engine's query builder. */
export function cartRows(db: Kysely<Schema>): CartRows {
  return {
    async load(token) {
      const row = await db
        .selectFrom('carts')
        .select(['note', 'attributes_json', 'items_json'])
        .where('token', '=', token)
        .executeTakeFirst();
      return row && { note: row.note, attributesJson: row.attributes_json, itemsJson: row.items_json };
    },
    async save(token, cart) {
      const values = {
        note: cart.note,
        attributes_json: cart.attributesJson,
        items_json: cart.itemsJson,
        updated_at: new Date().toISOString(),
      };
      await db
        .insertInto('carts')
        .values({ token, ...values })
        .onConflict((conflict) => conflict.column('token').doUpdateSet(values))
        .execute();
    },
  };
}
