import { MOUNTED_EVENT } from '../core/constants';
import { ERR_MODULE_INIT, ERR_WIDGET_RENDER, reportError } from '../core/errors';
import { safeCall } from '../core/lib/safeCall';
import type { WidgetContext, WidgetModule } from '../widgets/types';

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
