/**
 * Lazy entry `reporting`, loaded on every page when the main thread is idle: error reports that
 * reach the provider (spec §7 `POST /api/store-error`, §8), and, for visitors who are not bots,
 * tracking (`startTracking`, which then waits for consent). No UI.
 *
 * - Every report of the page comes here: the loader's (`ctx.setReporter`, with the ones made
 *   before this chunk arrived) and those of the shared chunks' own copy of the error hook.
 * - `decideReport` applies spec §8's rules; reports wait for the interaction gate and go out as a
 *   form with `postBeacon`.
 * - Uncaught errors thrown from our chunks are reported as 'VTL:CRITICAL' (2000); the shop's own
 *   are never touched.
 */
import { BUILT_IN_LANGUAGES } from '../../core/constants';
import { ERR_CRITICAL, ERR_MISSING_TRANSLATIONS, ERR_MODULE_INIT, setDebug, setErrorReporter, type ErrorReport } from '../../core/errors';
import { resolveLanguage } from '../../core/i18n';
import { startTracking } from './tracking/startTracking';
import type { MountWidget } from '../types';
import { interactionGate } from './gate';
import { postBeacon } from './lib/postBeacon';
import { ownError } from './ownError';
import { decideReport, skipReason, type ReportEnv } from './reportRules';

export const mount: MountWidget = (_host, ctx) => {
  const win = window;
  const { settings } = ctx;
  // The shared chunks' copy of the error hook logs on its own (spec §8: `vtl-cse=1`).
  setDebug(settings.debug || /[?&]vtl-cse=1/.test(win.location.search));
  const env: ReportEnv = {
    shopId: settings.shopId,
    build: __VITRINE_VERSION__,
    demoMode: settings.demoMode,
    // The page's address when a report is made (the reporter's first step).
    url: '',
    userAgent: win.navigator.userAgent,
    // Read when a report is made: a phone turned since shows its screen as it is then.
    screen: win.screen,
    stackTraceLimit: (Error as { stackTraceLimit?: unknown }).stackTraceLimit,
  };
  // Bots and test tools still see every widget; tracking and reports leave them out.
  const skip = skipReason(env);
  const state = { taken: 0, open: false };
  const held: Record<string, string>[] = [];
  const endpoint = `${settings.providerBase}store-error`;
  const post = (fields: Record<string, string>) => postBeacon(endpoint, new URLSearchParams(fields));
  const reporter = (report: ErrorReport): void => {
    if (skip) return;
    // The page's address when it failed: instant navigation may have moved it since the start.
    env.url = win.location.href;
    const decision = decideReport(report, state, env);
    switch (decision.action) {
      case 'send':
        state.taken++;
        post(decision.fields);
        return;
      case 'hold':
        state.taken++;
        held.push(decision.fields);
      // 'drop': nothing to do.
    }
  };
  // Installed even when skipped: the reports queued so far are released, not kept for nothing.
  ctx.setReporter(reporter);
  setErrorReporter(reporter);
  // Tracking rides in this chunk: a chunk of its own cost every shopper's page one more request
  // and module start, for the 3 kB a bot downloads and never runs.
  let stopTracking = (): void => {};
  if (skip !== 'bot') {
    try {
      stopTracking = startTracking(ctx, postBeacon);
    } catch (error) {
      ctx.report(ERR_MODULE_INIT, error, { widget: 'tracking' });
    }
  }
  if (skip) return stopTracking;
  // Once per page rather than once per widget: every widget has the same languages.
  if (!resolveLanguage(ctx.language, BUILT_IN_LANGUAGES, '')) {
    ctx.report(ERR_MISSING_TRANSLATIONS, new Error(`missing translations: ${ctx.language}`), { language: ctx.language });
  }

  const stopGate = interactionGate(win, () => {
    state.open = true;
    for (const fields of held.splice(0)) post(fields);
  });
  const chunks = `${settings.assetBase}chunks/`;
  const claim = (event: Event) => {
    const thrown = ownError(event, chunks);
    if (thrown !== undefined) reporter({ code: ERR_CRITICAL, error: thrown });
  };
  win.addEventListener('error', claim);
  win.addEventListener('unhandledrejection', claim);
  return () => {
    stopTracking();
    stopGate();
    win.removeEventListener('error', claim);
    win.removeEventListener('unhandledrejection', claim);
  };
};
