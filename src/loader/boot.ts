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
import { parseSettings, type Settings } from '../core/settings';
import type { WidgetContext } from '../widgets/types';
import { decideLoad, OWN_GLOBAL, STOP, stopText } from './loadRules';
import { createHost, insertMountPoint, whenIdle, whenNearViewport } from './lazyMount';
import { lazyRequester } from './lazyRequester';
import { wantsOwnerHooks } from './ownerHooks';
import { importChunk, loadWidget, preload } from './loadWidget';
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
  const { settings, problems } = parseSettings(win.vitrineSettings, scriptUrl);
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

  // Same form as the widgets' own section warnings; docs/settings.md says defaults replace them.
  if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);

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
  };
  /** Widgets already started on this page: eager and idle ones start once per page view. */
  const started = new Set<string>();
  const mountAll = (): void => mountPlans(win, ctx, started);

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
  if (wantsOwnerHooks(settings.hooks)) void loadWidget('hooks', createHost(win.document, 'hooks'), ctx).then(mountAll);
  else mountAll();
}

/** Mounts what the page's plans call for and is not there yet (first start and every refresh). */
function mountPlans(win: Window, ctx: WidgetContext, started: Set<string>): void {
  const doc = win.document;
  const load = (name: string, host: HTMLElement) => loadWidget(name, host, ctx);
  // Every planned widget is in the build (test/unit/loader/widgetPlan.test.ts checks it).
  for (const plan of planWidgets(ctx.settings, ctx.page, doc)) {
    if (plan.kind === 'inline') mountInline(doc, plan, load);
    else if (!started.has(plan.name)) {
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

/** Every placement gets a mount point (or the first, for defaults); each loads near the viewport. */
function mountInline(doc: Document, plan: Extract<WidgetPlan, { kind: 'inline' }>, load: Load): void {
  let placed = false;
  for (const placement of plan.placements) {
    const host = insertMountPoint(doc, plan.name, placement, plan.reserve);
    if (!host) continue;
    placed = true;
    if (!host.hasAttribute('data-vitrine-watched')) {
      host.setAttribute('data-vitrine-watched', '');
      whenNearViewport(host, () => load(plan.name, host));
    }
    if (plan.first) break;
  }
  // The placements are in the shop's settings; the report only needs the widget.
  if (!placed) reportError(ERR_WIDGET_TARGET_NOT_FOUND, new Error(`widget injection location not found: ${plan.name}`));
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
