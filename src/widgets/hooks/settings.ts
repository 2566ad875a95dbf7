/**
 * The `hooks` settings section: the shop owner's own JavaScript (docs/owner-hooks.md). Like a
 * widget's section it is validated when its chunk loads, not by the loader: one console warning
 * lists every problem, and a bad value is dropped (no code runs for it).
 */
import { check, validateSection, type Rule } from '../../core/settings';

/** The named widget events an owner hook may follow (`hooks.events.<name>`). */
export const HOOK_EVENTS = ['mounted', 'rendered', 'reviewSubmitted', 'offerAccepted', 'currencyChanged'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The validated section. Every code string is '' (none) or the owner's code, at most MAX_CODE_CHARS long. */
export interface HooksSettings {
  /** JS First: runs once, before any widget mounts. */
  first: string;
  /** JS Last: runs once, after the page's first mounts (docs/owner-hooks.md says when exactly). */
  last: string;
  /** JS Hooks: code per named widget event, run every time it happens. */
  events: Partial<Record<HookEvent, string>>;
  /** Whether the code also runs in the theme editor (design mode); off by default. */
  inEditor: boolean;
}

/** Longest code string taken: owner snippets, not libraries (a longer one is dropped with a warning). */
export const MAX_CODE_CHARS = 20000;

export const HOOKS_DEFAULTS: HooksSettings = { first: '', last: '', events: {}, inEditor: false };

const code = check(
  (value) => typeof value === 'string' && value.length <= MAX_CODE_CHARS,
  `code: a string of at most ${MAX_CODE_CHARS} characters`,
);

const NO_EVENT_CODE = Object.fromEntries(HOOK_EVENTS.map((name) => [name, ''])) as Record<HookEvent, string>;

/** `hooks.events`: known event names only, each with code; the result keeps the ones with code. */
const events: Rule = (value, _fallback, path, problems) => {
  const rules = Object.fromEntries(HOOK_EVENTS.map((name) => [`${path}.${name}`, code]));
  const parsed = validateSection(value, NO_EVENT_CODE, path, rules);
  problems.push(...parsed.problems);
  const withCode: Partial<Record<HookEvent, string>> = {};
  for (const name of HOOK_EVENTS) if (parsed.value[name]) withCode[name] = parsed.value[name];
  return withCode;
};

const RULES: Record<string, Rule> = { 'hooks.first': code, 'hooks.last': code, 'hooks.events': events };

/** Validates `settings.hooks` (see the module comment); never throws. */
export const parseHooksSettings = (raw: unknown): { value: HooksSettings; problems: string[] } =>
  validateSection(raw, HOOKS_DEFAULTS, 'hooks', RULES);
