/**
 * Owner mode's store: where the owner placed the placed widgets (4 reviews, 5 product stars line,
 * 6 offer card; src/core/placementWidgets.ts), one placement per shop, widget and device, and the
 * storefront's placement reports, counted per shop, UTC day and placement id. A placement change
 * bumps the shop's `lastUpdated` in the same transaction, so every versioned URL moves with it.
 */
import { sql, type Kysely } from 'kysely';
import type { PlacementAlignment, PlacementDevice, Schema } from './schema.ts';
import type { ShopStore } from './shops.ts';

/** A placement as the storefront reads it (spec §7: selector, alignment, id). */
interface PlacementJson {
  selector: string;
  alignment: PlacementAlignment;
  id: string;
}

/** A stored placement as the owner sees it. */
interface OwnerPlacement extends PlacementJson {
  widgetId: number;
  device: PlacementDevice;
  updatedAt: string;
}

/** Uses of one placement on one day. */
export interface PlacementUse {
  day: string;
  id: string;
  count: number;
}

/** The id of the owner's placement of a widget on a device: `owner-4-m`, `owner-6-d`. */
const ownerPlacementId = (widgetId: number, device: PlacementDevice): string => `owner-${widgetId}-${device === 'mobile' ? 'm' : 'd'}`;

/** Owner placements and placement reports. */
export interface PlacementStore {
  /** The placements of one widget on one device (at most one today), as the storefront reads them. */
  forWidget(shopId: string, widgetId: number, device: PlacementDevice): Promise<PlacementJson[]>;
  /** The widget ids with a placement on either device, ascending. */
  placedWidgets(shopId: string): Promise<number[]>;
  /** Every placement of the shop, by widget and device. */
  list(shopId: string): Promise<OwnerPlacement[]>;
  /** Stores (replaces) the placement of a widget on a device and bumps lastUpdated; the placement and the new lastUpdated. */
  save(
    shopId: string,
    placement: { widgetId: number; device: PlacementDevice; selector: string; alignment: PlacementAlignment },
  ): Promise<{ placement: PlacementJson; lastUpdated: number }>;
  /** Removes the placements of a widget (on one device, or both with null); bumps lastUpdated when any went. */
  reset(shopId: string, widgetId: number, device: PlacementDevice | null): Promise<{ removed: number; lastUpdated: number }>;
  /** Counts one use of each placement id on `day` (`YYYY-MM-DD`); an id given twice counts once. */
  countUses(shopId: string, day: string, ids: readonly string[]): Promise<void>;
  /** The counted uses of days `from` to `to` (inclusive), by day and id. */
  uses(shopId: string, from: string, to: string): Promise<PlacementUse[]>;
}

/** The PlacementStore over one engine's query builder. */
export function placementStore(db: Kysely<Schema>, shops: ShopStore): PlacementStore {
  return {
    async forWidget(shopId, widgetId, device) {
      const rows = await db
        .selectFrom('owner_placements')
        .select(['selector', 'alignment', 'placement_id'])
        .where('shop_id', '=', shopId)
        .where('widget_id', '=', widgetId)
        .where('device', '=', device)
        .execute();
      return rows.map((row) => ({ selector: row.selector, alignment: row.alignment, id: row.placement_id }));
    },

    async placedWidgets(shopId) {
      const rows = await db
        .selectFrom('owner_placements')
        .select('widget_id')
        .distinct()
        .where('shop_id', '=', shopId)
        .orderBy('widget_id')
        .execute();
      return rows.map((row) => Number(row.widget_id));
    },

    async list(shopId) {
      const rows = await db
        .selectFrom('owner_placements')
        .selectAll()
        .where('shop_id', '=', shopId)
        .orderBy('widget_id')
        .orderBy('device')
        .execute();
      return rows.map((row) => ({
        widgetId: Number(row.widget_id),
        device: row.device,
        selector: row.selector,
        alignment: row.alignment,
        id: row.placement_id,
        updatedAt: row.updated_at,
      }));
    },

    save: (shopId, { widgetId, device, selector, alignment }) =>
      db.transaction().execute(async (trx) => {
        const id = ownerPlacementId(widgetId, device);
        await trx
          .insertInto('owner_placements')
          .values({
            shop_id: shopId,
            widget_id: widgetId,
            device,
            selector,
            alignment,
            placement_id: id,
            updated_at: new Date().toISOString(),
          })
          .onConflict((conflict) =>
            conflict.columns(['shop_id', 'widget_id', 'device']).doUpdateSet((eb) => ({
              selector: eb.ref('excluded.selector'),
              alignment: eb.ref('excluded.alignment'),
              placement_id: eb.ref('excluded.placement_id'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        return { placement: { selector, alignment, id }, lastUpdated: await shops.bumpLastUpdated(shopId, trx) };
      }),

    reset: (shopId, widgetId, device) =>
      db.transaction().execute(async (trx) => {
        let query = trx.deleteFrom('owner_placements').where('shop_id', '=', shopId).where('widget_id', '=', widgetId);
        if (device) query = query.where('device', '=', device);
        const removed = Number((await query.executeTakeFirst()).numDeletedRows);
        const lastUpdated = removed ? await shops.bumpLastUpdated(shopId, trx) : await shops.lastUpdated(shopId, trx);
        return { removed, lastUpdated };
      }),

    async countUses(shopId, day, ids) {
      // Distinct: PostgreSQL refuses an upsert that would update one row twice.
      const distinct = [...new Set(ids)];
      if (!distinct.length) return;
      await db
        .insertInto('placement_reports')
        .values(distinct.map((id) => ({ shop_id: shopId, day, placement_id: id, count: 1 })))
        .onConflict((conflict) =>
          conflict
            .columns(['shop_id', 'day', 'placement_id'])
            .doUpdateSet({ count: sql<number>`placement_reports.count + excluded.count` }),
        )
        .execute();
    },

    async uses(shopId, from, to) {
      const rows = await db
        .selectFrom('placement_reports')
        .select(['day', 'placement_id', 'count'])
        .where('shop_id', '=', shopId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .orderBy('placement_id')
        .execute();
      return rows.map((row) => ({ day: row.day, id: row.placement_id, count: Number(row.count) }));
    },
  };
}
