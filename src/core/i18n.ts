/**
 * Language choice for the widgets' built-in texts (spec §9 "Languages in built-in texts: en, es,
 * nl; fallback to the default language, a regional code falling back to its base"). Each widget
 * keeps its own small text table next to it.
 */

/**
 * Best available language: exact code, then its base (`es-MX` → `es`,
 * `nl_BE` → `nl`), else `fallback`. Case-insensitive; 'auto' and garbage
 * give the fallback (the loader turns 'auto' into the page's language first).
 */
export function resolveLanguage(requested: string | null | undefined, available: readonly string[], fallback = 'en'): string {
  const r = String(requested || '')
    .toLowerCase()
    .replace('_', '-');
  const list = available.map((a) => a.toLowerCase());
  const hit = (c: string) => list.indexOf(c);
  const i = hit(r) >= 0 ? hit(r) : hit(r.split('-')[0]);
  return i >= 0 ? available[i] : fallback;
}

/** Replaces `{name}` placeholders; unknown ones stay visible for debugging. */
export const fill = (s: string, vars?: Record<string, string | number>): string =>
  vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (vars[k] != null ? String(vars[k]) : m)) : s;

/**
 * A widget's texts in `language` (spec §9: a regional code falls back to its base language, an
 * unknown one to English). Widgets keep their own small text tables; the loader only passes the
 * requested code, so no widget's languages are decided before its chunk loads.
 */
export function pickTexts<T>(texts: Record<string, T>, language: string): T {
  return texts[resolveLanguage(language, Object.keys(texts), 'en')] ?? (texts.en as T);
}
