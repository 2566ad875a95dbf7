/**
 * Per-shop settings embedded with the script (spec §1) and their validation.
 * A tiny hand-written schema walker: each rule returns the parsed value or
 * pushes ONE problem (key path + what was expected) and returns the default.
 * The walk follows the schema, never the input, so cyclic input is harmless.
 */
import { hasOwn } from './lib/read';

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
  /**
   * The widget ids (spec §7: 4 reviews widget, 5 product stars line, 6 offer card) the owner has
   * moved: their placements are asked of the provider; no request for the others.
   */
  placedWidgets: number[];
}

type Problems = string[];

/** A rule parses `value` (found at `path`) or reports to `problems` and returns `fallback`. `any`: the walker is untyped on purpose (tiny); `parseSettings` returns the typed result. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: one untyped walker, typed at its entry
export type Rule = (value: unknown, fallback: any, path: string, problems: Problems) => any;

export const bad = <T>(problems: Problems, path: string, expected: string, fallback: T): T => {
  problems.push(`${path}: expected ${expected}`);
  return fallback;
};

export const isObj = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A rule from a predicate, with an optional normaliser. */
export const check =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- predicates of the untyped walker (see Rule)
  (accepts: (value: any) => unknown, expected: string, map: (value: any) => unknown = (value) => value): Rule =>
    (value, fallback, path, problems) =>
      accepts(value) ? map(value) : bad(problems, path, expected, fallback);

export const oneOf = (...vals: unknown[]): Rule => check((value) => vals.indexOf(value) >= 0, vals.join(' | '));
export const text = (pattern: RegExp, expected: string): Rule =>
  check((value) => typeof value === 'string' && pattern.test(value), expected);
/** null/undefined allowed (means "none"); otherwise `rule` applies. */
export const nullable =
  (rule: Rule): Rule =>
  (value, fallback, path, problems) =>
    value == null ? null : rule(value, fallback, path, problems);

/** Reads own `key` of `record`; a throwing getter becomes a problem and `undefined`. */
export const own = (record: object, key: string, path: string, problems: Problems): unknown => {
  try {
    return (record as Record<string, unknown>)[key];
  } catch {
    problems.push(`${path}: could not be read`);
  }
};

export const keysOf = (record: object): string[] => {
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
// `@__PURE__` on the rules built at the top level: the loader imports this module's types and
// the bundler drops a top-level call it may not know to be pure only so.
/** A shop id or a placement id: a non-empty string, or a number written as one. */
export const ID = /* @__PURE__ */ check(
  (value) => (typeof value === 'string' && value.trim()) || (typeof value === 'number' && isFinite(value)),
  'non-empty string',
  (value) => String(value).trim(),
);
/** Rules by key name, wherever the key is (placements in widget sections too). */
const RULES: Record<string, Rule> = {
  id: ID,
  alignment: /* @__PURE__ */ oneOf('before', 'after', 'prepend', 'append'),
  selector: /* @__PURE__ */ text(/\S/, 'CSS selector'),
};

/** '#rgb', '#rrggbb', with or without '#', normalised to lower-case '#rrggbb' (also the offer card's colours). */
export const color = /* @__PURE__ */ check(
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
export const walker = (byPath: Record<string, Rule>): Rule => {
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
