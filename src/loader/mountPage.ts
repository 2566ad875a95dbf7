/**
 * The loader's second stage, the entry of the `core` chunk: what the page gets and where (spec
 * §2, §6, §7, §9). The first stage (`dist/vitrine.js`, boot.ts) decides whether to start, publishes the
 * global and starts the star snippets; it imports this chunk at once and hands it the page view's
 * shared state (`MountStart`), so planning, mount points, placements, owner hooks and the late
 * step cost the first stage no bytes and run in a task of their own.
 */
import { PRODUCT_NAME, REFRESH_EVENT } from '../core/constants';
import { ERR_INIT, ERR_WIDGET_RENDER, reportError } from '../core/errors';
import { fetchPlacements } from '../core/lib/fetchPlacements';
import { parseSettings } from '../core/parseSettings';
import { createPageRequester } from '../core/services';
import type { Transport } from '../core/request';
import { safe } from '../core/lib/safeCall';
import type { PageContext } from '../core/pageContext';
import type { ErrorReporter } from '../core/errors';
import type { WidgetContext } from '../widgets/types';
import type { VitrineGlobal } from './boot';
import { createHost } from './lazyMount';
import { loadWidget, unmountWithin } from './loadWidget';
import { mountIdle } from './mountIdle';
import { mountInline } from './mountInline';
import { wantsOwnerHooks } from './ownerHooks';
import { ownerPlacements } from './ownerPlacements';
import { planWidgets } from './widgetPlan';

/** What the first stage hands over: the page view's state and its services that must stay one. */
export interface MountStart {
  win: Window;
  /** The published global: this stage gives it `refresh`, and keeps `page` and `settings` current. */
  api: VitrineGlobal;
  /** The raw settings and the script's URL, for their full validation (`parseSettings`). */
  raw: unknown;
  scriptUrl: string;
  /** The first stage's chunk import (one chunk map, one import per chunk and page). */
  load: <T>(name: string) => Promise<T>;
  /** The requests' transport when the first stage started one before this chunk came (`earlyFetch`). */
  early?: Transport;
  /**
   * Reads the page (the first stage's `readPageContext`: one copy of it on the page); its first call
   * may give the first stage's read (`pageReader`).
   */
  readPage: (win: Window) => PageContext;
  /** The first stage's error hook: reports it made before the `reporting` chunk came are kept there. */
  setReporter: (reporter: ErrorReporter) => void;
  report: (code: number, error: unknown, extra?: Record<string, unknown>) => void;
}

/** Mounts the page's widgets (see the module comment). */
export function startMounting(start: MountStart): void {
  const { win, api, raw, scriptUrl } = start;
  // One context for the page view: widgets mounted before a refresh hear about it through
  // `onRefresh` and read `ctx.page`, which follows the latest page.
  const ctx: WidgetContext = {
    settings: api.settings,
    page: (api.page = start.readPage(win)),
    // The page view's one requester (spec §7: 50 requests per page view).
    request: createPageRequester(reportError, start.early),
    report: start.report,
    setReporter: start.setReporter,
    load: start.load,
    // The requested code as is (`es-mx`): each widget picks from its own texts (pickTexts).
    language: (api.settings.language === 'auto'
      ? api.page.store.locale || win.document.documentElement.lang || 'en'
      : api.settings.language
    )
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
    placements: (widgetId) => fetchPlacements(win, ctx.settings, ctx.page, widgetId),
  };
  /**
   * The full validation of the settings, once, before the first widget mounts (it rides in this
   * chunk: one request fewer at start than a chunk of its own, which every page fetched anyway).
   */
  let validated: Promise<void> | undefined;
  const validate = (): Promise<void> =>
    (validated ??= Promise.resolve().then(() => {
      const { settings: full, problems } = parseSettings(raw, scriptUrl);
      api.settings = ctx.settings = full;
      // Same form as the widgets' own section warnings; docs/settings.md says defaults replace them.
      if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);
    }));
  /** Widgets already started on this page: eager and idle ones start once per page view. */
  const started = new Set<string>();
  const mountAll = (late?: boolean): void => mountPlans(win, ctx, started, validate, late);
  api.refresh = safe(() => {
    api.page = ctx.page = start.readPage(win);
    mountAll();
    win.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail: api }));
  }, ERR_INIT);
  // The owner's JS First runs in the hooks chunk's mount, before any widget mounts; the widgets
  // mount after it also when the chunk failed to load (loadWidget reported it, 2010).
  if (wantsOwnerHooks(api.settings.hooks))
    void loadWidget('hooks', createHost(win.document, 'hooks'), ctx, validate()).then(() => mountAll());
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
      else load(plan.name, createHost(doc, plan.name));
    }
  }
}
