/**
 * Review reads and owner writes (SQL), one function per question the routes ask. Reads return
 * reviews as the widgets receive them (ReviewJson); hidden reviews are never returned.
 */
import type { DB } from '../db/index.ts';
import { HOSTED_PHOTO_PREFIX, resolvePhotoUrl } from '../lib/photoUrl.ts';
import { hasVisibleText, ownerNameOf, toReviewJson, type FeaturedReviewJson, type ReviewJson, type ReviewRow } from './reviewJson.ts';
import { shopStats, statsForHandle, type ReviewStats } from './reviewStats.ts';
import { bumpLastUpdated, type ShopRow } from './settings.ts';

/** Featured reviews answered at most. */
const FEATURED_LIMIT = 24;
/** Newest reviews per star value in a grouped answer. */
const GROUP_LIMIT = 10;

/** Stored photo values per review id, in position order. */
function photosFor(db: DB, reviewIds: number[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!reviewIds.length) return out;
  const rows = db
    .prepare(
      'SELECT review_id, url FROM review_photos WHERE review_id IN (SELECT value FROM json_each(?)) ORDER BY review_id, position, id',
    )
    .all(JSON.stringify(reviewIds)) as { review_id: number; url: string }[];
  for (const row of rows) {
    const list = out.get(row.review_id) ?? [];
    list.push(row.url);
    out.set(row.review_id, list);
  }
  return out;
}

/** Rows as ReviewJson, their photos fetched in one query. */
function serializeRows(db: DB, rows: ReviewRow[], ownerName: string): ReviewJson[] {
  const photos = photosFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReviewJson(row, photos.get(row.id) ?? [], ownerName));
}

/** One page of a product's reviews, with the product's (unfiltered) stats. */
interface ReviewPage {
  reviews: ReviewJson[];
  total: number;
  page: number;
  pages: number;
  stats: ReviewStats;
}

/** Visible reviews of a product, newest first, optionally of one star value. */
export function listReviews(db: DB, shop: ShopRow, handle: string, opts: { page: number; limit: number; stars?: number }): ReviewPage {
  const starSql = opts.stars ? ' AND stars = @stars' : '';
  const params = { shop: shop.id, handle, stars: opts.stars ?? 0, limit: opts.limit, offset: (opts.page - 1) * opts.limit };
  const { total } = db
    .prepare(`SELECT COUNT(*) AS total FROM reviews WHERE shop_id = @shop AND product_handle = @handle AND hidden = 0${starSql}`)
    .get(params) as { total: number };
  const rows = db
    .prepare(
      `SELECT * FROM reviews WHERE shop_id = @shop AND product_handle = @handle AND hidden = 0${starSql}
       ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    )
    .all(params) as ReviewRow[];
  return {
    reviews: serializeRows(db, rows, ownerNameOf(shop)),
    total,
    page: opts.page,
    pages: Math.ceil(total / opts.limit),
    stats: statsForHandle(db, shop.id, handle),
  };
}

/** Up to GROUP_LIMIT newest visible reviews per star value (or of `stars` only), with the product's stats. */
export function groupedReviews(
  db: DB,
  shop: ShopRow,
  handle: string,
  stars?: number,
): { groups: Record<string, ReviewJson[]>; stats: ReviewStats } {
  const newestWithStars = db.prepare(
    'SELECT * FROM reviews WHERE shop_id = ? AND product_handle = ? AND hidden = 0 AND stars = ? ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const ownerName = ownerNameOf(shop);
  const groups: Record<string, ReviewJson[]> = {};
  for (const star of stars ? [stars] : [5, 4, 3, 2, 1]) {
    groups[String(star)] = serializeRows(db, newestWithStars.all(shop.id, handle, star, GROUP_LIMIT) as ReviewRow[], ownerName);
  }
  return { groups, stats: statsForHandle(db, shop.id, handle) };
}

type FeaturedRow = ReviewRow & { product_title: string | null; product_image: string | null };

/** The best recent reviews across products: 4–5 stars (or exactly `stars`), with text, newest first; with the shop's stats. */
export function featuredReviews(db: DB, shop: ShopRow, stars?: number): { reviews: FeaturedReviewJson[]; stats: ReviewStats } {
  const rows = db
    .prepare(
      `SELECT r.*, p.title AS product_title, p.image_url AS product_image FROM reviews r
       LEFT JOIN products p ON p.shop_id = r.shop_id AND p.handle = r.product_handle
       WHERE r.shop_id = @shop AND r.hidden = 0 AND ${stars ? 'r.stars = @stars' : 'r.stars >= 4'} AND length(trim(r.body_html)) > 0
       ORDER BY r.created_at DESC, r.id DESC LIMIT @limit`,
    )
    .all({ shop: shop.id, stars: stars ?? 0, limit: FEATURED_LIMIT * 2 }) as FeaturedRow[];
  const ownerName = ownerNameOf(shop);
  const photos = photosFor(
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
  return { reviews, stats: shopStats(db, shop.id) };
}

/** A review of the shop, hidden or not (owner endpoints). */
export function findReview(db: DB, shopId: string, reviewId: number): ReviewRow | undefined {
  return db.prepare('SELECT * FROM reviews WHERE shop_id = ? AND id = ?').get(shopId, reviewId) as ReviewRow | undefined;
}

/** A review as the owner endpoints answer it: ReviewJson plus `hidden`. */
export function ownerReviewJson(db: DB, shop: ShopRow, reviewId: number): ReviewJson & { hidden: boolean } {
  const row = db.prepare('SELECT * FROM reviews WHERE id = ?').get(reviewId) as ReviewRow;
  const json = toReviewJson(row, photosFor(db, [row.id]).get(row.id) ?? [], ownerNameOf(shop));
  return { ...json, hidden: row.hidden === 1 };
}

/** Set (sanitized HTML, dated now) or remove (null) the store reply, and bump the shop's lastUpdated; returns it. */
export function saveReply(db: DB, shopId: string, reviewId: number, html: string | null): number {
  return db.transaction(() => {
    db.prepare('UPDATE reviews SET reply_html = ?, reply_at = ? WHERE id = ?').run(html, html ? new Date().toISOString() : null, reviewId);
    return bumpLastUpdated(db, shopId);
  })();
}

/** Hide or show a review, and bump the shop's lastUpdated; returns it. */
export function saveHidden(db: DB, shopId: string, reviewId: number, hidden: boolean): number {
  return db.transaction(() => {
    db.prepare('UPDATE reviews SET hidden = ? WHERE id = ?').run(hidden ? 1 : 0, reviewId);
    return bumpLastUpdated(db, shopId);
  })();
}

/** The file names of a visible review's photos hosted by the provider (stored as `reviews/{…}/{file}`). */
export function hostedPhotoFiles(db: DB, reviewId: number): string[] {
  const rows = db
    .prepare(
      `SELECT p.url FROM review_photos p JOIN reviews r ON r.id = p.review_id
       WHERE p.review_id = ? AND r.hidden = 0 AND substr(p.url, 1, ?) = ?`,
    )
    .all(reviewId, HOSTED_PHOTO_PREFIX.length, HOSTED_PHOTO_PREFIX) as { url: string }[];
  return rows.map((row) => row.url.slice(row.url.lastIndexOf('/') + 1));
}
