/**
 * Lazy entry `hooks`: the shop owner's own JavaScript from `settings.hooks`, in three phases
 * (docs/owner-hooks.md). Framework-free and loaded only when the section holds code: the loader
 * then mounts the widgets once this chunk's `mount` has returned (also when it failed to load).
 *
 * - JS First (`hooks.first`) runs in `mount`, so before any widget mounts.
 * - JS Hooks (`hooks.events.<name>`, and what owner code adds with `vitrine.on`) run on every
 *   window event of their name: `vitrine:mounted`, `vitrine:rendered`, `vitrine:review-submitted`,
 *   `vitrine:offer-accepted`, `vitrine:currency-changed`.
 * - JS Last (`hooks.last`) runs once, after the page's first mounts: after the window's `load`, at
 *   the idle moment the loader starts its idle-time widgets, and then once no widget has mounted
 *   for `SETTLED_MS` (at most `LAST_WAIT_MS` after that idle moment).
 *
 * Each run is isolated: its own `new Function('vitrine', code)` and try/catch. A throw, a rejected
 * promise it returns, or code that does not compile (a SyntaxError, or an EvalError under a strict
 * Content-Security-Policy) is reported as owner code failure (2300) with `{ phase, widget: 'hooks' }`
 * (the provider's error groups then name `hooks` as the source), and nothing else stops: not the
 * widgets, not the other hooks. In the theme editor (design mode) nothing runs unless
 * `hooks.inEditor` allows it.
 */
import {
  CURRENCY_CHANGED_EVENT,
  MOUNTED_EVENT,
  OFFER_ACCEPTED_EVENT,
  PRODUCT_NAME,
  RENDERED_EVENT,
  REVIEW_SUBMITTED_EVENT,
} from '../../core/constants';
import { ERR_OWNER_CODE } from '../../core/errors';
import type { PageContext } from '../../core/pageContext';
import type { Settings } from '../../core/settings';
import { whenIdle } from '../../loader/lazyMount';
import type { MountWidget, WidgetContext } from '../types';
import { HOOK_EVENTS, parseHooksSettings, type HookEvent, type HooksSettings } from './settings';

/** JS Last waits for this long without a new widget mount (the idle-time widgets' chunks arriving). */
export const SETTLED_MS = 500;
/** …but no longer than this after its idle moment: a page that keeps mounting still gets JS Last. */
export const LAST_WAIT_MS = 5000;

/** The window event each named hook follows. */
const WINDOW_EVENTS: Record<HookEvent, string> = {
  mounted: MOUNTED_EVENT,
  rendered: RENDERED_EVENT,
  reviewSubmitted: REVIEW_SUBMITTED_EVENT,
  offerAccepted: OFFER_ACCEPTED_EVENT,
  currencyChanged: CURRENCY_CHANGED_EVENT,
};

/** Which code ran: the `phase` of its error reports. */
export type HookPhase = 'first' | 'last' | `hook:${HookEvent}`;

/** A widget mount as `vitrine:mounted` tells it. */
export interface Mounted {
  widget: string;
  host: HTMLElement;
}

/** What owner code gets as `vitrine` (docs/owner-hooks.md); a fresh one for every run. */
export interface HookContext {
  phase: HookPhase;
  /** The hook's event name (`mounted`, …); null for JS First and JS Last. */
  event: HookEvent | null;
  /** The window event's `detail`; JS Last gets `{ mounted }` (the widgets mounted so far); JS First null. */
  detail: unknown;
  page: PageContext;
  /** The settings as validated, without `hooks` (a frozen shallow copy). */
  settings: Readonly<Omit<Settings, 'hooks'>>;
  /** The shopper's language code, lower case (`es-mx`). */
  language: string;
  /** Runs `fn` (with its own `vitrine`) on every event of `name` from now on; returns the function that stops it. */
  on(name: HookEvent, fn: (vitrine: HookContext) => unknown): () => void;
}

type OwnerCode = (vitrine: HookContext) => unknown;

/** What `mount` does with the section. */
export type HooksDecision = { action: 'run'; hooks: HooksSettings } | { action: 'skip'; reason: 'no code' | 'theme editor' };

/** Runs the owner's code unless there is none, or the page is the theme editor and the owner did not allow it there. */
export function decideHooks(hooks: HooksSettings, designMode: boolean): HooksDecision {
  if (!hooks.first && !hooks.last && !Object.keys(hooks.events).length) return { action: 'skip', reason: 'no code' };
  if (designMode && !hooks.inEditor) return { action: 'skip', reason: 'theme editor' };
  return { action: 'run', hooks };
}

/** Compiles owner code; throws what the engine throws (SyntaxError, or EvalError under a strict CSP). */
const compile = (code: string): OwnerCode => new Function('vitrine', code) as OwnerCode;

/**
 * Validates the section, then (see `decideHooks`) runs JS First at once and sets up the hooks and
 * JS Last. Returns the function that stops them. Never throws.
 */
export function startHooks(win: Window, ctx: WidgetContext): () => void {
  const { value: hooks, problems } = parseHooksSettings(ctx.settings.hooks);
  if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);
  const decision = decideHooks(hooks, ctx.page.designMode);
  switch (decision.action) {
    case 'skip':
      return () => {};
    case 'run':
      return runHooks(win, ctx, decision.hooks);
  }
}

function runHooks(win: Window, ctx: WidgetContext, hooks: HooksSettings): () => void {
  const { hooks: _own, ...rest } = ctx.settings;
  const settings = Object.freeze(rest);
  const listeners = new Map<HookEvent, Set<OwnerCode>>(HOOK_EVENTS.map((name) => [name, new Set()]));
  const mounted: Mounted[] = [];
  const stops: (() => void)[] = [];

  const on = (name: HookEvent, fn: OwnerCode): (() => void) => {
    const set = listeners.get(name);
    // Thrown into the owner's code that called it, whose run reports it with its phase.
    if (!set) throw new TypeError(`vitrine.on: '${String(name)}' is no hook event (${HOOK_EVENTS.join(', ')})`);
    if (typeof fn !== 'function') throw new TypeError(`vitrine.on('${name}'): a function is needed`);
    set.add(fn);
    return () => void set.delete(fn);
  };

  /** Runs one piece of owner code (compiling it first when given as text); reports, never throws. */
  const run = (phase: HookPhase, code: string | OwnerCode, event: HookEvent | null, detail: unknown): void => {
    const report = (error: unknown) => ctx.report(ERR_OWNER_CODE, error, { phase, widget: 'hooks' });
    try {
      const fn = typeof code === 'string' ? compile(code) : code;
      const result = fn({ phase, event, detail, page: ctx.page, settings, language: ctx.language, on });
      // An async hook's rejection is the same failure, later.
      if (typeof (result as PromiseLike<unknown> | null)?.then === 'function') (result as PromiseLike<unknown>).then(undefined, report);
    } catch (error) {
      report(error);
    }
  };

  // The settings' hooks compile once: a syntax error is reported once, not on every event.
  for (const name of HOOK_EVENTS) {
    const code = hooks.events[name];
    if (!code) continue;
    try {
      listeners.get(name)!.add(compile(code));
    } catch (error) {
      ctx.report(ERR_OWNER_CODE, error, { phase: `hook:${name}`, widget: 'hooks' });
    }
  }
  for (const name of HOOK_EVENTS) {
    const heard = (event: Event): void => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (name === 'mounted') {
        const mount = detail as Mounted | null;
        // This chunk's own mount (the loader's `vitrine:mounted` for it) is not a widget's.
        if (mount?.widget === 'hooks') return;
        if (mount) mounted.push(mount);
        settle();
      }
      // A copy: code may add or remove listeners while they run.
      for (const fn of [...listeners.get(name)!]) run(`hook:${name}`, fn, name, detail);
    };
    win.addEventListener(WINDOW_EVENTS[name], heard);
    stops.push(() => win.removeEventListener(WINDOW_EVENTS[name], heard));
  }

  // JS Last: see the module comment. `settle` restarts the quiet period on every mount until it ran.
  let lastTimer = 0;
  let lastDeadline = 0;
  let lastDone = !hooks.last;
  const stopLast = (): void => {
    lastDone = true;
    win.clearTimeout(lastTimer);
    win.clearTimeout(lastDeadline);
  };
  const runLast = (): void => {
    if (lastDone) return;
    stopLast();
    run('last', hooks.last, null, { mounted: [...mounted] });
  };
  const settle = (): void => {
    if (lastDone || !lastDeadline) return;
    win.clearTimeout(lastTimer);
    lastTimer = win.setTimeout(runLast, SETTLED_MS);
  };
  if (hooks.last) {
    // After this task: the loader has then mounted the page and queued its own idle-time widgets first.
    lastTimer = win.setTimeout(() =>
      whenIdle(win, () => {
        if (lastDone) return;
        lastDeadline = win.setTimeout(runLast, LAST_WAIT_MS);
        settle();
      }),
    );
    stops.push(stopLast);
  }

  if (hooks.first) run('first', hooks.first, null, null);
  return () => {
    for (const stop of stops) stop();
  };
}

/** The loader's mount: no UI (a detached host). Returns before the widgets mount: JS First has run by then. */
export const mount: MountWidget = (_host, ctx) => startHooks(window, ctx);
