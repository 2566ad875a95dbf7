/** Shops, their stored settings and their `lastUpdated` version. */
import { sql, type Kysely } from 'kysely';
import type { Engine } from './engine.ts';
import type { Schema, Shop } from './schema.ts';

/** Shops and their review version, by shop id. */
export interface ShopStore {
  /** The shop with this id and its current `last_updated`, if any: one query per request. */
  get(shopId: string): Promise<Shop | undefined>;
  /** The shop's `last_updated` (seconds; 0 before any): the version in review URLs and settings. */
  lastUpdated(shopId: string, db?: Kysely<Schema>): Promise<number>;
  /**
   * Moves the shop's `last_updated` to now (at least one past its current value), atomically:
   * two processes bumping at once get two different versions. Returns the new value.
   */
  bumpLastUpdated(shopId: string, db?: Kysely<Schema>, nowSec?: number): Promise<number>;
}

/** The ShopStore of one engine. */
export function shopStore(db: Kysely<Schema>, engine: Engine): ShopStore {
  // SQLite's two-argument max() is PostgreSQL's greatest().
  const greatest = engine === 'postgres' ? 'greatest' : 'max';
  return {
    async get(shopId) {
      const row = await db
        .selectFrom('shops')
        .leftJoin('shop_state', 'shop_state.shop_id', 'shops.id')
        .selectAll('shops')
        .select('shop_state.last_updated')
        .where('shops.id', '=', shopId)
        .executeTakeFirst();
      return row && { ...row, last_updated: Number(row.last_updated ?? 0) };
    },

    async lastUpdated(shopId, executor = db) {
      const row = await executor.selectFrom('shop_state').select('last_updated').where('shop_id', '=', shopId).executeTakeFirst();
      return Number(row?.last_updated ?? 0);
    },

    async bumpLastUpdated(shopId, executor = db, nowSec = Math.floor(Date.now() / 1000)) {
      const row = await executor
        .insertInto('shop_state')
        .values({ shop_id: shopId, last_updated: nowSec })
        .onConflict((conflict) =>
          conflict
            .column('shop_id')
            .doUpdateSet({ last_updated: sql<number>`${sql.raw(greatest)}(excluded.last_updated, shop_state.last_updated + 1)` }),
        )
        .returning('last_updated')
        .executeTakeFirstOrThrow();
      return Number(row.last_updated);
    },
  };
}
