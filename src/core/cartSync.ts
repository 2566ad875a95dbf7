/**
 * The page's one cart reader (spec §4 "Cart change detection"): reads `{localeRoot}/cart.js`,
 * hands every cart read to its subscribers (widgets set their `cart` signal from it: the first
 * read of a page makes the cart known, an empty one included), compares it with the last cart
 * known (at first the snapshot stored by an earlier page), and on a change stores the snapshot
 * (removed when the cart is empty) and fires the window event `vitrine:cart-changed`
 * (`detail.cart`). No signal here: the commerce chunk, on every page with a cart module, must not
 * bring the framework chunk, which a listing page without a UI widget never loads.
 *
 * Reads coalesce: a read asked for while one runs is done once, after it (the running one may
 * predate the change), so a burst of cart requests costs two reads at most. A read the request
 * budget drops (spec §7: 50 per page view) leaves everything as it was and marks the budget spent.
 *
 * It also remembers the cart requests we send ourselves (`own`), so the cart watcher does not
 * react to them: our cart calls re-read the cart themselves.
 */
import type { CartSnapshot } from '../state/cart';
import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from './constants';
import { ERR_CART_DATA, ERR_WIDGET_RENDER } from './errors';
import { guardWith, type Report } from './lib/guardWith';
import { cartChanged, fromStored, toCartSnapshot } from './cartSnapshot';
import type { Requester } from './request';
import type { SafeStorage } from './storage';

/** One of our own cart requests: its URL and when it ran (`performance.now()` time; `end` unset while it runs). */
interface OwnRequest {
  url: string;
  start: number;
  end?: number;
}

/** The page's cart reader; see the module comment. */
export interface CartSync {
  /** Reads the cart (coalesced) and publishes a change; the snapshot, or null when no cart could be read. */
  refresh(): Promise<CartSnapshot | null>;
  /** The last cart known (read, or stored by an earlier page); null when none. */
  current(): CartSnapshot | null;
  /**
   * Calls `listener` with every cart read from now on, and at once with the last one when a read
   * already happened. A throwing listener is reported, never felt by the reader.
   */
  subscribe(listener: (cart: CartSnapshot) => void): void;
  /** Runs our own request to `url` (absolute), remembered so the watcher ignores it. */
  own<T>(url: string, run: () => Promise<T>): Promise<T>;
  /** Whether a resource timing entry (`name`, `startTime`) is one of our own requests. */
  isOwn(name: string, startTime: number): boolean;
  /** The request budget dropped a read: no further read will happen on this page. */
  exhausted(): boolean;
}

/** What the reader needs. `root` is the locale root ('' or '/es'). */
export interface CartSyncContext {
  win: Window;
  request: Requester;
  root: string;
  report: Report;
  storage: SafeStorage;
}

/** Creates a cart reader (the commerce chunk keeps one per page: `pageCartSync`). */
export function createCartSync({ win, request, root, report, storage }: CartSyncContext): CartSync {
  let known = fromStored(storage.getJSON(CART_STORAGE_KEY));
  let running: Promise<CartSnapshot | null> | null = null;
  let wanted = false;
  let spent = false;
  let failureReported = false;
  const owned: OwnRequest[] = [];
  const listeners: ((cart: CartSnapshot) => void)[] = [];
  let lastRead: CartSnapshot | null = null;
  const now = () => win.performance.now();

  const publish = (snapshot: CartSnapshot): void => {
    lastRead = snapshot;
    listeners.forEach((listener) => listener(snapshot));
    if (!cartChanged(known, snapshot)) return;
    known = snapshot;
    if (snapshot.items.length) storage.setJSON(CART_STORAGE_KEY, snapshot.items);
    else storage.remove(CART_STORAGE_KEY);
    win.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { cart: snapshot } }));
  };

  const readOnce = async (): Promise<CartSnapshot | null> => {
    let snapshot: CartSnapshot | null = null;
    let status: unknown;
    try {
      // The locale root is a path: the request wrapper resolves it against the page's address.
      const json = await request(`${root}/cart.js`, { cache: 'no-store' });
      // Dropped by the budget (or an empty answer): reading again would not help.
      if (json === null) {
        spent = true;
        return null;
      }
      snapshot = toCartSnapshot(json);
    } catch (error) {
      status = (error as { status?: unknown } | null)?.status;
    }
    if (snapshot) publish(snapshot);
    else if (!failureReported) {
      // Spec §8 "missing cart data" (a 469 included): reported once per page, nothing visible.
      failureReported = true;
      report(ERR_CART_DATA, new Error('missing cart data'), { status });
    }
    return snapshot;
  };

  return {
    refresh() {
      if (spent) return Promise.resolve(known);
      wanted = true;
      running ??= (async () => {
        let snapshot: CartSnapshot | null = null;
        try {
          while (wanted && !spent) {
            wanted = false;
            snapshot = await readOnce();
          }
        } finally {
          running = null;
        }
        return snapshot;
      })();
      return running;
    },
    current: () => known,
    subscribe(listener) {
      const guarded = guardWith(report, ERR_WIDGET_RENDER)(listener);
      listeners.push(guarded);
      if (lastRead) guarded(lastRead);
    },
    async own(url, run) {
      const entry: OwnRequest = { url, start: now() };
      owned.push(entry);
      if (owned.length > 20) owned.shift();
      try {
        return await run();
      } finally {
        entry.end = now();
      }
    },
    isOwn: (name, startTime) =>
      owned.some((entry) => entry.url === name && startTime >= entry.start - 1 && startTime <= (entry.end ?? Infinity) + 1),
    exhausted: () => spent,
  };
}

let pageSync: CartSync | undefined;

/**
 * The page's one cart reader, created on the first call (later calls get the same one, whatever
 * their context): every widget that reads or changes the cart shares its snapshot, its
 * coalescing and its list of our own requests.
 */
export function pageCartSync(context: CartSyncContext): CartSync {
  return (pageSync ??= createCartSync(context));
}
