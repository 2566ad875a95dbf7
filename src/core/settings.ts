/**
 * Per-shop settings embedded with the script (spec §1) and their validation.
 * A tiny hand-written schema walker: each rule returns the parsed value or
 * pushes ONE problem (key path + what was expected) and returns the default.
 * The walk follows the schema, never the input, so cyclic input is harmless.
 */
import { MODULE } from './constants';
import { hasOwn } from './lib/read';

/** Support address used in the "unable to load" console text (spec §1). */
const SUPPORT_EMAIL = 'support@vitrine.dev';
/** Default colours (spec §3). */
const DEFAULT_COLORS = {
  starFront: '#fbda03',
  starBack: '#cecece',
  bars: '#fbda03',
  verified: '#00a332',
} as const;

/** Injector placement descriptor (spec §3). */
export interface Placement {
  selector: string;
  alignment: 'before' | 'after' | 'prepend' | 'append';
  id: string;
}

/** Widget colours, always '#rrggbb'. */
export interface Colors {
  starFront: string;
  starBack: string;
  bars: string;
  verified: string;
}

/** All settings. */
export interface Settings {
  shopId: string;
  shopDomain: string | null;
  /** Absolute URL ending with '/'. */
  providerBase: string;
  /** Absolute URL ending with '/'. */
  assetBase: string;
  /** 'auto' or a language code such as 'es' or 'nl-BE'. */
  language: string;
  supportEmail: string;
  debug: boolean;
  /**
   * A shop used for demonstrations or development: its pages send no error reports (spec §8).
   * Off on the provider's own demo shop, which behaves like a real one.
   */
  demoMode: boolean;
  /**
   * The shop's consent regime (spec §3 "Consent" limit values): 'GDPR', 'GDPR_BLOCK_ALL', 'CCPA',
   * or '' for none. Checked by the tracking chunk (an unknown value is treated as 'GDPR').
   */
  consentLimit: string;
  /** Known module ids only (spec §9 `MODULE`); typed `number[]` so `includes(n)` works. */
  modules: number[];
  colors: Colors;
  /**
   * Widget sections, passed through as given: each widget validates its own section when its
   * chunk loads (`validateSection`), so the loader carries no widget's defaults.
   */
  reviews: unknown;
  currency: unknown;
  offer: unknown;
  /**
   * The owner's code (JS First, JS Hooks, JS Last; docs/owner-hooks.md): a section like the
   * widgets', validated by the `hooks` chunk (`HooksSettings` in src/widgets/hooks/settings.ts).
   */
  hooks: unknown;
  cartReserved: { placement: Placement | null };
  /** The shop's own currency (ISO 4217): prices on the page are in it. */
  shopCurrency: string;
  /** The shop's money formats (platform templates such as `\${{amount}}`). */
  moneyFormat: string;
  moneyWithCurrencyFormat: string;
  /** Provider time stamp of the shop's last review change; part of cacheable review URLs. */
  lastUpdated: number;
  /** Placements keyed by module/widget id as a string. */
  placements: Record<string, Placement[]>;
}

/** Defaults; `providerBase`/`assetBase` are replaced from the script URL by `parseSettings`. */
export const DEFAULT_SETTINGS: Settings = {
  shopId: '',
  shopDomain: null,
  providerBase: '/api/',
  assetBase: './',
  language: 'auto',
  supportEmail: SUPPORT_EMAIL,
  debug: false,
  demoMode: false,
  consentLimit: '',
  // Every module but the offer card, which needs offers configured first.
  modules: [MODULE.cartReserved, MODULE.reviews, MODULE.currencyConverter, MODULE.contentProtection],
  colors: { ...DEFAULT_COLORS },
  reviews: {},
  currency: {},
  offer: {},
  hooks: {},
  cartReserved: { placement: null },
  shopCurrency: 'USD',
  moneyFormat: '${{amount}}',
  moneyWithCurrencyFormat: '${{amount}} USD',
  lastUpdated: 0,
  placements: {},
};

type Problems = string[];
/** A rule parses `value` (found at `path`) or reports to `problems` and returns `fallback`. `any`: the walker is untyped on purpose (tiny); `parseSettings` returns the typed result. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: one untyped walker, typed at its entry
export type Rule = (value: unknown, fallback: any, path: string, problems: Problems) => any;

const bad = <T>(problems: Problems, path: string, expected: string, fallback: T): T => {
  problems.push(`${path}: expected ${expected}`);
  return fallback;
};

const isObj = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A rule from a predicate, with an optional normaliser. */
export const check =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- predicates of the untyped walker (see Rule)
  (accepts: (value: any) => unknown, expected: string, map: (value: any) => unknown = (value) => value): Rule =>
    (value, fallback, path, problems) =>
      accepts(value) ? map(value) : bad(problems, path, expected, fallback);

export const oneOf = (...vals: unknown[]): Rule => check((value) => vals.indexOf(value) >= 0, vals.join(' | '));
const text = (pattern: RegExp, expected: string): Rule => check((value) => typeof value === 'string' && pattern.test(value), expected);
/** null/undefined allowed (means "none"); otherwise `rule` applies. */
export const nullable =
  (rule: Rule): Rule =>
  (value, fallback, path, problems) =>
    value == null ? null : rule(value, fallback, path, problems);

/** Reads own `key` of `record`; a throwing getter becomes a problem and `undefined`. */
const own = (record: object, key: string, path: string, problems: Problems): unknown => {
  try {
    return (record as Record<string, unknown>)[key];
  } catch {
    problems.push(`${path}: could not be read`);
  }
};

const keysOf = (record: object): string[] => {
  try {
    return Object.keys(record);
  } catch {
    return [];
  }
};

/**
 * Rules that the defaults cannot express, by key name (keys are unique
 * enough in this schema). Everything else is typed by its default value:
 * booleans, non-negative integers, strings and nested objects.
 */
const RULES: Record<string, Rule> = {
  shopId: check(
    (value) => (typeof value === 'string' && value.trim()) || (typeof value === 'number' && isFinite(value)),
    'non-empty string',
    (value) => String(value).trim(),
  ),
  shopDomain: nullable(text(/^[\w.-]+\.[a-z]{2,}$/i, 'host name')),
  language: text(/^(auto|[a-z]{2,3}([-_]\w{2,8})?)$/i, "'auto' or a language code"),
  supportEmail: text(/^\S+@\S+\.\S+$/, 'e-mail address'),
  shopCurrency: text(/^[A-Z]{3}$/, 'ISO 4217 code'),
  alignment: oneOf('before', 'after', 'prepend', 'append'),
  selector: text(/\S/, 'CSS selector'),
};
RULES.id = RULES.shopId;

/** '#rgb', '#rrggbb', with or without '#', normalised to lower-case '#rrggbb' (also the offer card's colours). */
export const color = check(
  (value) => typeof value === 'string' && /^#?([\da-f]{3}){1,2}$/i.test(value.trim()),
  'hex colour',
  (value: string) => {
    const hex = value.trim().replace('#', '').toLowerCase();
    return '#' + (hex[3] ? hex : hex.replace(/./g, '$&$&'));
  },
);

/**
 * The walker for one table of rules by full path: a rule by path, else by key name, else by the
 * default's type (booleans, non-negative integers, strings, nested objects).
 */
const walker = (byPath: Record<string, Rule>): Rule => {
  const walk: Rule = (value, fallback, path, problems) => {
    const rule = byPath[path] || RULES[path.replace(/.*[.\]]/, '')] || (/^colors\./.test(path) && color);
    if (rule) return rule(value, fallback, path, problems);
    if (typeof fallback === 'boolean') return typeof value === 'boolean' ? value : bad(problems, path, 'boolean', fallback);
    if (typeof fallback === 'number')
      return Number.isInteger(value) && (value as number) >= 0 ? value : bad(problems, path, 'integer ≥ 0', fallback);
    if (typeof fallback === 'string') return typeof value === 'string' ? value : bad(problems, path, 'string', fallback);
    if (!isObj(value)) return bad(problems, path || 'settings', 'object', fallback);
    // An empty default is a section the widget validates when its chunk loads: taken as given.
    if (!Object.keys(fallback).length) return value;
    const out = { ...fallback };
    for (const key of keysOf(value)) {
      const keyPath = path ? path + '.' + key : key;
      if (!hasOwn(fallback, key)) problems.push(`${keyPath}: unknown key`);
      else out[key] = walk(own(value, key, keyPath, problems), fallback[key], keyPath, problems);
    }
    return out;
  };
  return walk;
};

/** Array of items; bad items are dropped (one problem each), duplicates removed. */
export const list =
  (item: Rule, unique?: boolean): Rule =>
  (value, fallback, path, problems) => {
    if (!Array.isArray(value)) return bad(problems, path, 'array', fallback);
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const parsed = item(own(value, '' + i, path, problems), undefined, `${path}[${i}]`, problems);
      if (parsed !== undefined && !(unique && out.indexOf(parsed) >= 0)) out.push(parsed);
    }
    return out;
  };

const BLANK: Placement = { selector: '', alignment: '' as never, id: '' };
/** A placement needs all three valid fields; otherwise it is dropped (→ `fallback`). */
export const placement: Rule = (value, fallback, path, problems) => {
  const problemsBefore = problems.length;
  const parsed = walker({})(value, BLANK, path, problems) as Placement;
  if (parsed.selector && parsed.alignment && parsed.id) return parsed;
  // One problem per value: only add ours when no field already reported.
  return problems.length > problemsBefore ? fallback : bad(problems, path, 'placement {selector, alignment, id}', fallback);
};

/**
 * Every module id of `MODULE`, spelled out: `Object.values(MODULE)` would ship the whole object
 * in the loader, while each `MODULE.x` is inlined as its number (a unit test keeps the two equal).
 */
export const MODULE_IDS: number[] = [
  MODULE.cartReserved,
  MODULE.reviews,
  MODULE.currencyConverter,
  MODULE.contentProtection,
  MODULE.offerCard,
];

/** Rules by full path, for values the defaults cannot describe. */
const SPECIAL: Record<string, Rule> = {
  modules: /* @__PURE__ */ list(
    /* @__PURE__ */ check((value) => MODULE_IDS.indexOf(value) >= 0, 'module id ' + /* @__PURE__ */ MODULE_IDS.join(' | ')),
    true,
  ),
  'cartReserved.placement': /* @__PURE__ */ nullable(placement),
  placements: (value, fallback, path, problems) => {
    if (!isObj(value)) return bad(problems, path, 'object', fallback);
    const out: Record<string, unknown> = {};
    for (const key of keysOf(value)) {
      const keyPath = `${path}.${key}`;
      if (/^\d+$/.test(key)) out[key] = list(placement)(own(value, key, keyPath, problems), [], keyPath, problems);
      else problems.push(`${keyPath}: expected numeric module id key`);
    }
    return out;
  },
};

/**
 * Validates raw settings. Never throws: every unknown key or malformed value
 * yields one problem string ("path: expected …") and falls back to its
 * default. `providerBase` defaults to the script origin + '/api/' and
 * `assetBase` to the script's directory; both are resolved against
 * `scriptUrl` (the loader passes the page URL when the script has none) and must be http(s). The caller prints all
 * problems as ONE console warning. The walk follows the defaults, never the
 * input, so cyclic input is harmless.
 */
export function parseSettings(raw: unknown, scriptUrl: string): { settings: Settings; problems: string[] } {
  const problems: string[] = [];
  // JSON copy: callers may mutate their settings without touching the defaults.
  const defaults = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as Settings;
  let base = 'https://invalid.invalid/';
  try {
    base = new URL(scriptUrl, base).href;
  } catch {
    /* keep placeholder base */
  }
  /** http(s) URL resolved against the script URL, ending with '/'; other schemes are refused. */
  SPECIAL.providerBase = SPECIAL.assetBase = (value, fallback, path, problems) => {
    try {
      const url = new URL(value as string, base);
      if (typeof value === 'string' && /^https?:$/.test(url.protocol)) return url.href.replace(/[?#].*$/, '').replace(/\/?$/, '/');
    } catch {
      /* reported below */
    }
    return bad(problems, path, 'http(s) URL', fallback);
  };
  defaults.providerBase = new URL('/api/', base).href;
  defaults.assetBase = new URL('./', base).href;
  let settings: Settings;
  try {
    settings = walker(SPECIAL)(raw, defaults, '', problems);
    if (!settings.shopId && !problems.some((problem) => problem.startsWith('shopId:'))) problems.push('shopId: required');
  } catch {
    // Defensive: a bug in a rule must not stop the widgets from loading.
    problems.push('settings: could not be parsed');
    settings = defaults;
  }
  return { settings, problems };
}

/**
 * Validates one widget's settings section (`settings.reviews`, `settings.currency`) against the
 * widget's own defaults, the same way `parseSettings` validates the rest: never throws, one
 * problem per bad value (`reviews.layout: expected columns | list`), defaults for bad values.
 * `byPath` holds the rules the defaults cannot express, keyed by full path.
 */
export function validateSection<T>(
  raw: unknown,
  defaults: T,
  path: string,
  byPath: Record<string, Rule> = {},
): { value: T; problems: string[] } {
  const problems: string[] = [];
  let value = JSON.parse(JSON.stringify(defaults)) as T;
  if (raw == null) return { value, problems };
  try {
    value = walker(byPath)(raw, value, path, problems);
  } catch {
    problems.push(`${path}: could not be parsed`);
  }
  return { value, problems };
}
