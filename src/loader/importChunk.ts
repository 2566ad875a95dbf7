/**
 * The loader's chunk imports (stage 1, on every page): the build's chunk map, `importChunk` and
 * `preload`. What mounts widgets is the `mount` chunk's (src/loader/mountPage.ts).
 */
/** The build's chunk map, referenced once: `define` would copy the literal into every use. */
export const CHUNKS: Record<string, string[]> = __VITRINE_CHUNKS__;

const chunks = new Map<string, Promise<unknown>>();
const preloaded = new Set<string>();

/**
 * Imports the content-hashed lazy chunk `name` (a widget, or `services`) from `assetBase`, once
 * per page. The chunk's own imports (the shared framework chunk) are modulepreloaded at the same
 * moment, so they download in parallel instead of one after the other. A widget's lazy part comes
 * named with its hash (`reviews.form-<hash>`, from `import part from './lazy/form?part'`, see
 * vite.config.ts): imported as it is, its widget's imports being there already.
 */
export function importChunk<T>(assetBase: string, name: string): Promise<T> {
  let pending = chunks.get(name);
  if (!pending) {
    const files = CHUNKS[name] || (name.includes('.') && []);
    const url = (file: string) => `${assetBase}chunks/${file}.js`;
    // Names are the code's own, so an unknown one is a bug that tests catch: the name alone says which.
    if (!files) return Promise.reject(new Error(name));
    for (const file of files.slice(1)) preload(document, url(file));
    pending = import(/* @vite-ignore */ url(files[0] ? `${name}-${files[0]}` : name));
    // A failed download may succeed on the next try (flaky mobile network): forget it.
    pending.catch(() => chunks.delete(name));
    chunks.set(name, pending);
  }
  return pending as Promise<T>;
}

/**
 * Adds `<link rel="modulepreload">` (a chunk) or `<link rel="preload" as="fetch">` (JSON the page
 * will fetch) once per URL. `crossorigin` (anonymous) matches what `import()` and `fetch()` send,
 * so the browser reuses the preloaded response.
 */
export function preload(doc: Document, href: string, as?: 'fetch'): void {
  // A set, not a query for the link: an attribute selector walks the whole page (a collection's
  // thousands of elements) on every call.
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = doc.createElement('link');
  link.rel = as ? 'preload' : 'modulepreload';
  if (as) link.as = as;
  link.href = href;
  link.crossOrigin = '';
  doc.head.appendChild(link);
}
