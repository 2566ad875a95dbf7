/**
 * Review reads through the page's requester (spec §7: 50-request budget). Everything from the
 * network is validated into `Review` / `ReviewStats`: wrong types become defaults, unsafe photo
 * URLs are dropped, so components never see hostile shapes.
 */
import { EMPTY_STATS, type Review, type ReviewStats } from '../../state/reviews';
import type { WidgetContext } from '../types';
import { safeUrl } from './sanitize';

export interface ReviewPage {
  reviews: Review[];
  /** Reviews matching (the filter) at the provider; may exceed `reviews.length`. */
  total: number;
  stats: ReviewStats;
}

const num = (v: unknown, d = 0): number => (typeof v == 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, max = 20000): string => (typeof v == 'string' ? v.slice(0, max) : typeof v == 'number' ? String(v) : '');

/** `{providerBase}reviews/{shopId}/{lastUpdated}/{handle}[/r{stars}].json?page=1&limit=N` */
export function reviewsUrl(ctx: WidgetContext, handle: string, stars: number | null, limit: number): string {
  const s = ctx.settings;
  const e = encodeURIComponent;
  return `${s.providerBase}reviews/${e(s.shopId)}/${e(String(s.lastUpdated))}/${e(handle)}${stars ? `/r${stars}` : ''}.json?page=1&limit=${limit}`;
}

export function toStats(raw: unknown): ReviewStats {
  const o = (raw && typeof raw == 'object' ? raw : {}) as Record<string, unknown>;
  const d = (o.d && typeof o.d == 'object' ? o.d : {}) as Record<string, unknown>;
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as ReviewStats['d'];
  for (const k of [1, 2, 3, 4, 5] as const) counts[k] = Math.max(0, Math.floor(num(d[k])));
  const r = Math.max(0, Math.floor(num(o.r)));
  const s = Math.min(5, Math.max(0, num(o.s)));
  return r ? { r, s, d: counts } : EMPTY_STATS;
}

export function toReview(raw: unknown): Review | null {
  if (!raw || typeof raw != 'object') return null;
  const o = raw as Record<string, unknown>;
  const id = str(o.id, 64);
  if (!id) return null;
  const photos = (Array.isArray(o.photos) ? o.photos : []).slice(0, 20).map(safeUrl).filter((u): u is string => !!u);
  const ts = num(o.timestamp, Date.parse(str(o.date, 64)));
  return {
    id,
    name: str(o.name, 200).trim(),
    stars: Math.min(5, Math.max(1, Math.round(num(o.stars, 5)))),
    review: str(o.review),
    date: Number.isFinite(ts) ? ts : 0,
    photos,
    verified: o.verified === true,
    reply: typeof o.reply == 'string' && o.reply ? str(o.reply) : null,
    replyAuthor: str(o.replyAuthor, 200),
  };
}

/**
 * One page of reviews (the first `limit`), optionally only those with `stars`. Null when the
 * request budget is spent; rejects on network/HTTP errors (the requester reports those).
 */
export async function fetchReviews(ctx: WidgetContext, handle: string, stars: number | null, limit: number): Promise<ReviewPage | null> {
  const json = await ctx.request<Record<string, unknown>>(reviewsUrl(ctx, handle, stars, Math.min(100, Math.max(1, limit))));
  if (!json || typeof json != 'object') return null;
  const reviews = (Array.isArray(json.reviews) ? json.reviews : []).map(toReview).filter((r): r is Review => !!r);
  return { reviews, total: Math.max(reviews.length, num(json.total)), stats: toStats(json.stats) };
}

/** A featured review (reviews page) with the product it belongs to. */
export interface FeaturedReview extends Review {
  product: { handle: string; title: string; image: string | null };
}

const HANDLE = /^[a-z0-9][a-z0-9_-]{0,254}$/i;

/**
 * The shop's featured reviews for the reviews page (`{providerBase}featured-reviews/{shopId}.json`):
 * validated like the product list; a review whose product handle is not a plain handle is dropped.
 * Null when the request budget is spent; rejects on network/HTTP errors.
 */
export async function fetchFeatured(ctx: WidgetContext): Promise<{ reviews: FeaturedReview[]; stats: ReviewStats } | null> {
  const s = ctx.settings;
  const json = await ctx.request<Record<string, unknown>>(`${s.providerBase}featured-reviews/${encodeURIComponent(s.shopId)}.json`);
  if (!json || typeof json != 'object') return null;
  const reviews: FeaturedReview[] = [];
  for (const raw of Array.isArray(json.reviews) ? json.reviews : []) {
    const r = toReview(raw);
    const p = ((raw as Record<string, unknown>).product || {}) as Record<string, unknown>;
    const handle = str(p.handle, 255);
    if (r && HANDLE.test(handle)) reviews.push({ ...r, product: { handle, title: str(p.title, 300).trim() || handle, image: safeUrl(p.image) } });
  }
  return { reviews, stats: toStats(json.stats) };
}
