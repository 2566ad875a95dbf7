/**
 * The demo platform's metafields (server/shop plays the platform): what its Admin API writes
 * (server/shop/adminApi.ts: `metafieldsSet`, all or nothing, and `metafieldsDelete`) and its theme
 * reads (the review ratings on cards and product pages). The provider never reads this table: it
 * writes through the Admin API, as it would on the real platform (server/provider/platformMetafields.ts).
 */
import type { Kysely } from 'kysely';
import type { PlatformMetafieldRow, Schema } from './schema.ts';

/** Which metafield: its owner's GID (`gid://shopify/Product/123`), namespace and key. */
export interface MetafieldIdentifier {
  ownerId: string;
  namespace: string;
  key: string;
}

/** A metafield to set: which one, its type and its value (as the platform stores it: text). */
export interface MetafieldInput extends MetafieldIdentifier {
  type: string;
  value: string;
}

/** The platform's metafields. */
export interface PlatformMetafieldStore {
  /** Inserts or updates each metafield (by owner, namespace and key) in one transaction; the rows as stored, in input order. */
  set(inputs: readonly MetafieldInput[]): Promise<PlatformMetafieldRow[]>;
  /** Deletes the metafields in one transaction; for each, whether it existed. */
  delete(identifiers: readonly MetafieldIdentifier[]): Promise<boolean[]>;
  /** The metafields of `namespace` that these owners have. */
  ofOwners(ownerIds: readonly string[], namespace: string): Promise<PlatformMetafieldRow[]>;
}

/** The PlatformMetafieldStore over one engine's query builder. */
export function platformMetafieldStore(db: Kysely<Schema>): PlatformMetafieldStore {
  return {
    set: (inputs) =>
      db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const rows: PlatformMetafieldRow[] = [];
        for (const input of inputs) {
          const changed = { type: input.type, value: input.value, updated_at: now };
          rows.push(
            await trx
              .insertInto('platform_metafields')
              .values({ owner_id: input.ownerId, namespace: input.namespace, key: input.key, ...changed, created_at: now })
              .onConflict((conflict) => conflict.columns(['owner_id', 'namespace', 'key']).doUpdateSet(changed))
              .returningAll()
              .executeTakeFirstOrThrow(),
          );
        }
        return rows;
      }),

    delete: (identifiers) =>
      db.transaction().execute(async (trx) => {
        const existed: boolean[] = [];
        for (const { ownerId, namespace, key } of identifiers) {
          const result = await trx
            .deleteFrom('platform_metafields')
            .where('owner_id', '=', ownerId)
            .where('namespace', '=', namespace)
            .where('key', '=', key)
            .executeTakeFirst();
          existed.push(Number(result.numDeletedRows) > 0);
        }
        return existed;
      }),

    ofOwners: async (ownerIds, namespace) =>
      ownerIds.length
        ? db
            .selectFrom('platform_metafields')
            .selectAll()
            .where('owner_id', 'in', [...ownerIds])
            .where('namespace', '=', namespace)
            .orderBy('id')
            .execute()
        : [],
  };
}
