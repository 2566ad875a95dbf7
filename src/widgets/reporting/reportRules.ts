/**
 * What happens to each error report (spec §8), as a pure decision that `index.ts` acts on with a
 * switch (like the loader's `decideLoad`): the page-level skip rules, the ignore list, the cap of
 * 10 per page and the interaction gate, then the fields the error service receives.
 */
import { isBot } from '../../core/bots';
import { ERR_CRITICAL, ERR_WIDGET_RENDER, type ErrorReport } from '../../core/errors';
import { toJson } from '../../core/lib/toJson';
import { errorMessage } from './lib/errorMessage';

/** Reports sent per page (spec §8). */
const MAX_REPORTS = 10;
/** Stack kept for the codes that carry one (spec §8). */
const STACK_CHARS = 1200;
/**
 * Stack kept when a report carries one because of its message (the one shorter path of spec §8):
 * the frames nearest the throw are enough to find which of our lines did it.
 */
const MESSAGE_STACK_CHARS = 600;
/** Message and every other value, cut (spec §8 "error args"). */
const ARG_CHARS = 1000;
/** Extra fields per report: the provider keeps 10 per entry, `msg` is one. */
const MAX_EXTRA_FIELDS = 9;

/**
 * Spec §8: messages never reported (browser noise, extensions, full storage, timeouts the
 * request wrapper has already dealt with).
 */
const IGNORED =
  /DA100|Exception\.\.\.|IndexSizeError|IntersectionObserver|JS frame|QuotaExceededError|Symbol value to a string|exceeded the quota|quota has been exceeded|timeout|unconfigurable property|access dead object|Can't find variable: webkit/;

/**
 * Messages whose stack is attached whatever their code: errors of the language itself (a value of
 * the wrong type, a name not defined), which say nothing useful without the line that threw.
 */
const STACK_MESSAGES = /is not a function|is not defined|is not an object|is (null|undefined)|Cannot (read|set) propert/;

/** Internet Explorer (Trident): reports from it are skipped (spec §8). */
const IE = /MSIE |Trident\//;

/** Why a page sends no reports at all. */
export type SkipReason = 'demoMode' | 'ie' | 'bot';

/** What the reporter knows about the page. */
export interface ReportEnv {
  shopId: string;
  /** The build (`bid`): the product's version. */
  build: string;
  demoMode: boolean;
  url: string;
  userAgent: string;
  screen: { width: number; height: number };
  /** `Error.stackTraceLimit` where the engine has one. */
  stackTraceLimit?: unknown;
}

/**
 * Spec §8: no reports in demo mode, from Internet Explorer, or from bots — the headless
 * signature (a desktop agent on an 800×600 screen) is one of `isBot`'s screen rules.
 */
export function skipReason(env: ReportEnv): SkipReason | null {
  if (env.demoMode) return 'demoMode';
  if (IE.test(env.userAgent)) return 'ie';
  return isBot(env.userAgent, env.screen) ? 'bot' : null;
}

/** What to do with one report. */
export type ReportDecision =
  /** Post these fields to the error service now. */
  | { action: 'send'; fields: Record<string, string> }
  /** The shopper has not interacted yet: keep it until they do (the gate). */
  | { action: 'hold'; fields: Record<string, string> }
  /** Never sent: on the ignore list, or the page's 10 are taken (sent or held). */
  | { action: 'drop'; reason: 'ignored' | 'cap' };

/** Reports of the page so far: sent and held ones, and whether the gate has opened. */
export interface ReportState {
  taken: number;
  open: boolean;
}

/** A value as form text, cut to ARG_CHARS: strings as they are, anything else as JSON. */
function argText(value: unknown): string {
  try {
    return (typeof value === 'string' ? value : (toJson(value) ?? String(value))).slice(0, ARG_CHARS);
  } catch {
    return '';
  }
}

/** The report's stack, cut, when spec §8 says it goes along; '' otherwise. */
function stackOf(report: ErrorReport, message: string): string {
  let stack: unknown;
  try {
    stack = (report.error as { stack?: unknown } | null)?.stack;
  } catch {
    return '';
  }
  if (typeof stack !== 'string') return '';
  if (report.code === ERR_CRITICAL || report.code === ERR_WIDGET_RENDER) return stack.slice(0, STACK_CHARS);
  return STACK_MESSAGES.test(message) ? stack.slice(0, MESSAGE_STACK_CHARS) : '';
}

/**
 * The form the error service takes (spec §3 "Error report", §7): sid, bid, code, url, ua, ss,
 * stl, `errors[0][msg]` and the report's extra values as `errors[0][key]`, and the stack when
 * spec §8 attaches one.
 */
export function reportFields(report: ErrorReport, message: string, env: ReportEnv): Record<string, string> {
  const fields: Record<string, string> = {
    sid: env.shopId,
    bid: env.build,
    code: String(report.code),
    url: env.url,
    ua: env.userAgent,
    ss: `${env.screen.width}x${env.screen.height}`,
    stl: String(env.stackTraceLimit ?? ''),
    'errors[0][msg]': message,
  };
  let extraFields = 0;
  try {
    for (const key of Object.keys(report.extra || {})) {
      // The provider keeps plain keys only; the report must not lose its message to a hostile key.
      if (/^\w{1,40}$/.test(key) && key !== 'msg' && extraFields++ < MAX_EXTRA_FIELDS) {
        fields[`errors[0][${key}]`] = argText(report.extra![key]);
      }
    }
  } catch {
    /* an unreadable extra is left out */
  }
  const stack = stackOf(report, message);
  if (stack) fields.stack = stack;
  return fields;
}

/**
 * Decides one report: ignored messages are dropped, then the 10 of the page are counted (held
 * ones included), then the gate decides between sending now and holding.
 */
export function decideReport(report: ErrorReport, state: ReportState, env: ReportEnv): ReportDecision {
  const message = ((report.code === ERR_CRITICAL ? 'VTL:CRITICAL ' : '') + errorMessage(report.error)).slice(0, ARG_CHARS);
  if (IGNORED.test(message)) return { action: 'drop', reason: 'ignored' };
  if (state.taken >= MAX_REPORTS) return { action: 'drop', reason: 'cap' };
  const fields = reportFields(report, message, env);
  return { action: state.open ? 'send' : 'hold', fields };
}
