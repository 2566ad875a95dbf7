/**
 * Reviews written by shoppers (`POST /api/add-new-review`, `/api/store-review-for-order`): one
 * transaction per submission that checks, then writes, with the checks holding under concurrency
 * (lockedTransaction.ts) on either engine and across provider processes:
 *
 * - an idempotency key already stored for the shop → nothing new, the first review's id;
 * - an order code unknown, of another product, or already used → refused;
 * - a review of the same product with the same e-mail within 24 hours → refused;
 * - else the review, its photos and the code's use are stored together, and a published review
 *   moves the shop's lastUpdated (a pending one does not: nothing shoppers see changed).
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from './engine.ts';
import { lockedTransaction } from './lockedTransaction.ts';
import { photoPath, type PhotoStore } from './photos.ts';
import type { ReviewStatus, Schema } from './schema.ts';
import type { ShopStore } from './shops.ts';

/** How long a second review of the same product with the same e-mail is refused. */
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** An encoded image to store. */
interface EncodedImage {
  bytes: Buffer;
  contentType: string;
}

/** A processed photo: the photo and its thumbnail. */
export interface ReviewPhotoImages {
  photo: EncodedImage;
  thumbnail: EncodedImage;
}

/** A validated submission, ready to store. */
export interface NewReview {
  shopId: string;
  productId: number;
  productHandle: string;
  name: string;
  /** Trimmed; null when none was given. */
  email: string | null;
  stars: number;
  /** Sanitized HTML (reviewText.ts), stamped with `htmlVersion`. */
  bodyHtml: string;
  htmlVersion: number;
  locale: string | null;
  status: Extract<ReviewStatus, 'published' | 'pending'>;
  idempotencyKey: string | null;
  /** The order's review code: the review is a verified order review that uses it up. */
  orderCode: string | null;
  photos: ReviewPhotoImages[];
}

/** What a submission did. */
export type SubmitOutcome =
  | { kind: 'stored'; reviewId: number }
  | { kind: 'replayed'; reviewId: number }
  | { kind: 'duplicate' }
  | { kind: 'codeUsed' }
  | { kind: 'codeInvalid' };

/** Shoppers' review submissions. */
export interface SubmissionStore {
  /** The review stored with this idempotency key for the shop, if any. */
  reviewIdOfKey(shopId: string, key: string): Promise<number | undefined>;
  /**
   * Whether the shop has a review of the product with this e-mail from the last 24 hours: asked
   * before a submission's photos are processed, so a duplicate costs no decoding (the transaction
   * asks again).
   */
  reviewedRecently(shopId: string, productHandle: string, email: string, now?: Date): Promise<boolean>;
  /** Checks and stores a submission in one transaction (see the module comment). */
  submit(review: NewReview, now?: Date): Promise<SubmitOutcome>;
}

/** What transactions on the same key must not overlap: the idempotency key, the order code, the e-mail on the product. */
function lockKeys(review: NewReview): string[] {
  const keys: string[] = [];
  if (review.idempotencyKey) keys.push(`review-key|${review.shopId}|${review.idempotencyKey}`);
  if (review.orderCode) keys.push(`order-code|${review.shopId}|${review.orderCode}`);
  if (review.email) keys.push(`review-email|${review.shopId}|${review.email.toLowerCase()}|${review.productHandle}`);
  return keys;
}

/** The SubmissionStore over one engine's query builder. */
export function submissionStore(db: Kysely<Schema>, engine: Engine, shops: ShopStore, photos: PhotoStore): SubmissionStore {
  const reviewIdOfKey = async (executor: Kysely<Schema>, shopId: string, key: string) => {
    const row = await executor
      .selectFrom('reviews')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  };

  /** Whether the order code lets this review through: 'ok', or why not. */
  const checkOrderCode = async (trx: Kysely<Schema>, review: NewReview, code: string) => {
    const order = await trx
      .selectFrom('orders')
      .select(['product_handle', 'review_id'])
      .where('shop_id', '=', review.shopId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!order || order.product_handle !== review.productHandle) return 'codeInvalid' as const;
    return order.review_id === null ? ('ok' as const) : ('codeUsed' as const);
  };

  /** Whether the shop has a review of the product with this e-mail (any status) in the DUPLICATE_WINDOW_MS before `now`. */
  const reviewedRecently = async (executor: Kysely<Schema>, shopId: string, productHandle: string, email: string, now: Date) => {
    const row = await executor
      .selectFrom('reviews')
      .select('id')
      .where('shop_id', '=', shopId)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('product_handle', '=', productHandle)
      .where('created_at', '>', new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString())
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  };

  /** Inserts the review row; its id. */
  const insertReview = async (trx: Kysely<Schema>, review: NewReview, createdAt: string) => {
    const row = await trx
      .insertInto('reviews')
      .values({
        shop_id: review.shopId,
        product_id: review.productId,
        product_handle: review.productHandle,
        type: review.orderCode ? 'order_review' : 'product_review',
        name: review.name,
        email: review.email,
        stars: review.stars,
        body_html: review.bodyHtml,
        html_version: review.htmlVersion,
        verified: review.orderCode ? 1 : 0,
        locale: review.locale,
        created_at: createdAt,
        status: review.status,
        idempotency_key: review.idempotencyKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  /** Stores the photos (by content) and their review_photos rows, in order; the URLs are root-relative (served as given, lib/photoUrl.ts). */
  const insertPhotos = async (trx: Kysely<Schema>, reviewId: number, images: ReviewPhotoImages[]) => {
    for (const [position, image] of images.entries()) {
      const photoHash = await photos.put(image.photo.bytes, image.photo.contentType, trx);
      const thumbnailHash = await photos.put(image.thumbnail.bytes, image.thumbnail.contentType, trx);
      await trx
        .insertInto('review_photos')
        .values({
          review_id: reviewId,
          url: photoPath(photoHash, image.photo.contentType),
          thumbnail_url: photoPath(thumbnailHash, image.thumbnail.contentType),
          position,
        })
        .execute();
    }
  };

  return {
    reviewIdOfKey: (shopId, key) => reviewIdOfKey(db, shopId, key),
    reviewedRecently: (shopId, productHandle, email, now = new Date()) => reviewedRecently(db, shopId, productHandle, email, now),

    submit: (review, now = new Date()) =>
      lockedTransaction(db, engine, lockKeys(review), async (trx): Promise<SubmitOutcome> => {
        if (review.idempotencyKey) {
          const earlier = await reviewIdOfKey(trx, review.shopId, review.idempotencyKey);
          if (earlier !== undefined) return { kind: 'replayed', reviewId: earlier };
        }
        if (review.orderCode) {
          const verdict = await checkOrderCode(trx, review, review.orderCode);
          if (verdict !== 'ok') return { kind: verdict };
        }
        if (review.email && (await reviewedRecently(trx, review.shopId, review.productHandle, review.email, now)))
          return { kind: 'duplicate' };
        const reviewId = await insertReview(trx, review, now.toISOString());
        await insertPhotos(trx, reviewId, review.photos);
        if (review.orderCode) {
          await trx
            .updateTable('orders')
            .set({ review_id: reviewId })
            .where('shop_id', '=', review.shopId)
            .where('code', '=', review.orderCode)
            .execute();
        }
        if (review.status === 'published') await shops.bumpLastUpdated(review.shopId, trx);
        return { kind: 'stored', reviewId };
      }),
  };
}
