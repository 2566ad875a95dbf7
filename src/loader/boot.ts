import { INIT_EVENT } from '../core/constants';
import { ERR_GLOBAL_TAKEN, ERR_INIT, ERR_MODULE_INIT, ERR_WRONG_DOMAIN, reportError, setDebug, setErrorReporter } from '../core/errors';
import { safeCall } from '../core/lib/safeCall';
import { readPageContext, type PageContext } from '../core/pageContext';
import type { Settings } from '../core/settings';
import { earlyFetch } from './earlyFetch';
import { importChunk } from './importChunk';
import { leaveBestSelling } from './leaveBestSelling';
import { pageReader } from './pageReader';
import { decideLoad, OWN_GLOBAL, STOP, stopText } from './loadRules';
import type * as MountStage from './mountPage';
import { readSettings } from './readSettings';
import { idleChunks, starsFetch, starsPlan } from './widgetPlan';

/** Country code value set for the visitor at load (spec §1, §9). */
const DEFAULT_COUNTRY_CODE = 'FI';

/**
 * The one global we own: `window.Vitrine`.
 * @public
 */
export interface VitrineGlobal {
  version: string;
  /** Spec §1: the visitor's country code starts as FI; later modules refine it. */
  countryCode: string;
  page: PageContext;
  settings: Settings;
  /** Re-reads the page and mounts what is missing (instant navigation, theme sections reloaded). */
  refresh(): void;
}

declare global {
  interface Window {
    /** Ours when we own it; another script may have taken the name (see `OWN_GLOBAL`). */
    Vitrine?: VitrineGlobal;
    vitrineSettings?: unknown;
    [OWN_GLOBAL]?: VitrineGlobal;
  }
}

/**
 * Starts Vitrine on this page, or explains in the console why not, once the page has painted its
 * first content (see `afterFirstPaint`). Runs inside `safeCall`: no error of ours reaches the
 * shop's code.
 */
export function boot(win: Window, script: HTMLScriptElement | null): void {
  afterFirstPaint(win, () => safeCall(() => start(win, script), ERR_INIT));
}

/**
 * Runs `task` in a task of its own once the page has painted its first content: an async script
 * may run while the page is still being parsed, and whatever it runs then (reading the page,
 * starting requests) delays that paint and often the largest one (measured: the demo home page's
 * text LCP 300–400 ms later in Lighthouse's slowed-down runs whenever ours ran first). A script
 * that comes after the paint starts at once (the paint entry is buffered). A page that paints
 * nothing (a hidden tab, a frame out of view) or a browser without paint timing starts after
 * `PAINT_WAIT_MS` at most.
 */
function afterFirstPaint(win: Window, task: () => void): void {
  let started = false;
  const once = () => started || ((started = true), task());
  win.setTimeout(once, win.document.visibilityState === 'hidden' ? 0 : PAINT_WAIT_MS);
  try {
    new (win as Window & typeof globalThis).PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint')[0]) return;
      observer.disconnect();
      win.setTimeout(once);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    /* no paint timing: the wait above */
  }
}

/** The longest wait for the first paint before starting anyway. */
const PAINT_WAIT_MS = 3000;

function start(win: Window, script: HTMLScriptElement | null): void {
  const scriptUrl = script?.src || win.location.href;
  const raw = win.vitrineSettings;
  const settings = readSettings(raw, scriptUrl);
  setDebug(settings.debug || /[?&]vtl-cse=1/.test(win.location.search));
  const page = readPageContext(win);
  // Whether the page had loaded at this start: every script of the theme has run.
  const loaded = win.document.readyState === 'complete';

  const existing = win[OWN_GLOBAL];
  const decision = decideLoad(win, page, settings);

  switch (decision.action) {
    case 'duplicate':
      return;
    case 'refresh':
      existing?.refresh();
      return;
    case 'refuse':
      console.error(decision.message);
      return;
    case 'stop': {
      const message = stopText(decision.reason);
      console.info(message);
      // The console text says why; the report adds the domain the page shows (settings have ours).
      if (decision.reason === STOP.wrongDomain) reportError(ERR_WRONG_DOMAIN, message, { domain: page.store.shopDomain });
      return;
    }
  }

  const stars = starsPlan(settings, page);
  // Spec §2: a listing sorted by best-selling is sent to the manual sort, before anything starts
  // for the page it leaves (on the pages where the star snippets run: their chunk did it once it
  // had arrived).
  if (stars && page.pageType === 'collection' && leaveBestSelling(win.location)) return;
  const load = <T>(name: string): Promise<T> => importChunk<T>(settings.assetBase, name);
  // The star snippets (what shoppers should see early, the product stars line a phone's largest
  // paint) start now, with the stars line's stats request where the line has a place (starsFetch),
  // while the `core` chunk (the second stage) comes. The stats response goes to the page's
  // requester, which hands it to the stars line (earlyFetch).
  const stats = starsFetch(settings, page, win.document);
  const early = stats ? earlyFetch(stats) : undefined;
  if (stars) void load(stars.name).catch(() => {});
  const api: VitrineGlobal = {
    version: __VITRINE_VERSION__,
    countryCode: DEFAULT_COUNTRY_CODE,
    page,
    settings,
    // Until the second stage (the `core` chunk) is there, which reads the page afresh where it may
    // have changed since (pageReader).
    refresh() {},
  };
  // Found by a second copy of the script through the symbol, whoever owns the name (symbol keys
  // are invisible to for-in and Object.keys, so no page script trips over it).
  win[OWN_GLOBAL] = api;
  const foreign = decision.foreignGlobal;
  if (foreign) {
    console.warn(foreign);
    reportError(ERR_GLOBAL_TAKEN, foreign);
  } else win.Vitrine = api;
  win.dispatchEvent(new CustomEvent(INIT_EVENT, { detail: api }));
  load<typeof MountStage>('core').then(
    (stage) =>
      safeCall(
        () =>
          stage.startMounting({
            win,
            api,
            raw,
            scriptUrl,
            load,
            early,
            readPage: pageReader(page, loaded),
            setReporter: setErrorReporter,
            report: reportError,
          }),
        ERR_INIT,
      ),
    (error: unknown) => reportError(ERR_MODULE_INIT, error, { widget: 'mount' }),
  );
  // The idle-time chunks every such page loads (idleChunks) are requested in this task too once
  // the page has loaded: on this 2-core machine at 4x, a request costs the main thread far less
  // after another in the same task than as the first of a task (CPU profiles, 15 loads of the
  // demo's three pages: the idle task's two imports 6.0 ms; here, 1.8 ms more), and then they take
  // no bandwidth from the page's own images. Their widgets still start at idle time; on a page
  // still loading, they are requested then, as before.
  if (loaded) for (const name of idleChunks(settings, page)) void load(name).catch(() => {});
}
