import sanitizeHtml from 'sanitize-html';

/** Tags a review or a store reply may contain; everything else is stripped. */
const REVIEW_ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'br', 'p', 'ul', 'ol', 'li', 'a'] as const;

/** Forced on every link. */
const REVIEW_LINK_REL = 'nofollow ugc noopener';

/** Decode the character references a browser would decode in an attribute (numeric ones and `&amp;`). */
function decodeBasicEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_m, hex: string) => safeCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d{1,7});?/g, (_m, dec: string) => safeCodePoint(parseInt(dec, 10)))
    .replace(/&amp;/gi, '&');
}

function safeCodePoint(cp: number): string {
  return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\uFFFD';
}

/**
 * A link target is kept only when it is written literally as `http://` or `https://`
 * (no entity, whitespace or control character can hide another scheme before it) and,
 * once decoded, parses as an http(s) URL.
 */
export function isSafeHref(raw: string | undefined): boolean {
  if (typeof raw !== 'string') return false;
  if (!/^https?:\/\/[^\s\\/]/i.test(raw)) return false;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return false;
  try {
    const url = new URL(decodeBasicEntities(raw));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...REVIEW_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Dropped together with their content.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'xmp',
    'template',
    'title',
    'svg',
    'math',
    'object',
    'embed',
    'noembed',
    'noframes',
    'plaintext',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (isSafeHref(attribs.href)) out.href = attribs.href!;
      out.rel = REVIEW_LINK_REL;
      out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
  // Keep character references as written (`&amp;`, `&#106;`…): text is never decoded into markup.
  parser: { decodeEntities: false },
};

/**
 * Version of the allow-list below, stored with every review (`reviews.html_version`). Review HTML
 * is sanitized once, when it is written; a row cleaned by an older version (or stored raw, 0) is
 * cleaned again when served. Bump it whenever OPTIONS change.
 */
export const SANITIZER_VERSION = 1;

/**
 * Sanitize review / reply HTML with a strict allow-list: b, i, em, strong, br, p, ul, ol, li
 * and a (http/https href only, forced `rel="nofollow ugc noopener" target="_blank"`).
 * Scripts, styles, event handlers, iframes, svg, img, javascript:/data: URLs are removed.
 * Used when storing, and when serving a row an older version cleaned (see SANITIZER_VERSION).
 */
export function sanitizeReviewHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/** No tags kept, character references decoded: what a reader sees of some HTML, as text. */
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, parser: { decodeEntities: true } };

/**
 * The text of `html` as a reader sees it: tags gone, every character reference decoded by the
 * sanitizer's own parser (`&nbsp;`, `&#8203;`, `&ZeroWidthSpace;`…). Only `&`, `<`, `>` and `"`
 * come back escaped, and they show.
 */
export function htmlText(html: string): string {
  return sanitizeHtml(html, TEXT_ONLY);
}
