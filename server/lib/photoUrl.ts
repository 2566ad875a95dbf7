/** Photo URL rules (SPEC §3): how stored review photo values become URLs the widget can load. */

/** Stored values with this prefix are photos hosted by the provider itself. */
export const HOSTED_PHOTO_PREFIX = 'reviews/';

/** Bare keys without an image extension are served from this external image host. */
export const EXTERNAL_IMAGE_HOST = 'https://images.vitrine-cdn.example/';

const IMAGE_EXT_RE = /\.(png|jpe?g|svg|gif|webp)$/i;
const FILE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const KEY_RE = /^[A-Za-z0-9._~-][A-Za-z0-9._~\-/%+]{0,499}$/;
const SCHEME_RE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The provider's URL for a hosted photo file of a review. */
function hostedPhotoPath(reviewId: number, file: string): string {
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
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 2000) return null;
  // Control characters, whitespace and backslashes are never part of a value we serve.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\s\\]/.test(trimmed)) return null;

  if (trimmed.startsWith(HOSTED_PHOTO_PREFIX)) {
    const file = trimmed.slice(trimmed.lastIndexOf('/') + 1);
    if (!FILE_RE.test(file) || !IMAGE_EXT_RE.test(file) || !Number.isSafeInteger(reviewId) || reviewId <= 0) return null;
    return hostedPhotoPath(reviewId, file);
  }
  if (trimmed.startsWith('//')) return absoluteHttp(`https:${trimmed}`);
  if (SCHEME_RE.test(trimmed)) return absoluteHttp(trimmed);
  if (trimmed.startsWith('/')) {
    return /^\/[^/]/.test(trimmed) && !/["'<>`]/.test(trimmed) ? trimmed : null;
  }
  if (!KEY_RE.test(trimmed) || trimmed.includes('..') || trimmed.includes(':')) return null;
  const key = IMAGE_EXT_RE.test(trimmed) ? trimmed : `${trimmed}.jpg`;
  return EXTERNAL_IMAGE_HOST + key.replace(/^\/+/, '');
}

/** The URL normalised when it is absolute http(s) with a host, else null. */
function absoluteHttp(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}
