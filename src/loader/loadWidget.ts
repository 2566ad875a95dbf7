import { MOUNTED_EVENT } from '../core/constants';
import { ERR_MODULE_INIT, ERR_WIDGET_RENDER, reportError } from '../core/errors';
import { safeCall } from '../core/lib/safeCall';
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

/** The unmount function of each mounted widget's host (`unmountWithin`). */
const unmounts = new WeakMap<Element, () => void>();

/**
 * Imports widget `name` and mounts it into `host` once `ready` (the settings' full validation)
 * has settled too, then fires `vitrine:mounted` (`{ widget, host }`: the page's and the owner
 * hooks' news of it). Failures are reported — a chunk that did not load as a module init failure
 * (2010), a mount that threw as a render failure (2280, with its stack) — and the promise
 * resolves: nothing rejects into the shop's code.
 */
export async function loadWidget(name: string, host: HTMLElement, ctx: WidgetContext, ready?: Promise<void>): Promise<void> {
  let mod: WidgetModule | undefined;
  try {
    [mod] = await Promise.all([ctx.load<WidgetModule>(name), ready]);
    const unmount = mod.mount(host, ctx);
    if (unmount) unmounts.set(host, unmount);
    // A listener's error stays the listener's (the browser reports it): this never throws.
    dispatchEvent(new CustomEvent(MOUNTED_EVENT, { detail: { widget: name, host } }));
  } catch (error) {
    reportError(mod ? ERR_WIDGET_RENDER : ERR_MODULE_INIT, error, { widget: name });
  }
}

/**
 * Unmounts every widget mounted at or inside `root` (a theme section the editor unloads), so
 * their listeners, timers and observers go with it. Each unmount runs once; one that throws is
 * reported and the others still run. Returns the names of the widgets unmounted.
 */
export function unmountWithin(root: Element): string[] {
  const names: string[] = [];
  for (const host of [root, ...root.querySelectorAll('[data-vitrine-mount]')]) {
    const unmount = unmounts.get(host);
    if (!unmount) continue;
    unmounts.delete(host);
    names.push(host.getAttribute('data-vitrine-mount')!);
    safeCall(unmount, ERR_WIDGET_RENDER);
  }
  return names;
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
