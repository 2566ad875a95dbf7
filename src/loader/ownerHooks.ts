/**
 * Whether the page loads the `hooks` chunk (the owner's code, docs/owner-hooks.md) before the
 * widgets mount. The loader only sees the raw `hooks` section, which the chunk validates: any
 * non-empty string in it is taken for code, so settings carrying the empty defaults never load
 * the chunk. The chunk also decides the theme editor, where the code runs only when `inEditor`
 * allows it: every byte here is on every page.
 */
export function wantsOwnerHooks(hooks: unknown): boolean {
  try {
    // JSON shows a non-empty string value as `":"` followed by anything but the closing quote.
    return /":"[^"]/.test(JSON.stringify(hooks));
  } catch {
    // A section JSON cannot copy (a cycle, a throwing getter): the chunk validates it and says why.
    return true;
  }
}
