import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/index.ts';
import { IMMUTABLE, sendVersioned } from '../lib/caching.ts';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { HOSTED_PHOTO_PREFIX, resolvePhotoUrl } from '../lib/photoUrl.ts';
import { sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';
import { HANDLE_PATTERN, SHOP_ID_PATTERN } from '../lib/validation.ts';
import { reviewPhotoSvg } from '../shop/images.ts';
import { getLastUpdated, getShop, type ShopRow } from './settings.ts';
import { resolveHandle } from './products.ts';
import { shopStats, statsForHandle, type ReviewStats } from './reviewStats.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const FEATURED_LIMIT = 24;
export const GROUP_LIMIT = 10;
export const DEFAULT_OWNER_NAME = 'Store owner';

/** A review as the widgets receive it. */
export interface ReviewJson {
  id: number;
  productId: number | null;
  productHandle: string | null;
  type: 'product_review' | 'order_review';
  name: string;
  stars: number;
  /** Sanitized HTML. */
  review: string;
  /** ISO 8601. */
  date: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  photos: string[];
  imgUrl: string | null;
  verified: boolean;
  /** Sanitized HTML or null. */
  reply: string | null;
  replyAuthor: string;
  locale: string | null;
}

export interface FeaturedReviewJson extends ReviewJson {
  product: { handle: string | null; title: string | null; image: string | null };
}

export interface ReviewRow {
  id: number;
  shop_id: string;
  product_id: number | null;
  product_handle: string | null;
  type: 'product_review' | 'order_review';
  name: string;
  email: string | null;
  stars: number;
  body_html: string;
  verified: number;
  reply_html: string | null;
  reply_at: string | null;
  hidden: number;
  locale: string | null;
  created_at: string;
}

/** The shop owner's display name shown with store replies (settings `ownerName`). */
export function ownerNameOf(shop: ShopRow): string {
  try {
    const parsed = JSON.parse(shop.settings_json) as { ownerName?: unknown };
    if (typeof parsed.ownerName === 'string' && parsed.ownerName.trim()) return parsed.ownerName.trim().slice(0, 100);
  } catch {
    /* fall through */
  }
  return DEFAULT_OWNER_NAME;
}

/** Stored photo values per review id, in position order. */
export function photosFor(db: DB, reviewIds: number[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!reviewIds.length) return out;
  const rows = db
    .prepare('SELECT review_id, url FROM review_photos WHERE review_id IN (SELECT value FROM json_each(?)) ORDER BY review_id, position, id')
    .all(JSON.stringify(reviewIds)) as { review_id: number; url: string }[];
  for (const r of rows) {
    const list = out.get(r.review_id) ?? [];
    list.push(r.url);
    out.set(r.review_id, list);
  }
  return out;
}

/** Serialize a review row (sanitizing its HTML again and resolving its photos). */
export function toReviewJson(row: ReviewRow, storedPhotos: string[], ownerName: string): ReviewJson {
  const photos = storedPhotos.map((p) => resolvePhotoUrl(p, row.id)).filter((p): p is string => p !== null);
  const ts = Date.parse(row.created_at);
  const reply = row.reply_html === null ? null : sanitizeReviewHtml(row.reply_html) || null;
  return {
    id: row.id,
    productId: row.product_id,
    productHandle: row.product_handle,
    type: row.type === 'order_review' ? 'order_review' : 'product_review',
    name: String(row.name),
    stars: row.stars,
    review: sanitizeReviewHtml(row.body_html),
    date: Number.isFinite(ts) ? new Date(ts).toISOString() : row.created_at,
    timestamp: Number.isFinite(ts) ? ts : 0,
    photos,
    imgUrl: photos[0] ?? null,
    verified: row.verified === 1,
    reply,
    replyAuthor: ownerName,
    locale: row.locale,
  };
}

function serializeRows(db: DB, rows: ReviewRow[], ownerName: string): ReviewJson[] {
  const photos = photosFor(db, rows.map((r) => r.id));
  return rows.map((r) => toReviewJson(r, photos.get(r.id) ?? [], ownerName));
}

export interface ReviewPage {
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
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM reviews WHERE shop_id = @shop AND product_handle = @handle AND hidden = 0${starSql}`).get(params) as { n: number }
  ).n;
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

/** Up to GROUP_LIMIT newest visible reviews per star value. */
export function groupedReviews(db: DB, shop: ShopRow, handle: string, stars?: number): { groups: Record<string, ReviewJson[]>; stats: ReviewStats } {
  const stmt = db.prepare(
    'SELECT * FROM reviews WHERE shop_id = ? AND product_handle = ? AND hidden = 0 AND stars = ? ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const owner = ownerNameOf(shop);
  const groups: Record<string, ReviewJson[]> = {};
  for (const s of stars ? [stars] : [5, 4, 3, 2, 1]) {
    groups[String(s)] = serializeRows(db, stmt.all(shop.id, handle, s, GROUP_LIMIT) as ReviewRow[], owner);
  }
  return { groups, stats: statsForHandle(db, shop.id, handle) };
}

/** The best recent reviews across products: 4–5 stars (or exactly `stars`), with text, newest first. */
export function featuredReviews(db: DB, shop: ShopRow, stars?: number): { reviews: FeaturedReviewJson[]; stats: ReviewStats } {
  const rows = db
    .prepare(
      `SELECT r.*, p.title AS product_title, p.image_url AS product_image FROM reviews r
       LEFT JOIN products p ON p.shop_id = r.shop_id AND p.handle = r.product_handle
       WHERE r.shop_id = @shop AND r.hidden = 0 AND ${stars ? 'r.stars = @stars' : 'r.stars >= 4'} AND length(trim(r.body_html)) > 0
       ORDER BY r.created_at DESC, r.id DESC LIMIT @limit`,
    )
    .all({ shop: shop.id, stars: stars ?? 0, limit: FEATURED_LIMIT * 2 }) as (ReviewRow & { product_title: string | null; product_image: string | null })[];
  const owner = ownerNameOf(shop);
  const photos = photosFor(db, rows.map((r) => r.id));
  const reviews: FeaturedReviewJson[] = [];
  for (const r of rows) {
    const json = toReviewJson(r, photos.get(r.id) ?? [], owner);
    // "With text": the sanitized body must still have visible text.
    if (!json.review.replace(/<[^>]*>/g, '').trim()) continue;
    reviews.push({
      ...json,
      product: { handle: r.product_handle, title: r.product_title, image: r.product_image ? resolvePhotoUrl(r.product_image, r.id) : null },
    });
    if (reviews.length >= FEATURED_LIMIT) break;
  }
  return { reviews, stats: shopStats(db, shop.id) };
}

const shopIdParam = { type: 'string', pattern: SHOP_ID_PATTERN };
const lastUpdatedParam = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' };
const productRefParam = { type: 'string', pattern: HANDLE_PATTERN };
const starsFilterParam = { type: 'string', pattern: '^r[1-5]$' };
const pagingQuery = {
  type: 'object',
  properties: { page: { type: 'string', pattern: '^[0-9]{1,6}$' }, limit: { type: 'string', pattern: '^[0-9]{1,6}$' } },
};

interface ListParams {
  shopId: string;
  lastUpdated: string;
  productRef: string;
  filter?: string;
}

function starsOf(filter: string | undefined): number | undefined {
  return filter ? Number(filter.slice(1)) : undefined;
}

export function registerReviews(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;

  const listHandler = async (request: FastifyRequest<{ Params: ListParams; Querystring: { page?: string; limit?: string } }>, reply: FastifyReply) => {
    const { shopId, lastUpdated, productRef, filter } = request.params;
    const shop = getShop(db, shopId);
    if (!shop) return sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
    const page = Math.max(1, Number(request.query.page ?? 1) || 1);
    const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(request.query.limit ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE));
    const current = lastUpdated === String(getLastUpdated(db, shop.id));
    const body = listReviews(db, shop, resolveHandle(db, shop.id, productRef), { page, limit, stars: starsOf(filter) });
    return sendVersioned(request, reply, body, current ? IMMUTABLE : null);
  };
  const listSchema = (withFilter: boolean) => ({
    schema: {
      params: {
        type: 'object',
        required: ['shopId', 'lastUpdated', 'productRef', ...(withFilter ? ['filter'] : [])],
        properties: { shopId: shopIdParam, lastUpdated: lastUpdatedParam, productRef: productRefParam, ...(withFilter ? { filter: starsFilterParam } : {}) },
      },
      querystring: pagingQuery,
    },
  });
  app.get('/api/reviews/:shopId/:lastUpdated/:productRef.json', listSchema(false), listHandler);
  app.get('/api/reviews/:shopId/:lastUpdated/:productRef/:filter.json', listSchema(true), listHandler);

  const groupsHandler = async (request: FastifyRequest<{ Params: ListParams }>, reply: FastifyReply) => {
    const { shopId, lastUpdated, productRef, filter } = request.params;
    const shop = getShop(db, shopId);
    if (!shop) return sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
    const current = lastUpdated === String(getLastUpdated(db, shop.id));
    const body = groupedReviews(db, shop, resolveHandle(db, shop.id, productRef), starsOf(filter));
    return sendVersioned(request, reply, body, current ? IMMUTABLE : null);
  };
  const groupsSchema = (withFilter: boolean) => ({ schema: { params: listSchema(withFilter).schema.params } });
  app.get('/api/reviews-groups/:shopId/:lastUpdated/:productRef.json', groupsSchema(false), groupsHandler);
  app.get('/api/reviews-groups/:shopId/:lastUpdated/:productRef/:filter.json', groupsSchema(true), groupsHandler);

  const featuredHandler = async (request: FastifyRequest<{ Params: { shopId: string; filter?: string } }>, reply: FastifyReply) => {
    const { shopId, filter } = request.params;
    const shop = getShop(db, shopId);
    if (!shop) return sendError(reply, 404, 'SHOP_NOT_FOUND', `Unknown shop "${shopId}"`);
    return sendVersioned(request, reply, featuredReviews(db, shop, starsOf(filter)), 'public, max-age=60');
  };
  app.get(
    '/api/featured-reviews/:shopId.json',
    { schema: { params: { type: 'object', required: ['shopId'], properties: { shopId: shopIdParam } } } },
    featuredHandler,
  );
  app.get(
    '/api/featured-reviews/:shopId/:filter.json',
    { schema: { params: { type: 'object', required: ['shopId', 'filter'], properties: { shopId: shopIdParam, filter: starsFilterParam } } } },
    featuredHandler,
  );

  // Photos hosted by the provider (stored as `reviews/{…}/{file}`); the demo's are generated SVGs.
  app.get<{ Params: { reviewId: string; file: string } }>(
    '/api/photos/:reviewId/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['reviewId', 'file'],
          properties: { reviewId: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' }, file: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$' } },
        },
      },
    },
    async (request, reply) => {
      const reviewId = Number(request.params.reviewId);
      const { file } = request.params;
      const stored = db
        .prepare(
          `SELECT p.url FROM review_photos p JOIN reviews r ON r.id = p.review_id
           WHERE p.review_id = ? AND r.hidden = 0 AND substr(p.url, 1, ?) = ?`,
        )
        .all(reviewId, HOSTED_PHOTO_PREFIX.length, HOSTED_PHOTO_PREFIX) as { url: string }[];
      const hit = stored.some((s) => s.url.slice(s.url.lastIndexOf('/') + 1) === file);
      const m = /^(\d{1,6})\.svg$/.exec(file);
      if (!hit || !m) return sendError(reply, 404, 'NOT_FOUND', 'Photo not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
       .send(reviewPhotoSvg(Number(m[1])));
    },
  );
}
