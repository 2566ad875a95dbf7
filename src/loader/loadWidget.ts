import { MOUNTED_EVENT } from '../core/constants';
import { ERR_MODULE_INIT, ERR_WIDGET_RENDER, reportError } from '../core/errors';
import type { WidgetContext, WidgetModule } from '../widgets/types';

/** The build's chunk map, referenced once: `define` would copy the literal into every use. */
export const CHUNKS: Record<string, string[]> = __VITRINE_CHUNKS__;

const chunks = new Map<string, Promise<unknown>>();

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
 * Imports widget `name` and mounts it into `host`, then fires `vitrine:mounted` (`{ widget, host }`:
 * the page's and the owner hooks' news of it). Failures are reported — a chunk that did not
 * load as a module init failure (2010), a mount that threw as a render failure (2280, with its
 * stack) — and the promise resolves: nothing rejects into the shop's code.
 */
export async function loadWidget(name: string, host: HTMLElement, ctx: WidgetContext): Promise<void> {
  let mod: WidgetModule | undefined;
  try {
    mod = await ctx.load<WidgetModule>(name);
    mod.mount(host, ctx);
    // A listener's error stays the listener's (the browser reports it): this never throws.
    dispatchEvent(new CustomEvent(MOUNTED_EVENT, { detail: { widget: name, host } }));
  } catch (error) {
    reportError(mod ? ERR_WIDGET_RENDER : ERR_MODULE_INIT, error, { widget: name });
  }
}

/**
 * Adds `<link rel="modulepreload">` (a chunk) or `<link rel="preload" as="fetch">` (JSON the page
 * will fetch) once per URL. `crossorigin` (anonymous) matches what `import()` and `fetch()` send,
 * so the browser reuses the preloaded response.
 */
export function preload(doc: Document, href: string, as?: 'fetch'): void {
  if (doc.querySelector(`link[href="${href}"]`)) return;
  const link = doc.createElement('link');
  link.rel = as ? 'preload' : 'modulepreload';
  if (as) link.as = as;
  link.href = href;
  link.crossOrigin = '';
  doc.head.appendChild(link);
}
