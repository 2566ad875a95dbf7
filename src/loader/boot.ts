import { INIT_EVENT, PRODUCT_NAME, REFRESH_EVENT } from '../core/constants';
import {
  ERR_GLOBAL_TAKEN,
  ERR_INIT,
  ERR_WIDGET_RENDER,
  ERR_WIDGET_TARGET_NOT_FOUND,
  ERR_WRONG_DOMAIN,
  reportError,
  setDebug,
  setErrorReporter,
} from '../core/errors';
import { safe, safeCall } from '../core/lib/safeCall';
import { readPageContext, type PageContext } from '../core/pageContext';
import type { Placement, Settings } from '../core/settings';
import type { WidgetContext } from '../widgets/types';
import { decideLoad, OWN_GLOBAL, STOP, stopText } from './loadRules';
import { createHost, insertMountPoint, whenIdle, whenNearViewport } from './lazyMount';
import { lazyRequester } from './lazyRequester';
import { importChunk, loadWidget, preload, unmountWithin } from './loadWidget';
import { wantsOwnerHooks } from './ownerHooks';
import { ownerPlacements } from './ownerPlacements';
import { readSettings } from './readSettings';
import { planWidgets, type WidgetPlan } from './widgetPlan';

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
 * Starts Vitrine on this page, or explains in the console why not. Runs inside `safeCall`: no
 * error of ours reaches the shop's code.
 */
export function boot(win: Window, script: HTMLScriptElement | null): void {
  safeCall(() => start(win, script), ERR_INIT);
}

function start(win: Window, script: HTMLScriptElement | null): void {
  const scriptUrl = script?.src || win.location.href;
  const raw = win.vitrineSettings;
  const settings = readSettings(raw, scriptUrl);
  setDebug(settings.debug || /[?&]vtl-cse=1/.test(win.location.search));
  const page = readPageContext(win);

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

  // One context for the page view: widgets mounted before a refresh hear about it through
  // `onRefresh` and read `ctx.page`, which follows the latest page.
  const ctx: WidgetContext = {
    settings,
    page,
    request: lazyRequester(() => ctx.load('services')),
    report: reportError,
    setReporter: setErrorReporter,
    load: (name) => importChunk(settings.assetBase, name),
    // The requested code as is (`es-mx`): each widget picks from its own texts (pickTexts).
    language: (settings.language === 'auto' ? page.store.locale || win.document.documentElement.lang || 'en' : settings.language)
      .toLowerCase()
      .replace('_', '-'),
    // The page's own event is the channel: one listener per widget, guarded like every callback.
    onRefresh(listener) {
      const heard = safe(() => listener(ctx.page), ERR_WIDGET_RENDER);
      win.addEventListener(REFRESH_EVENT, heard);
      return () => win.removeEventListener(REFRESH_EVENT, heard);
    },
    setCountryCode(code) {
      api.countryCode = code;
    },
    refresh: () => api.refresh(),
    // A widget started once per page view (idle ones: the currency selector in a header section)
    // starts again when its section comes back.
    unmount(root) {
      for (const name of unmountWithin(root)) started.delete(name);
    },
  };
  /**
   * The full validation of the settings (the `settings` chunk), once, before the first widget
   * mounts: imported alongside that widget's chunk, so it costs no round trip of its own.
   */
  let validated: Promise<void> | undefined;
  const validate = (): Promise<void> =>
    (validated ??= ctx.load<typeof import('../core/parseSettings')>('settings').then(
      ({ parseSettings }) => {
        const { settings: full, problems } = parseSettings(raw, scriptUrl);
        api.settings = ctx.settings = full;
        // Same form as the widgets' own section warnings; docs/settings.md says defaults replace them.
        if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);
      },
      (error) => {
        validated = undefined;
        throw error;
      },
    ));
  /** Widgets already started on this page: eager and idle ones start once per page view. */
  const started = new Set<string>();
  const mountAll = (late?: boolean): void => mountPlans(win, ctx, started, validate, late);

  const api: VitrineGlobal = {
    version: __VITRINE_VERSION__,
    countryCode: DEFAULT_COUNTRY_CODE,
    page,
    settings,
    refresh: safe(() => {
      api.page = ctx.page = readPageContext(win);
      mountAll();
      win.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail: api }));
    }, ERR_INIT),
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
  // The owner's JS First runs in the hooks chunk's mount, before any widget mounts; the widgets
  // mount after it also when the chunk failed to load (loadWidget reported it, 2010).
  if (wantsOwnerHooks(settings.hooks)) void loadWidget('hooks', createHost(win.document, 'hooks'), ctx, validate()).then(() => mountAll());
  else mountAll();
  // Spec §9: a late step re-checks the placements not found (themes that render late); only a
  // placement still missing then is reported.
  win.setTimeout(
    safe(() => mountAll(true), ERR_INIT),
    15000,
  );
}

/** Mounts what the page's plans call for and is not there yet (first start and every refresh). */
function mountPlans(win: Window, ctx: WidgetContext, started: Set<string>, validate: () => Promise<void>, late?: boolean): void {
  const doc = win.document;
  const load = (name: string, host: HTMLElement) => loadWidget(name, host, ctx, validate());
  // Every planned widget is in the build (test/unit/loader/widgetPlan.test.ts checks it).
  for (const plan of planWidgets(ctx.settings, ctx.page, doc)) {
    if (plan.kind === 'inline') {
      // Where the owner moved it (docs/provider-api.md "Placements"), else the plan's own places.
      const moved = ownerPlacements(win, ctx, plan.name);
      if (moved)
        void moved.then(
          safe(
            (found) => mountInline(doc, found[0] ? { ...plan, placements: found.concat(plan.placements), first: true } : plan, load, late),
            ERR_INIT,
          ),
        );
      else mountInline(doc, plan, load, late);
    } else if (!started.has(plan.name)) {
      started.add(plan.name);
      if (plan.kind === 'idle') mountIdle(win, plan, load);
      else {
        // At once, with the provider answer it needs preloaded alongside its chunk.
        if (plan.fetch) preload(doc, plan.fetch, 'fetch');
        load(plan.name, createHost(doc, plan.name));
      }
    }
  }
}

type Load = (name: string, host: HTMLElement) => void;

/**
 * Every placement gets a mount point (or the first, for defaults); each loads near the viewport.
 * The widget's app block (`[data-vitrine-block="<widget>"]`, extensions/vitrine-theme: the
 * merchant dragged it there in the theme editor) comes before them all: when the page has one,
 * the widget goes inside it and nowhere else. Exported for its unit test.
 */
export function mountInline(doc: Document, plan: Extract<WidgetPlan, { kind: 'inline' }>, load: Load, late?: boolean): void {
  let placed = false;
  const block: Placement = { selector: `[data-vitrine-block="${plan.name}"]`, alignment: 'append', id: 'app-block' };
  for (const placement of [block, ...plan.placements]) {
    const host = insertMountPoint(doc, plan.name, placement, plan.reserve);
    if (!host) continue;
    placed = true;
    if (!host.dataset.vitrineWatched) {
      host.dataset.vitrineWatched = '1';
      whenNearViewport(host, () => load(plan.name, host));
    }
    if (plan.first || placement === block) break;
  }
  // The placements are in the shop's settings; the report only needs the widget.
  if (!placed && late) reportError(ERR_WIDGET_TARGET_NOT_FOUND, new Error(`widget injection location not found: ${plan.name}`));
}

/** When the main thread is idle: at the first matching placement, else floating or detached. */
function mountIdle(win: Window, plan: Extract<WidgetPlan, { kind: 'idle' }>, load: Load): void {
  const doc = win.document;
  const mount = () => {
    let host: HTMLElement | null = null;
    for (const placement of plan.placements) if ((host = insertMountPoint(doc, plan.name, placement))) break;
    if (!host) {
      host = createHost(doc, plan.name);
      if (plan.floating) doc.body.appendChild(host);
    }
    load(plan.name, host);
  };
  whenIdle(win, safe(mount, ERR_WIDGET_RENDER), plan.later);
}
