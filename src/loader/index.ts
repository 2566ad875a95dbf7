/**
 * `dist/vitrine.js`: the script a shop adds as `<script async src=".../vitrine.js">`.
 * A classic script with no framework: once the page has painted its first content (boot.ts), it
 * checks the loading rules, sets `window.Vitrine`, fires
 * `vitrine:init`, starts the star snippets and imports its second stage, in the `core` chunk,
 * which plans the page and imports each widget's chunk only when it is needed.
 */
import { boot } from './boot';

// `currentScript` is only set while this script's top level runs (async scripts included).
boot(window, document.currentScript as HTMLScriptElement | null);
