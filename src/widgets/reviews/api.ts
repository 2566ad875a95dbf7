/**
 * Review reads through the page's requester (spec §7: 50-request budget). Everything from the
 * network is validated into `Review` / `ReviewStats`: wrong types become defaults, unsafe photo
 * URLs are dropped, root-relative ones are resolved against the provider (the script may run on
 * the shop's own domain), and an entry that cannot be a review (no id, not an object, a date
 * outside what `Date` can hold) is dropped and reported, so components never see hostile shapes.
 */
import { ERR_INVALID_DATA } from '../../core/errors';
import { toReviewStats, type ReviewStats } from '../../core/reviewStats';
import type { Review } from '../../state/reviews';
import type { WidgetContext } from '../types';
import { safeUrl } from './sanitize';

export interface ReviewPage {
  reviews: Review[];
  /** Reviews matching (the filter) at the provider; may exceed `reviews.length`. */
  total: number;
  stats: ReviewStats;
}

/** `value` when it is a finite number, else `fallback`. */
const finiteNumber = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
/** `value` as text cut to `max` characters (numbers are written out), else ''. */
const text = (value: unknown, max = 20000): string =>
  typeof value === 'string' ? value.slice(0, max) : typeof value === 'number' ? String(value) : '';

/** `{providerBase}reviews/{shopId}/{lastUpdated}/{handle}[/r{stars}].json?page=1&limit=N` */
export function reviewsUrl(ctx: WidgetContext, handle: string, stars: number | null, limit: number): string {
  const { providerBase, shopId, lastUpdated } = ctx.settings;
  const encode = encodeURIComponent;
  return `${providerBase}reviews/${encode(shopId)}/${encode(String(lastUpdated))}/${encode(handle)}${stars ? `/r${stars}` : ''}.json?page=1&limit=${limit}`;
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
  if (!safe || safe[0] !== '/' || !base) return safe;
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
  if (!raw || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  const id = text(fields.id, 64);
  if (!id) return null;
  if (typeof fields.timestamp === 'number' && !(Math.abs(fields.timestamp) <= MAX_TIME)) return null;
  // Photos and their thumbnails stay index by index: a dropped photo takes its thumbnail along,
  // a photo without a usable thumbnail is its own.
  const photos: string[] = [];
  const thumbnails: string[] = [];
  const sentThumbnails = Array.isArray(fields.thumbnails) ? fields.thumbnails : [];
  (Array.isArray(fields.photos) ? fields.photos : []).slice(0, 20).forEach((raw, index) => {
    const url = absoluteUrl(raw, base);
    if (!url) return;
    photos.push(url);
    thumbnails.push(absoluteUrl(sentThumbnails[index], base) || url);
  });
  const parsed = finiteNumber(fields.timestamp, Date.parse(text(fields.date, 64)));
  return {
    id,
    name: text(fields.name, 200).trim(),
    stars: Math.min(5, Math.max(1, Math.round(finiteNumber(fields.stars, 5)))),
    review: text(fields.review),
    date: Math.abs(parsed) <= MAX_TIME ? parsed : 0,
    photos,
    thumbnails,
    verified: fields.verified === true,
    reply: typeof fields.reply === 'string' && fields.reply ? text(fields.reply) : null,
    replyAuthor: text(fields.replyAuthor, 200),
  };
}

/**
 * One page of reviews (the first `limit`), optionally only those with `stars`. Null when the
 * request budget is spent; rejects on network/HTTP errors (the requester reports those).
 */
export async function fetchReviews(ctx: WidgetContext, handle: string, stars: number | null, limit: number): Promise<ReviewPage | null> {
  const json = await ctx.request<Record<string, unknown>>(reviewsUrl(ctx, handle, stars, Math.min(100, Math.max(1, limit))));
  if (!json || typeof json !== 'object') return null;
  const reviews = validEntries(ctx, json.reviews, (raw) => toReview(raw, ctx.settings.providerBase));
  return { reviews, total: Math.max(reviews.length, finiteNumber(json.total)), stats: toReviewStats(json.stats) };
}

/**
 * The entries of `list` that `read` accepts, one by one: a bad entry is dropped, and the dropped
 * ones are reported once per response (with their position), so one corrupt record never blanks
 * the others.
 */
function validEntries<T>(ctx: WidgetContext, list: unknown, read: (raw: unknown) => T | null): T[] {
  const valid: T[] = [];
  const dropped: number[] = [];
  (Array.isArray(list) ? list : []).forEach((raw, index) => {
    const entry = read(raw);
    if (entry) valid.push(entry);
    else dropped.push(index);
  });
  if (dropped.length) ctx.report(ERR_INVALID_DATA, new Error(`${dropped.length} invalid review(s) dropped`), { at: dropped.slice(0, 20) });
  return valid;
}

/** A featured review (reviews page) with the product it belongs to. */
export interface FeaturedReview extends Review {
  product: { handle: string; title: string; image: string | null };
}

/** A plain product handle (what the platform allows; nothing to escape in a path). */
export const HANDLE = /^[a-z0-9][a-z0-9_-]{0,254}$/i;

/**
 * The shop's featured reviews for the reviews page (`{providerBase}featured-reviews/{shopId}.json`):
 * validated like the product list; a review whose product handle is not a plain handle is dropped.
 * Null when the request budget is spent; rejects on network/HTTP errors.
 */
export async function fetchFeatured(ctx: WidgetContext): Promise<{ reviews: FeaturedReview[]; stats: ReviewStats } | null> {
  const base = ctx.settings.providerBase;
  const json = await ctx.request<Record<string, unknown>>(`${base}featured-reviews/${encodeURIComponent(ctx.settings.shopId)}.json`);
  if (!json || typeof json !== 'object') return null;
  const reviews = validEntries(ctx, json.reviews, (raw): FeaturedReview | null => {
    const review = toReview(raw, base);
    const rawProduct = review && (raw as Record<string, unknown>).product;
    const product = (rawProduct && typeof rawProduct === 'object' ? rawProduct : {}) as Record<string, unknown>;
    const handle = text(product.handle, 255);
    if (!review || !HANDLE.test(handle)) return null;
    return { ...review, product: { handle, title: text(product.title, 300).trim() || handle, image: absoluteUrl(product.image, base) } };
  });
  return { reviews, stats: toReviewStats(json.stats) };
}
