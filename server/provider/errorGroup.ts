/**
 * The group a client error report is counted in (docs/provider-api.md, "What the owner learns"):
 * its code, its message and the chunk it came from. Messages are grouped with their numbers and
 * URLs written as `#` and `<url>` (the same failure on two products or two prices is one group),
 * cut to 300 characters.
 */

/** Characters of a grouped message. */
const GROUP_MESSAGE_CHARS = 300;

/**
 * The report's source chunk: the widget it names (`errors[0][widget]`), else the first of our
 * files in its stack (`chunks/reviews-a1b2c3.js` → `reviews`, the loader → `loader`), else ''.
 */
export function errorSource(widget: string | undefined, stack: string | null): string {
  if (widget && /^[a-z][a-z0-9.-]{0,39}$/.test(widget)) return widget;
  const chunk = /\/chunks\/([a-z][a-z0-9.-]*?)-[\w-]{6}\.js/.exec(stack ?? '');
  if (chunk) return chunk[1]!;
  return /\/vitrine\.js\b/.test(stack ?? '') ? 'loader' : '';
}

/** The message as grouped: URLs and numbers replaced, whitespace folded, cut. */
export function groupMessage(message: string | null): string {
  return (message ?? '')
    .replace(/\bhttps?:\/\/\S+/g, '<url>')
    .replace(/\d+(\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, GROUP_MESSAGE_CHARS);
}
