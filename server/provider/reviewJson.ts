/** Reviews as stored (ReviewRow) and as the widgets receive them (ReviewJson). */
import { hasVisibleCharacters } from '../lib/hasVisibleCharacters.ts';
import { resolvePhotoUrl } from '../lib/photoUrl.ts';
import { htmlText, SANITIZER_VERSION, sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';
import type { ReviewRow, ShopRow } from '../storage/schema.ts';

/** Shown with store replies when the shop has no `ownerName` setting. */
const DEFAULT_OWNER_NAME = 'Store owner';

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
  /** Smaller copies of `photos`, one per photo in the same order (for list strips and the modal's thumbnails); a photo without one is its own thumbnail. */
  thumbnails: string[];
  imgUrl: string | null;
  verified: boolean;
  /** Sanitized HTML or null. */
  reply: string | null;
  replyAuthor: string;
  locale: string | null;
}

/** A featured review: a review with the product it is about. */
export interface FeaturedReviewJson extends ReviewJson {
  product: { handle: string | null; title: string | null; image: string | null };
}

/** A stored photo: its value and its thumbnail's (null for photos stored before thumbnails). */
export interface StoredPhoto {
  url: string;
  thumbnail: string | null;
}

/** The photos' URLs and their thumbnails' (parallel); a photo whose value cannot be served is left out with its thumbnail. */
function resolvePhotos(stored: StoredPhoto[], reviewId: number): { photos: string[]; thumbnails: string[] } {
  const photos: string[] = [];
  const thumbnails: string[] = [];
  for (const photo of stored) {
    const url = resolvePhotoUrl(photo.url, reviewId);
    if (url === null) continue;
    photos.push(url);
    thumbnails.push((photo.thumbnail === null ? null : resolvePhotoUrl(photo.thumbnail, reviewId)) ?? url);
  }
  return { photos, thumbnails };
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

/**
 * Serialize a review row, resolving its photos. Its HTML was sanitized when written; a row an
 * older sanitizer cleaned (or a raw legacy import, version 0) is cleaned again here.
 */
export function toReviewJson(row: ReviewRow, storedPhotos: StoredPhoto[], ownerName: string): ReviewJson {
  const { photos, thumbnails } = resolvePhotos(storedPhotos, row.id);
  const createdMs = Date.parse(row.created_at);
  const current = row.html_version >= SANITIZER_VERSION;
  const clean = (html: string) => (current ? html : sanitizeReviewHtml(html));
  const reply = row.reply_html === null ? null : clean(row.reply_html) || null;
  return {
    id: row.id,
    productId: row.product_id,
    productHandle: row.product_handle,
    type: row.type === 'order_review' ? 'order_review' : 'product_review',
    name: String(row.name),
    stars: row.stars,
    review: clean(row.body_html),
    date: Number.isFinite(createdMs) ? new Date(createdMs).toISOString() : row.created_at,
    timestamp: Number.isFinite(createdMs) ? createdMs : 0,
    photos,
    thumbnails,
    imgUrl: photos[0] ?? null,
    verified: row.verified === 1,
    reply,
    replyAuthor: ownerName,
    locale: row.locale,
  };
}

/** Whether sanitized HTML still has visible text once its tags are removed and its character references read. */
export function hasVisibleText(html: string): boolean {
  return hasVisibleCharacters(htmlText(html));
}
