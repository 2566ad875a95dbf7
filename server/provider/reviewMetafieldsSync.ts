/**
 * Keeps the platform's review metafields (platformMetafields.ts) equal to what shoppers see:
 * whenever a product's published reviews may have changed (a review published at once, approved,
 * rejected, hidden or shown again), its current stats are written; at start every product of
 * every shop on the platform is written (back-fill), so a store restored from a backup, or a
 * write that failed, is right again after a restart.
 *
 * Writes run in the background: a review request never waits for the platform and never fails
 * because of it; a failed write is logged. One write per product at a time: a change while one
 * runs makes one more (it reads the stats again), so the last write always carries the latest.
 */
import type { Storage } from '../storage/index.ts';
import type { ProductRef } from '../storage/products.ts';
import type { PlatformMetafields } from './platformMetafields.ts';

/** The writes of one provider process. */
export interface ReviewMetafieldsSync {
  /** A review of `handle` changed in a way shoppers may see: writes the product's metafields (in the background). */
  productChanged(shopId: string, handle: string | null): void;
  /** Writes every product of every shop on the platform. Never rejects (failures are logged). */
  backfill(): Promise<void>;
  /** Resolves once no write runs or waits (tests; the app waits for it before it closes its store). */
  settled(): Promise<void>;
}

/** A failed write: what failed and for which shop (and product). */
export type SyncFailureLog = (error: unknown, detail: { shopId: string; handle?: string }) => void;

/**
 * The sync of the shops in `platforms` (shop id → its platform's metafields; shops not in it are
 * not on the platform and get nothing written), reading stats from `storage`.
 */
export function reviewMetafieldsSync(
  storage: Pick<Storage, 'reviews' | 'products'>,
  platforms: ReadonlyMap<string, PlatformMetafields>,
  logFailure: SyncFailureLog,
): ReviewMetafieldsSync {
  /** The write running per `shopId\nhandle`, and those changed again meanwhile. */
  const running = new Map<string, Promise<void>>();
  const changedAgain = new Set<string>();

  /** Writes the products' current stats to their shop's platform. */
  async function write(platform: PlatformMetafields, shopId: string, products: readonly ProductRef[]): Promise<void> {
    if (!products.length) return;
    const stats = await storage.reviews.statsForHandles(
      shopId,
      products.map((product) => product.handle),
    );
    await platform.writeReviewStats(
      products.map(({ productId, handle }) => ({ productId, count: stats[handle]!.r, average: stats[handle]!.s })),
    );
  }

  async function writeProduct(platform: PlatformMetafields, shopId: string, handle: string): Promise<void> {
    const product = await storage.products.find(shopId, { handle });
    if (product) await write(platform, shopId, [product]);
  }

  return {
    productChanged(shopId, handle) {
      const platform = platforms.get(shopId);
      if (!platform || !handle) return;
      const key = `${shopId}\n${handle}`;
      if (running.has(key)) {
        changedAgain.add(key);
        return;
      }
      const run = async (): Promise<void> => {
        do {
          changedAgain.delete(key);
          try {
            await writeProduct(platform, shopId, handle);
          } catch (error) {
            logFailure(error, { shopId, handle });
          }
        } while (changedAgain.has(key));
        running.delete(key);
      };
      running.set(key, run());
    },

    async backfill() {
      for (const [shopId, platform] of platforms) {
        try {
          await write(platform, shopId, await storage.products.list(shopId));
        } catch (error) {
          logFailure(error, { shopId });
        }
      }
    },

    async settled() {
      while (running.size) await Promise.all(running.values());
    },
  };
}
