/**
 * Review reads through the page's requester (spec §7: 50-request budget). Everything from the
 * network is validated into `Review` / `ReviewStats`: wrong types become defaults, unsafe photo
 * URLs are dropped, root-relative ones are resolved against the provider (the script may run on
 * the shop's own domain), and an entry that cannot be a review (no id, not an object, a date
 * outside what `Date` can hold) is dropped and reported, so components never see hostile shapes.
 */
import { ERR_INVALID_DATA } from '../../core/errors';
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

/** `Date` holds ±8.64e15 ms; beyond that `toISOString` throws and every date reads "Invalid Date". */
const MAX_TIME = 8.64e15;

/**
 * A safe URL (see `safeUrl`) made absolute: root-relative values are the provider's own paths
 * (`/api/photos/…`), so they resolve against `base` (the provider base, itself relative to the
 * page when the provider sits behind the shop's own domain), not against the shop's page.
 */
export function absoluteUrl(url: unknown, base?: string): string | null {
  const safe = safeUrl(url);
  if (!safe || safe[0] != '/' || !base) return safe;
  try {
    return new URL(safe, new URL(base, location.href)).href;
  } catch {
    return null;
  }
}

/**
 * A validated review, or null when `raw` cannot be one: not an object, no id, or a timestamp
 * outside `Date`'s range (a corrupt record: showing it would mean guessing its date). A missing
 * or unparsable date is kept as unknown (0). `base` (the provider base) resolves root-relative
 * photo URLs.
 */
export function toReview(raw: unknown, base?: string): Review | null {
  if (!raw || typeof raw != 'object') return null;
  const o = raw as Record<string, unknown>;
  const id = str(o.id, 64);
  if (!id) return null;
  if (typeof o.timestamp == 'number' && !(Math.abs(o.timestamp) <= MAX_TIME)) return null;
  const photos = (Array.isArray(o.photos) ? o.photos : [])
    .slice(0, 20)
    .map((u) => absoluteUrl(u, base))
    .filter((u): u is string => !!u);
  const parsed = num(o.timestamp, Date.parse(str(o.date, 64)));
  const ts = Math.abs(parsed) <= MAX_TIME ? parsed : 0;
  return {
    id,
    name: str(o.name, 200).trim(),
    stars: Math.min(5, Math.max(1, Math.round(num(o.stars, 5)))),
    review: str(o.review),
    date: ts,
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
  const reviews = validEntries(ctx, json.reviews, (raw) => toReview(raw, ctx.settings.providerBase));
  return { reviews, total: Math.max(reviews.length, num(json.total)), stats: toStats(json.stats) };
}

/**
 * The entries of `list` that `read` accepts, one by one: a bad entry is dropped, and the dropped
 * ones are reported once per response (with their position), so one corrupt record never blanks
 * the others.
 */
function validEntries<T>(ctx: WidgetContext, list: unknown, read: (raw: unknown) => T | null): T[] {
  const out: T[] = [];
  const dropped: number[] = [];
  (Array.isArray(list) ? list : []).forEach((raw, i) => {
    const entry = read(raw);
    if (entry) out.push(entry);
    else dropped.push(i);
  });
  if (dropped.length) ctx.report(ERR_INVALID_DATA, new Error(`${dropped.length} invalid review(s) dropped`), { at: dropped.slice(0, 20) });
  return out;
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
  const base = s.providerBase;
  const json = await ctx.request<Record<string, unknown>>(`${base}featured-reviews/${encodeURIComponent(s.shopId)}.json`);
  if (!json || typeof json != 'object') return null;
  const reviews = validEntries(ctx, json.reviews, (raw): FeaturedReview | null => {
    const r = toReview(raw, base);
    const p = r && (raw as Record<string, unknown>).product;
    const product = (p && typeof p == 'object' ? p : {}) as Record<string, unknown>;
    const handle = str(product.handle, 255);
    return r && HANDLE.test(handle) ? { ...r, product: { handle, title: str(product.title, 300).trim() || handle, image: absoluteUrl(product.image, base) } } : null;
  });
  return { reviews, stats: toStats(json.stats) };
}
