/** Photo URL rules (SPEC §3): how stored review photo values become URLs the widget can load. */

/** Stored values with this prefix are photos hosted by the provider itself. */
export const HOSTED_PHOTO_PREFIX = 'reviews/';

/** Bare keys without an image extension are served from this external image host. */
export const EXTERNAL_IMAGE_HOST = 'https://images.vitrine-cdn.example/';

export const IMAGE_EXTENSIONS = ['.png', '.jpeg', '.jpg', '.svg', '.gif', '.webp'] as const;

const IMAGE_EXT_RE = /\.(png|jpe?g|svg|gif|webp)$/i;
const FILE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const KEY_RE = /^[A-Za-z0-9._~-][A-Za-z0-9._~\-/%+]{0,499}$/;
const SCHEME_RE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The provider's URL for a hosted photo file of a review. */
export function hostedPhotoPath(reviewId: number, file: string): string {
  return `/api/photos/${reviewId}/${encodeURIComponent(file)}`;
}

/**
 * Resolve a stored photo value to a URL, or null when it must not be served:
 *
 * 1. `reviews/…/{file}` (relative, provider prefix) → `/api/photos/{reviewId}/{file}`.
 * 2. `http:` / `https:` URLs → as given (normalised); `//host/x` → `https://host/x`.
 *    Any other scheme (`javascript:`, `data:`, `vbscript:`, `file:`…) → null.
 * 3. Root-relative `/path` → as given.
 * 4. A bare key (`abc123`, `2024/05/pic`) → on the external image host, with `.jpg`
 *    appended unless it already ends in .png/.jpeg/.jpg/.svg/.gif/.webp.
 *
 * Only http(s) or root-relative URLs are ever returned.
 */
export function resolvePhotoUrl(value: unknown, reviewId: number): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!v || v.length > 2000) return null;
  // Control characters, whitespace and backslashes are never part of a value we serve.
  if (/[\u0000-\u001f\u007f\s\\]/.test(v)) return null;

  if (v.startsWith(HOSTED_PHOTO_PREFIX)) {
    const file = v.slice(v.lastIndexOf('/') + 1);
    if (!FILE_RE.test(file) || !IMAGE_EXT_RE.test(file) || !Number.isSafeInteger(reviewId) || reviewId <= 0) return null;
    return hostedPhotoPath(reviewId, file);
  }
  if (v.startsWith('//')) return absoluteHttp(`https:${v}`);
  if (SCHEME_RE.test(v)) return absoluteHttp(v);
  if (v.startsWith('/')) {
    return /^\/[^/]/.test(v) && !/["'<>`]/.test(v) ? v : null;
  }
  if (!KEY_RE.test(v) || v.includes('..') || v.includes(':')) return null;
  const key = IMAGE_EXT_RE.test(v) ? v : `${v}.jpg`;
  return EXTERNAL_IMAGE_HOST + key.replace(/^\/+/, '');
}

function absoluteHttp(v: string): string | null {
  try {
    const url = new URL(v);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}
