import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from '../core/constants';
import { ERR_WIDGET_RENDER } from '../core/errors';
import { read } from '../core/lib/read';
import { safe } from '../core/lib/safeCall';
import { createStorage } from '../core/storage';
import { createHost, insertMountPoint, whenIdle } from './lazyMount';
import type { WidgetPlan } from './widgetPlan';

/**
 * The platform's cart cookie (its cart token; the tracking meta reads it too): a cart with items
 * has one. Without it the stored snapshot is not read, so a first view (most of them) never opens
 * local storage at start: the browser's first access to it on a page is a round trip to its
 * process (CPU profiles at 4x on the demo's product page, 16 loads: the second stage's start
 * 10.9 -> 7.2 ms). And a snapshot left from a cart since gone (checkout) no longer mounts the box
 * for nothing. (`\b`: a cookie named like `x-cart` passes too, which only costs the read.)
 */
const CART_COOKIE = /\bcart=/;

/**
 * Mounts an idle plan when the main thread is idle: at the first matching placement, else
 * floating or detached. A `cart` plan waits for a cart with items: the platform's cart cookie
 * and the stored snapshot say so now, or the commerce chunk's watcher (which reads the cart when
 * it starts and follows the theme's cart requests) announces one with `vitrine:cart-changed`, and
 * then it mounts at once (the shopper just added).
 */
export function mountIdle(win: Window, plan: Extract<WidgetPlan, { kind: 'idle' }>, load: (name: string, host: HTMLElement) => void): void {
  const doc = win.document;
  const mount = () => {
    let host: HTMLElement | null = null;
    for (const placement of plan.placements) if ((host = insertMountPoint(doc, plan.name, placement))) break;
    if (!host) {
      host = createHost(doc, plan.name, plan.floating ? 0 : undefined);
      if (plan.floating) doc.body.appendChild(host);
    }
    load(plan.name, host);
  };
  if (!plan.cart || (CART_COOKIE.test(doc.cookie) && createStorage().getJSON(CART_STORAGE_KEY)))
    return whenIdle(win, safe(mount, ERR_WIDGET_RENDER), plan.later);
  const filled = safe((event: Event) => {
    const items = read(read((event as CustomEvent).detail, 'cart'), 'items');
    if (!Array.isArray(items) || !items.length) return;
    win.removeEventListener(CART_CHANGED_EVENT, filled);
    mount();
  }, ERR_WIDGET_RENDER);
  win.addEventListener(CART_CHANGED_EVENT, filled);
}
