/**
 * The loader's chunk imports (stage 1, on every page): the build's chunk map and `importChunk`.
 * What mounts widgets is the second stage's, in the `core` chunk (src/loader/mountPage.ts).
 */
/** The build's chunk map, referenced once: `define` would copy the literal into every use. */
export const CHUNKS: Record<string, string[]> = __VITRINE_CHUNKS__;

const chunks = new Map<string, Promise<unknown>>();
/**
 * Failed imports by chunk name. The browser keeps a module URL that failed to load failed for
 * the page (its module map: a second `import()` rejects at once, with no request), so the next
 * try asks for the chunk under another URL (`?retry=1`, `?retry=2`…).
 */
const failures = new Map<string, number>();
/** Every URL this page has asked for, so each is asked for once. */
const requested = new Set<string>();
/** True the first time `href` comes: then the caller requests it. */
const first = (href: string): boolean => !requested.has(href) && !!requested.add(href);

/**
 * Imports the content-hashed lazy chunk `name` (a widget, or `core`) from `assetBase`, once
 * per page. The chunk's own imports (the shared chunks) are imported at the same moment, so they
 * download in parallel instead of one after the other. A widget's lazy part comes named with its
 * hash (`reviews.form-<hash>`, from `import part from './lazy/form?part'`, see vite.config.ts):
 * imported as it is, its widget's imports being there already.
 *
 * Why `import()` for the shared chunks and not `<link rel="modulepreload">`: on the demo's product
 * page at 4x slowdown, starting one cost 0.3-1.4 ms as an import and 1.5-2.5 ms as a link (the
 * page's first request costs 3-3.7 ms whichever it is). An import also leaves the shop's `<head>`
 * as it is. It evaluates the shared chunk as soon as it arrives, which is harmless: they only
 * define things, and the chunk that imports them would evaluate them anyway.
 */
export function importChunk<T>(assetBase: string, name: string): Promise<T> {
  let pending = chunks.get(name);
  if (!pending) {
    const files = CHUNKS[name] || (name.includes('.') && []);
    const url = (file: string) => `${assetBase}chunks/${file}.js`;
    // Names are the code's own, so an unknown one is a bug that tests catch: the name alone says which.
    if (!files) return Promise.reject(new Error(name));
    for (const href of files.slice(1).map(url)) if (first(href)) import(/* @vite-ignore */ href).catch(() => {});
    const failed = failures.get(name) || 0;
    pending = import(/* @vite-ignore */ url(files[0] ? `${name}-${files[0]}` : name) + (failed ? `?retry=${failed}` : ''));
    // A failed download may succeed on the next try (flaky mobile network): forget it.
    pending.catch(() => chunks.delete(name) && failures.set(name, failed + 1));
    chunks.set(name, pending);
  }
  return pending as Promise<T>;
}
