import type { Placement, Settings } from '../core/settings';
import type { PageContext } from '../core/pageContext';
import type { ErrorReporter } from '../core/errors';
import type { Requester } from '../core/request';

/**
 * What the loader hands every widget. The services live in the loader (already on the page),
 * so widget chunks import only types from `src/core` and never ship a second copy.
 */
export interface WidgetContext {
  settings: Settings;
  /** The page as last read: `Vitrine.refresh()` (instant navigation, reloaded sections) updates it. */
  page: PageContext;
  /** The page view's request wrapper (shared 50-request budget). */
  request: Requester;
  /** Report an error to the error hook; never throws. */
  report: (code: number, error: unknown, extra?: Record<string, unknown>) => void;
  /**
   * Installs the function every report of the page goes to (the `reporting` chunk's sender);
   * reports made before it are handed to it at once.
   */
  setReporter(reporter: ErrorReporter): void;
  /** The shopper's language code, lower case (`es-mx`), from settings or the page's locale; widgets resolve it against their own texts with `pickTexts`. */
  language: string;
  /**
   * Loads a widget's lazy part (`src/widgets/<widget>/lazy/<part>.ts`, named `<widget>.<part>`)
   * through the loader, which fetches a chunk's imports alongside it: parts never need a bundler helper.
   */
  load<T>(name: string): Promise<T>;
  /**
   * Calls `listener` with the page re-read by `Vitrine.refresh()`, until the returned function
   * is called (a widget's unmount does that).
   */
  onRefresh(listener: (page: PageContext) => void): () => void;
  /** Records the visitor's country code once a widget learns it (published as `Vitrine.countryCode`). */
  setCountryCode(code: string): void;
  /** Re-reads the page and mounts what is missing, as `Vitrine.refresh()` (a theme section the editor reloaded). */
  refresh(): void;
  /** Unmounts every widget mounted at or inside `root` (a theme section the editor unloads). */
  unmount(root: Element): void;
  /**
   * The placements the owner gave widget `widgetId` (spec §7: 4, 5, 6) on this device, asked of
   * the provider; none when the request fails. Callers ask only for widgets settings list in
   * `placedWidgets`.
   */
  placements(widgetId: number): Promise<Placement[]>;
}

/**
 * A widget chunk's lazy entry exports `mount`. `host` is the widget's own element (with an open
 * shadow root for style isolation); the returned function, if any, unmounts it.
 */
export type MountWidget = (host: HTMLElement, ctx: WidgetContext) => void | (() => void);

export interface WidgetModule {
  mount: MountWidget;
}
