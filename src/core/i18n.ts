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
  const normalized = String(requested || '')
    .toLowerCase()
    .replace('_', '-');
  const list = available.map((code) => code.toLowerCase());
  const hit = (code: string) => list.indexOf(code);
  const index = hit(normalized) >= 0 ? hit(normalized) : hit(normalized.split('-')[0]);
  return index >= 0 ? available[index] : fallback;
}

/**
 * Replaces `{name}` placeholders; unknown ones (null or undefined values too) stay visible for
 * debugging. `replace` turns what the callback returns into a string.
 */
export const fill = (template: string, vars?: Record<string, string | number>): string =>
  vars ? template.replace(/\{(\w+)\}/g, (placeholder, name: string) => `${vars[name] ?? placeholder}`) : template;

/**
 * A widget's texts in `language` (spec §9: a regional code falls back to its base language, an
 * unknown one to English). Widgets keep their own small text tables; the loader only passes the
 * requested code, so no widget's languages are decided before its chunk loads.
 */
export function pickTexts<T>(texts: Record<string, T>, language: string): T {
  return texts[resolveLanguage(language, Object.keys(texts), 'en')] ?? (texts.en as T);
}
