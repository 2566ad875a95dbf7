/**
 * Keeps the platform's review metafields (platformMetafields.ts) equal to what shoppers see:
 * whenever a product's published reviews may have changed (a review published at once, approved,
 * rejected, hidden or shown again), its current stats are written; at start every product of
 * every shop on the platform is written (back-fill), so a store restored from a backup, or a
 * write that failed, is right again after a restart.
 *
 * Writes run in the background: a review request never waits for the platform and never fails
 * because of it; a failed write is logged and tried again later (after 1 minute, then twice as long
 * each time, at most an hour apart, until it succeeds or the process stops): the star snippets
 * take a product with no rating in a section of rated cards for one without reviews, so a
 * product's first review must not stay off the platform until a restart. One write per product at
 * a time: a change while one runs makes one more (it reads the stats again), so the last write
 * always carries the latest.
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
  /** Drops the retries to come (the app, before it closes its store). */
  stop(): void;
}

/** How long a failed write waits before it is tried again: `first`, doubled each time up to `max` (ms). */
export interface RetryDelays {
  first: number;
  max: number;
}

const RETRY_DELAYS: RetryDelays = { first: 60_000, max: 3_600_000 };

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
  retryDelays: RetryDelays = RETRY_DELAYS,
): ReviewMetafieldsSync {
  /** The write running per `shopId\nhandle`, and those changed again meanwhile. */
  const running = new Map<string, Promise<void>>();
  const changedAgain = new Set<string>();
  /** The retry to come per failed write (`shopId\nhandle`, or `shopId` for a shop's back-fill), with its wait. */
  const retries = new Map<string, { timer: ReturnType<typeof setTimeout>; wait: number }>();
  let stopped = false;

  /** Runs `attempt` again later, each time waiting twice as long as the last (see `RetryDelays`). */
  const retryLater = (key: string, attempt: () => void): void => {
    if (stopped) return;
    const last = retries.get(key);
    const wait = last ? Math.min(retryDelays.max, last.wait * 2) : retryDelays.first;
    // Unreferenced: a retry to come never keeps the process alive.
    retries.set(key, { timer: setTimeout(attempt, wait).unref(), wait });
  };
  /** The write `key` succeeded: no retry of it is to come. */
  const succeeded = (key: string): void => {
    clearTimeout(retries.get(key)?.timer);
    retries.delete(key);
  };

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

  function productChanged(shopId: string, handle: string | null): void {
    const platform = platforms.get(shopId);
    if (!platform || !handle) return;
    const key = `${shopId}\n${handle}`;
    if (running.has(key)) {
      changedAgain.add(key);
      return;
    }
    const run = async (): Promise<void> => {
      /** Whether the last write failed (an earlier one is superseded by it). */
      let failed: boolean;
      do {
        changedAgain.delete(key);
        try {
          await writeProduct(platform, shopId, handle);
          failed = false;
        } catch (error) {
          failed = true;
          logFailure(error, { shopId, handle });
        }
      } while (changedAgain.has(key));
      running.delete(key);
      if (failed) retryLater(key, () => productChanged(shopId, handle));
      else succeeded(key);
    };
    running.set(key, run());
  }

  async function backfillShop(shopId: string, platform: PlatformMetafields): Promise<void> {
    try {
      await write(platform, shopId, await storage.products.list(shopId));
      succeeded(shopId);
    } catch (error) {
      logFailure(error, { shopId });
      retryLater(shopId, () => void backfillShop(shopId, platform));
    }
  }

  return {
    productChanged,

    async backfill() {
      for (const [shopId, platform] of platforms) await backfillShop(shopId, platform);
    },

    async settled() {
      while (running.size) await Promise.all(running.values());
    },

    stop() {
      stopped = true;
      for (const { timer } of retries.values()) clearTimeout(timer);
      retries.clear();
    },
  };
}
