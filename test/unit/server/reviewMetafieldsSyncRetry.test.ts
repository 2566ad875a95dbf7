/**
 * The review metafields' sync tries a failed write again (server/provider/reviewMetafieldsSync.ts):
 * the star snippets take a product with no rating in a section of rated cards for one without
 * reviews, so a product's first review must reach the platform without waiting for a restart.
 * Over fakes of the store and the platform, with waits of a few milliseconds.
 */
import { describe, expect, test, vi } from 'vitest';
import type { PlatformMetafields } from '../../../server/provider/platformMetafields';
import { reviewMetafieldsSync } from '../../../server/provider/reviewMetafieldsSync';
import type { Storage } from '../../../server/storage/index';

type ProductReviewStats = Parameters<PlatformMetafields['writeReviewStats']>[0][number];

const PRODUCTS = [
  { productId: 1, handle: 'mug' },
  { productId: 2, handle: 'vase' },
];

/** A store whose every product has one 5-star review. */
const storage = {
  reviews: {
    statsForHandles: async (_shopId: string, handles: string[]) =>
      Object.fromEntries(handles.map((handle) => [handle, { r: 1, s: 5, d: {} }])),
  },
  products: {
    find: async (_shopId: string, { handle }: { handle: string }) => PRODUCTS.find((product) => product.handle === handle),
    list: async () => PRODUCTS,
  },
} as unknown as Pick<Storage, 'reviews' | 'products'>;

/** A platform that refuses its first `failures` calls, then keeps what it is sent. */
function platform(failures: number) {
  const written: ProductReviewStats[][] = [];
  let calls = 0;
  const writeReviewStats = vi.fn(async (products: readonly ProductReviewStats[]) => {
    if (calls++ < failures) throw new Error('platform unavailable');
    written.push([...products]);
  });
  return { metafields: { writeReviewStats } satisfies PlatformMetafields, written, calls: () => calls };
}

const DELAYS = { first: 5, max: 20 };

describe('a failed write of the review metafields is tried again', () => {
  test("a product's write: logged each time it fails, then written, with no change and no restart", async () => {
    const shop = platform(3);
    const logged = vi.fn();
    const sync = reviewMetafieldsSync(storage, new Map([['demo', shop.metafields]]), logged, DELAYS);
    sync.productChanged('demo', 'mug');
    await vi.waitFor(() => expect(shop.written).toHaveLength(1));
    expect(shop.written[0]).toEqual([{ productId: 1, count: 1, average: 5 }]);
    expect(logged).toHaveBeenCalledTimes(3);
    expect(logged).toHaveBeenLastCalledWith(expect.any(Error), { shopId: 'demo', handle: 'mug' });
    // Written: nothing more is tried.
    await new Promise((resolve) => setTimeout(resolve, DELAYS.max * 3));
    expect(shop.calls()).toBe(4);
    sync.stop();
  });

  test("a shop's back-fill at start: tried again until it is written", async () => {
    const shop = platform(2);
    const logged = vi.fn();
    const sync = reviewMetafieldsSync(storage, new Map([['demo', shop.metafields]]), logged, DELAYS);
    await sync.backfill();
    expect(logged).toHaveBeenCalledWith(expect.any(Error), { shopId: 'demo' });
    await vi.waitFor(() => expect(shop.written).toHaveLength(1));
    expect(shop.written[0]!.map((product) => product.productId)).toEqual([1, 2]);
    sync.stop();
  });

  test('stop() drops the retries to come (the app closes its store next)', async () => {
    const shop = platform(Infinity);
    const sync = reviewMetafieldsSync(storage, new Map([['demo', shop.metafields]]), () => {}, DELAYS);
    sync.productChanged('demo', 'vase');
    await sync.settled();
    sync.stop();
    const calls = shop.calls();
    await new Promise((resolve) => setTimeout(resolve, DELAYS.max * 3));
    expect(shop.calls()).toBe(calls);
  });
});
