/**
 * The platform's Section Rendering API on every demo shop page: `?section_id=<id>` answers the
 * section's HTML (its `shopify-section-<id>` wrapper included) instead of the page, and
 * `?sections=<id>,<id>` a JSON object of them (null for a section the page lacks), at most 5, as
 * the platform does. Themes use it to re-render parts of a page; the demo's theme editor
 * (assets/theme-editor.js) reloads sections with it. The page is rendered as usual and the
 * section cut out of it (`sendHtml` asks `sectionAnswer`), so every page answers for every
 * section it has.
 */

/** Section ids as the platform makes them (`template--1__main`, `sections--1__header`). */
const SECTION_ID = /^[\w-]{1,100}$/;
/** The platform renders at most this many sections per `sections` request. */
const MAX_SECTIONS = 5;

/**
 * The element `shopify-section-<id>` of `html`, from its start tag to its end tag; null when the
 * page has none. Scripts and comments are skipped, so markup-like text in them does not count.
 */
export function sectionHtml(html: string, id: string): string | null {
  const at = html.indexOf(` id="shopify-section-${id}"`);
  if (at < 0) return null;
  const start = html.lastIndexOf('<', at);
  const tag = /^<([a-z][a-z0-9-]*)/i.exec(html.slice(start))?.[1];
  if (!tag) return null;
  const markup = new RegExp(`<script\\b[\\s\\S]*?</script\\s*>|<!--[\\s\\S]*?-->|<(/?)${tag}\\b[^>]*>`, 'gi');
  markup.lastIndex = start;
  let depth = 0;
  for (let match = markup.exec(html); match; match = markup.exec(html)) {
    if (match[0].startsWith('<!--') || /^<script\b/i.test(match[0])) continue;
    depth += match[1] ? -1 : 1;
    if (!depth) return html.slice(start, markup.lastIndex);
  }
  return null;
}

/** What a section request answers: a status, the body and its content type. */
export interface SectionAnswer {
  status: number;
  body: string;
  type: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** An error answer in the provider's shape. */
const failure = (status: number, code: string, message: string): SectionAnswer => ({
  status,
  body: JSON.stringify({ error: { code, message } }),
  type: JSON_TYPE,
});

/**
 * What the page `html` becomes for a section request (`section_id` or `sections` in `query`):
 * the section, the sections' JSON, or an error (an id the platform would never make, too many
 * sections, a section the page lacks); null for a request of the whole page.
 */
export function sectionAnswer(query: Record<string, string | undefined>, html: string): SectionAnswer | null {
  const { section_id: sectionId, sections } = query;
  if (sectionId !== undefined) {
    if (!SECTION_ID.test(sectionId)) return failure(400, 'BAD_SECTIONS', 'section_id: expected a section id (letters, digits, _ and -)');
    const section = sectionHtml(html, sectionId);
    if (section === null) return failure(404, 'NOT_FOUND', `No section ${sectionId} on this page`);
    return { status: 200, body: section, type: 'text/html; charset=utf-8' };
  }
  if (sections === undefined) return null;
  const ids = sections.split(',').filter(Boolean);
  if (!ids.length || ids.length > MAX_SECTIONS || !ids.every((id) => SECTION_ID.test(id))) {
    return failure(400, 'BAD_SECTIONS', `sections: expected 1 to ${MAX_SECTIONS} section ids, separated by commas`);
  }
  return { status: 200, body: JSON.stringify(Object.fromEntries(ids.map((id) => [id, sectionHtml(html, id)]))), type: JSON_TYPE };
}
