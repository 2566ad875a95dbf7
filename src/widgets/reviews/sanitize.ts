/**
 * Client-side allow-list sanitizer for review bodies and store replies (spec §3: "may contain
 * HTML"). The provider sanitizes already; this runs again before insertion because what reaches
 * the page is whatever the network (or a compromised cache) delivers.
 *
 * The input is parsed in an inert document (`DOMParser`: no scripts run, no images load), then
 * a NEW fragment is built in the live document from allowed nodes only: text, and the elements
 * `b i em strong br p ul ol li a`. Attributes are never copied, except a link's `href` when it is
 * literally `http://` or `https://` (decoded value, so entity tricks fail); links always get
 * `rel="nofollow ugc noopener"` and `target="_blank"`. Disallowed elements are unwrapped (their
 * text kept), except the ones whose content is code or markup (script, style, svg, …) which go
 * whole. Nothing is ever re-serialized and re-parsed, so there is no mutation-XSS round trip.
 */
const ALLOWED = /^(b|i|em|strong|br|p|ul|ol|li|a)$/;
const DROP =
  /^(script|style|template|noscript|noembed|noframes|iframe|frame|frameset|object|embed|svg|math|textarea|title|select|option|xmp|plaintext|head|video|audio|canvas|picture|img|source|link|meta|base|form|input|button)$/;
// Control characters are exactly what these patterns keep out of a URL.
// eslint-disable-next-line no-control-regex
const SAFE_HREF = /^https?:\/\/[^\s"'<>\\`\x00-\x1f\x7f]+$/i;
/** Deeper nesting than this is flattened to text: bounds the recursion on hostile input. */
const MAX_DEPTH = 16;

function copy(from: Node, to: Node, doc: Document, depth: number): void {
  for (let node = from.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      to.appendChild(doc.createTextNode(node.nodeValue || ''));
      continue;
    }
    if (node.nodeType !== 1) continue; // comments, processing instructions…
    const tag = (node as Element).localName.toLowerCase();
    if (DROP.test(tag)) continue;
    if (!ALLOWED.test(tag) || depth > MAX_DEPTH) {
      if (depth > MAX_DEPTH) to.appendChild(doc.createTextNode(node.textContent || ''));
      else copy(node, to, doc, depth + 1);
      continue;
    }
    const el = doc.createElement(tag);
    if (tag === 'a') {
      const href = ((node as Element).getAttribute('href') || '').trim();
      if (SAFE_HREF.test(href)) el.setAttribute('href', href);
      el.setAttribute('rel', 'nofollow ugc noopener');
      el.setAttribute('target', '_blank');
    }
    copy(node, el, doc, depth + 1);
    to.appendChild(el);
  }
}

/** A clean fragment (of `doc`) from untrusted HTML. Never throws; non-strings give an empty fragment. */
export function sanitizeHtml(html: unknown, doc: Document = document): DocumentFragment {
  const out = doc.createDocumentFragment();
  if (typeof html !== 'string' || !html) return out;
  try {
    const inert = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
    copy(inert.body, out, doc, 0);
  } catch {
    out.textContent = '';
  }
  return out;
}

/** Plain text of untrusted HTML (for JSON-LD): tags dropped, `<br>`/block ends become spaces. */
export function htmlToText(html: unknown): string {
  const fragment = sanitizeHtml(typeof html === 'string' ? html.replace(/<\/?(br|p|li)\b[^>]*>/gi, ' $&') : html);
  return (fragment.textContent || '').replace(/\s+/g, ' ').trim();
}

/** Photo URLs: only `http(s)://` or root-relative `/path` (not `//host`); anything else → null. */
export function safeUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- control characters are what it keeps out
  return /^(https?:\/\/|\/(?![/\\]))[^\s"'<>\\`\x00-\x1f\x7f]*$/i.test(url) ? url : null;
}
