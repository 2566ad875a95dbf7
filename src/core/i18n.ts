/**
 * Tiny translator (spec §9 "Languages in built-in texts: en, es, nl; fallback
 * to the default language, a regional code falling back to its base").
 */

/** Translate function; `language` is the resolved language. */
export type Translate = ((key: string, vars?: Record<string, string | number>) => string) & { language: string };

/**
 * Best available language: exact code, then its base (`es-MX` → `es`,
 * `nl_BE` → `nl`), else `fallback`. Case-insensitive; 'auto' and garbage
 * give the fallback (the loader turns 'auto' into the page's language first).
 */
export function resolveLanguage(requested: string | null | undefined, available: readonly string[], fallback = 'en'): string {
  const r = String(requested || '').toLowerCase().replace('_', '-');
  const list = available.map((a) => a.toLowerCase());
  const hit = (c: string) => list.indexOf(c);
  const i = hit(r) >= 0 ? hit(r) : hit(r.split('-')[0]);
  return i >= 0 ? available[i] : fallback;
}

/** Replaces `{name}` placeholders; unknown ones stay visible for debugging. */
export const fill = (s: string, vars?: Record<string, string | number>): string =>
  vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (vars[k] != null ? String(vars[k]) : m)) : s;

/**
 * Creates `t(key, vars)`: text in `language`, else in the default language
 * ('en'), else the key itself; the last case calls `onMissing` once per
 * key/language (the "missing translations" report of spec §8).
 */
export function createI18n(
  language: string,
  dictionaries: Record<string, Record<string, string>>,
  opts: { defaultLanguage?: string; onMissing?: (key: string, lang: string) => void } = {},
): Translate {
  const def = opts.defaultLanguage || 'en';
  const lang = resolveLanguage(language, Object.keys(dictionaries), def);
  const own = (d: Record<string, string> | undefined, k: string) =>
    d && Object.prototype.hasOwnProperty.call(d, k) ? d[k] : undefined;
  const told = new Set<string>();
  const t = ((key: string, vars?: Record<string, string | number>) => {
    let s = own(dictionaries[lang], key) ?? own(dictionaries[def], key);
    if (s == null) {
      s = key;
      if (!told.has(key)) {
        told.add(key);
        try {
          opts.onMissing?.(key, lang);
        } catch {
          /* reporting must not break rendering */
        }
      }
    }
    return fill(s, vars);
  }) as Translate;
  t.language = lang;
  return t;
}

/**
 * A widget's texts in `language` (spec §9: a regional code falls back to its base language, an
 * unknown one to English). Widgets keep their own small text tables; the loader only passes the
 * requested code, so no widget's languages are decided before its chunk loads.
 */
export function pickTexts<T>(texts: Record<string, T>, language: string): T {
  return texts[resolveLanguage(language, Object.keys(texts), 'en')] ?? (texts.en as T);
}
