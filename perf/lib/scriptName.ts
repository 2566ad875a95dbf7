/**
 * A script's name: its file name without folder, query, content hash and extension
 * (`…/chunks/core-Cc6eyE.js` → `core`, `…/demo/vitrine.js` → `vitrine`). The bootup-by-script
 * table of `npm run perf` and the page-weight browser test list our files by it.
 */
export const scriptName = (url: string): string =>
  url
    .replace(/[?#].*$/, '')
    .replace(/^.*\//, '')
    .replace(/(-[\w-]{6})?\.js$/, '');
