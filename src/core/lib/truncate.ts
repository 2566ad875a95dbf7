/**
 * Shortens `text` to at most `max` characters including the ellipsis, cut at
 * a word boundary (spec §9 "Text truncation"); a single over-long word is cut
 * hard. Never splits a surrogate pair.
 */
export function truncate(text: string, max: number, ellipsis = '…'): string {
  text = String(text ?? '');
  if (text.length <= max) return text;
  let end = Math.max(0, max - ellipsis.length);
  // Don't split an emoji / astral character in half.
  if (/[\udc00-\udfff]/.test(text.charAt(end))) end--;
  const cut = text.slice(0, end);
  const space = text.charAt(end).trim() === '' ? end : cut.search(/\s\S*$/);
  return (space > 0 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '') + ellipsis;
}
