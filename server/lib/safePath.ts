/**
 * Redirect targets that come from the request (`?redirect=`, `return_to`) must stay on this
 * site. Browsers are lenient with what follows the leading slash: `/\evil.example` and
 * `/<TAB>/evil.example` both resolve to another host, because URL parsing treats `\` like `/` and
 * drops tabs and newlines. So the check is done the way a browser resolves the value.
 */

/** A placeholder host: a value that resolves to anything else leaves the site. */
const BASE = 'http://same-site.invalid';

/**
 * `value` when it is a path on this site (starts with one `/`, no backslash, no control
 * character, and resolves to this host), else `fallback`. The path comes as a browser sends it:
 * characters outside ASCII percent-encoded, since a `Location` header can hold no others (Node
 * refused `/✓` with a 500 after the answer was made, and wrote `é` as one Latin-1 byte, a path the
 * shop does not have). The result is cut to 2,000 characters, never inside an escape.
 */
export function safeRedirectPath(value: string | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // Control characters (tab, CR, LF, NUL…), DEL and backslashes: a browser strips or rewrites them.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (resolved.origin !== BASE) return fallback;
  return (resolved.pathname + resolved.search + resolved.hash).slice(0, 2000).replace(/%[\da-f]?$/i, '');
}
