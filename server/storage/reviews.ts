/**
 * Reviews and their photos: the reads the widgets' endpoints ask, the stats they count, and the
 * owner's writes. Only visible reviews (reviewVisibility.ts: published and not hidden) are returned
 * by the public reads and counted.
 */
import { sql, type Kysely } from 'kysely';
import { byName } from '../lib/byName.ts';
import { HOSTED_PHOTO_PREFIX, resolvePhotoUrl } from '../lib/photoUrl.ts';
import { hasVisibleText, ownerNameOf, toReviewJson, type FeaturedReviewJson, type ReviewJson } from '../provider/reviewJson.ts';
import { statsFromRows, type ReviewStats } from '../provider/reviewStats.ts';
import { serializeReviews, storedPhotosOf } from './reviewRows.ts';
import { isVisibleReview } from './reviewVisibility.ts';
import type { ReviewRow, ReviewStatus, Schema, ShopRow } from './schema.ts';
import type { ShopStore } from './shops.ts';

/** Featured reviews answered at most. */
const FEATURED_LIMIT = 24;
/** Newest reviews per star value in a grouped answer. */
const GROUP_LIMIT = 10;

/** One page of a product's reviews, with the product's (unfiltered) stats. */
interface ReviewPage {
  reviews: ReviewJson[];
  total: number;
  page: number;
  pages: number;
  stats: ReviewStats;
}

/** Reviews, photos and stats of the shops. */
export interface ReviewStore {
  /** Visible reviews of a product, newest first, optionally of one star value. */
  list(shop: ShopRow, handle: string, options: { page: number; limit: number; stars?: number }): Promise<ReviewPage>;
  /** Up to 10 newest visible reviews per star value (or of `stars` only), with the product's stats. */
  groups(shop: ShopRow, handle: string, stars?: number): Promise<{ groups: Record<string, ReviewJson[]>; stats: ReviewStats }>;
  /** The best recent reviews across products: 4–5 stars (or exactly `stars`), with text, newest first; with the shop's stats. */
  featured(shop: ShopRow, stars?: number): Promise<{ reviews: FeaturedReviewJson[]; stats: ReviewStats }>;
  /** Stats for many product handles in one query; unknown handles get empty stats. */
  statsForHandles(shopId: string, handles: string[]): Promise<Record<string, ReviewStats>>;
  /** Shop-wide stats. */
  shopStats(shopId: string): Promise<ReviewStats>;
  /** A review of the shop, hidden or not (owner endpoints). */
  find(shopId: string, reviewId: number): Promise<ReviewRow | undefined>;
  /** A review as the owner endpoints answer it: ReviewJson plus `hidden` and `status`. */
  ownerJson(shop: ShopRow, reviewId: number): Promise<ReviewJson & { hidden: boolean; status: ReviewStatus }>;
  /**
   * A review as its submission is answered: ReviewJson plus `status`, `published` or `pending` (a
   * retry after the owner rejected it is told `pending`: the writer is not told of a rejection).
   */
  submittedJson(shop: ShopRow, reviewId: number): Promise<ReviewJson & { status: 'published' | 'pending' }>;
  /** Sets (sanitized HTML, dated now) or removes (null) the store reply and bumps lastUpdated; returns it. */
  saveReply(shopId: string, reviewId: number, html: string | null): Promise<number>;
  /** Hides or shows a review and bumps lastUpdated; returns it. */
  saveHidden(shopId: string, reviewId: number, hidden: boolean): Promise<number>;
  /** File names of a visible review's photos hosted by the provider (stored as `reviews/{…}/{file}`). */
  hostedPhotoFiles(reviewId: number): Promise<string[]>;
}

/** The ReviewStore over one engine's query builder. */
export function reviewStore(db: Kysely<Schema>, shops: ShopStore): ReviewStore {
  const serializeRows = (rows: ReviewRow[], ownerName: string) => serializeReviews(db, rows, ownerName);

  const visible = (shopId: string) => db.selectFrom('reviews').where('shop_id', '=', shopId).where(isVisibleReview());

  const store: ReviewStore = {
    async list(shop, handle, options) {
      let query = visible(shop.id).where('product_handle', '=', handle);
      if (options.stars) query = query.where('stars', '=', options.stars);
      const [counted, rows, stats] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit)
          .offset((options.page - 1) * options.limit)
          .execute(),
        store.statsForHandles(shop.id, [handle]),
      ]);
      const total = Number(counted.total);
      return {
        reviews: await serializeRows(rows, ownerNameOf(shop)),
        total,
        page: options.page,
        pages: Math.ceil(total / options.limit),
        stats: stats[handle]!,
      };
    },

    async groups(shop, handle, stars) {
      const ownerName = ownerNameOf(shop);
      const groups: Record<string, ReviewJson[]> = {};
      for (const star of stars ? [stars] : [5, 4, 3, 2, 1]) {
        const rows = await visible(shop.id)
          .where('product_handle', '=', handle)
          .where('stars', '=', star)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(GROUP_LIMIT)
          .execute();
        groups[String(star)] = await serializeRows(rows, ownerName);
      }
      return { groups, stats: (await store.statsForHandles(shop.id, [handle]))[handle]! };
    },

    async featured(shop, stars) {
      const rows = await db
        .selectFrom('reviews as r')
        .leftJoin('products as p', (join) => join.onRef('p.shop_id', '=', 'r.shop_id').onRef('p.handle', '=', 'r.product_handle'))
        .selectAll('r')
        .select(['p.title as product_title', 'p.image_url as product_image'])
        .where('r.shop_id', '=', shop.id)
        .where(isVisibleReview('r'))
        .where('r.stars', stars ? '=' : '>=', stars ?? 4)
        .where((eb) => eb(eb.fn('length', [eb.fn('trim', ['r.body_html'])]), '>', 0))
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(FEATURED_LIMIT * 2)
        .execute();
      const ownerName = ownerNameOf(shop);
      const photos = await storedPhotosOf(
        db,
        rows.map((row) => row.id),
      );
      const reviews: FeaturedReviewJson[] = [];
      for (const row of rows) {
        const json = toReviewJson(row, photos.get(row.id) ?? [], ownerName);
        // "With text": the sanitized body must still have visible text.
        if (!hasVisibleText(json.review)) continue;
        const image = row.product_image ? resolvePhotoUrl(row.product_image, row.id) : null;
        reviews.push({ ...json, product: { handle: row.product_handle, title: row.product_title, image } });
        if (reviews.length >= FEATURED_LIMIT) break;
      }
      return { reviews, stats: await store.shopStats(shop.id) };
    },

    async statsForHandles(shopId, handles) {
      const unique = [...new Set(handles)];
      const rows = unique.length
        ? await visible(shopId)
            .where('product_handle', 'in', unique)
            .select((eb) => ['product_handle', 'stars', eb.fn.countAll<number>().as('count')])
            .groupBy(['product_handle', 'stars'])
            .execute()
        : [];
      const byHandle = new Map<string, { stars: number; count: number }[]>();
      for (const row of rows) {
        const list = byHandle.get(row.product_handle!) ?? [];
        list.push({ stars: row.stars, count: Number(row.count) });
        byHandle.set(row.product_handle!, list);
      }
      const out = byName<ReviewStats>();
      for (const handle of unique) out[handle] = statsFromRows(byHandle.get(handle) ?? []);
      return out;
    },

    async shopStats(shopId) {
      const rows = await visible(shopId)
        .select((eb) => ['stars', eb.fn.countAll<number>().as('count')])
        .groupBy('stars')
        .execute();
      return statsFromRows(rows.map((row) => ({ stars: row.stars, count: Number(row.count) })));
    },

    find: (shopId, reviewId) =>
      db.selectFrom('reviews').selectAll().where('shop_id', '=', shopId).where('id', '=', reviewId).executeTakeFirst(),

    async ownerJson(shop, reviewId) {
      const row = await db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirstOrThrow();
      const [json] = await serializeRows([row], ownerNameOf(shop));
      return { ...json!, hidden: row.hidden === 1, status: row.status };
    },

    async submittedJson(shop, reviewId) {
      const row = await db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirstOrThrow();
      const [json] = await serializeRows([row], ownerNameOf(shop));
      return { ...json!, status: row.status === 'published' ? 'published' : 'pending' };
    },

    saveReply: (shopId, reviewId, html) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('reviews')
          .set({ reply_html: html, reply_at: html ? new Date().toISOString() : null })
          .where('id', '=', reviewId)
          .execute();
        return shops.bumpLastUpdated(shopId, trx);
      }),

    saveHidden: (shopId, reviewId, hidden) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('reviews')
          .set({ hidden: hidden ? 1 : 0 })
          .where('id', '=', reviewId)
          .execute();
        return shops.bumpLastUpdated(shopId, trx);
      }),

    async hostedPhotoFiles(reviewId) {
      const rows = await db
        .selectFrom('review_photos as p')
        .innerJoin('reviews as r', 'r.id', 'p.review_id')
        .select('p.url')
        .where('p.review_id', '=', reviewId)
        .where(isVisibleReview('r'))
        // A prefix match that is case-sensitive on both engines (LIKE is not on SQLite).
        .where((eb) => eb(eb.fn('substr', ['p.url', sql.lit(1), sql.lit(HOSTED_PHOTO_PREFIX.length)]), '=', HOSTED_PHOTO_PREFIX))
        .execute();
      return rows.map((row) => row.url.slice(row.url.lastIndexOf('/') + 1));
    },
  };
  return store;
}
