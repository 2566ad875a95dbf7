/**
 * The owner's moderation of submitted reviews: the pending queue, and approving or rejecting a
 * review. A change that makes a review visible or invisible to shoppers moves the shop's
 * lastUpdated (the version in review URLs and the key of every cached answer); one that does not
 * (pending → rejected) leaves it.
 */
import type { Kysely } from 'kysely';
import { ownerNameOf, type ReviewJson } from '../provider/reviewJson.ts';
import type { Engine } from './engine.ts';
import { lockedTransaction } from './lockedTransaction.ts';
import { serializeReviews } from './reviewRows.ts';
import { PUBLISHED } from './reviewVisibility.ts';
import type { ReviewStatus, Schema, ShopRow } from './schema.ts';
import type { ShopStore } from './shops.ts';

/** A review in the owner's pending queue: what shoppers would see, plus who wrote it. */
type PendingReviewJson = ReviewJson & { status: ReviewStatus; email: string | null };

/** One page of the pending queue. */
interface PendingPage {
  reviews: PendingReviewJson[];
  total: number;
  page: number;
  pages: number;
}

/** Moderation of a shop's reviews. */
export interface ModerationStore {
  /** Pending reviews, newest first, one page. */
  pending(shop: ShopRow, paging: { page: number; limit: number }): Promise<PendingPage>;
  /** Sets a review's status; returns the shop's lastUpdated (moved when the review's visibility changed). */
  setStatus(shopId: string, reviewId: number, status: Extract<ReviewStatus, 'published' | 'rejected'>): Promise<number>;
}

/** The ModerationStore over one engine's query builder. */
export function moderationStore(db: Kysely<Schema>, engine: Engine, shops: ShopStore): ModerationStore {
  return {
    async pending(shop, { page, limit }) {
      const queue = db.selectFrom('reviews').where('shop_id', '=', shop.id).where('status', '=', 'pending');
      const [counted, rows] = await Promise.all([
        queue.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        queue
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
      ]);
      const reviews = await serializeReviews(db, rows, ownerNameOf(shop));
      const total = Number(counted.total);
      return {
        reviews: reviews.map((json, index) => ({ ...json, status: rows[index]!.status, email: rows[index]!.email })),
        total,
        page,
        pages: Math.ceil(total / limit),
      };
    },

    // Locked per review: two owners approving and rejecting at once still bump when visibility changed.
    setStatus: (shopId, reviewId, status) =>
      lockedTransaction(db, engine, [`review-status|${shopId}|${reviewId}`], async (trx) => {
        const before = await trx
          .selectFrom('reviews')
          .select('status')
          .where('shop_id', '=', shopId)
          .where('id', '=', reviewId)
          .executeTakeFirstOrThrow();
        if (before.status === status) return shops.lastUpdated(shopId, trx);
        await trx.updateTable('reviews').set({ status }).where('shop_id', '=', shopId).where('id', '=', reviewId).execute();
        if ((before.status === PUBLISHED) === (status === PUBLISHED)) return shops.lastUpdated(shopId, trx);
        return shops.bumpLastUpdated(shopId, trx);
      }),
  };
}
