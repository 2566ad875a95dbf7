/**
 * Per-shop settings embedded with the script (spec §1) and their validation.
 * A tiny hand-written schema walker: each rule returns the parsed value or
 * pushes ONE problem (key path + what was expected) and returns the default.
 * The walk follows the schema, never the input, so cyclic input is harmless.
 */
import { MODULE } from './constants';

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
  /** Known module ids only (spec §9 `MODULE`); typed `number[]` so `includes(n)` works. */
  modules: number[];
  colors: Colors;
  /**
   * Widget sections, passed through as given: each widget validates its own section when its
   * chunk loads (`validateSection`), so the loader carries no widget's defaults.
   */
  reviews: unknown;
  currency: unknown;
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
  modules: Object.values(MODULE),
  colors: { ...DEFAULT_COLORS },
  reviews: {},
  currency: {},
  cartReserved: { placement: null },
  shopCurrency: 'USD',
  moneyFormat: '${{amount}}',
  moneyWithCurrencyFormat: '${{amount}} USD',
  lastUpdated: 0,
  placements: {},
};

type Problems = string[];
/** A rule parses `v` (found at `path`) or reports and returns `d`. `any`: the walker is untyped on purpose (tiny); `parseSettings` returns the typed result. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: one untyped walker, typed at its entry
export type Rule = (v: unknown, d: any, path: string, p: Problems) => any;

const bad = <T>(p: Problems, path: string, expected: string, d: T): T => {
  p.push(`${path}: expected ${expected}`);
  return d;
};

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A rule from a predicate, with an optional normaliser. */
export const check =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- predicates of the untyped walker (see Rule)
  (ok: (v: any) => unknown, expected: string, map: (v: any) => unknown = (v) => v): Rule =>
    (v, d, path, p) =>
      ok(v) ? map(v) : bad(p, path, expected, d);

export const oneOf = (...vals: unknown[]): Rule => check((v) => vals.indexOf(v) >= 0, vals.join(' | '));
const text = (re: RegExp, expected: string): Rule => check((v) => typeof v === 'string' && re.test(v), expected);
/** null/undefined allowed (means "none"); otherwise `r` applies. */
export const nullable =
  (r: Rule): Rule =>
  (v, d, path, p) =>
    v == null ? null : r(v, d, path, p);

/** Reads own key `k`; a throwing getter becomes a problem and `undefined`. */
const own = (o: object, k: string, path: string, p: Problems): unknown => {
  try {
    return (o as Record<string, unknown>)[k];
  } catch {
    p.push(`${path}: could not be read`);
  }
};

const keysOf = (o: object): string[] => {
  try {
    return Object.keys(o);
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
    (v) => (typeof v === 'string' && v.trim()) || (typeof v === 'number' && isFinite(v)),
    'non-empty string',
    (v) => String(v).trim(),
  ),
  shopDomain: nullable(text(/^[\w.-]+\.[a-z]{2,}$/i, 'host name')),
  language: text(/^(auto|[a-z]{2,3}([-_]\w{2,8})?)$/i, "'auto' or a language code"),
  supportEmail: text(/^\S+@\S+\.\S+$/, 'e-mail address'),
  shopCurrency: text(/^[A-Z]{3}$/, 'ISO 4217 code'),
  alignment: oneOf('before', 'after', 'prepend', 'append'),
  selector: text(/\S/, 'CSS selector'),
};
RULES.id = RULES.shopId;

/** '#rgb', '#rrggbb', with or without '#', normalised to lower-case '#rrggbb'. */
const color = check(
  (v) => typeof v === 'string' && /^#?([\da-f]{3}){1,2}$/i.test(v.trim()),
  'hex colour',
  (v: string) => {
    const h = v.trim().replace('#', '').toLowerCase();
    return '#' + (h[3] ? h : h.replace(/./g, '$&$&'));
  },
);

/**
 * The walker for one table of rules by full path: a rule by path, else by key name, else by the
 * default's type (booleans, non-negative integers, strings, nested objects).
 */
const walker = (byPath: Record<string, Rule>): Rule => {
  const walk: Rule = (v, d, path, p) => {
    const r = byPath[path] || RULES[path.replace(/.*[.\]]/, '')] || (/^colors\./.test(path) && color);
    if (r) return r(v, d, path, p);
    if (typeof d === 'boolean') return typeof v === 'boolean' ? v : bad(p, path, 'boolean', d);
    if (typeof d === 'number') return Number.isInteger(v) && (v as number) >= 0 ? v : bad(p, path, 'integer ≥ 0', d);
    if (typeof d === 'string') return typeof v === 'string' ? v : bad(p, path, 'string', d);
    if (!isObj(v)) return bad(p, path || 'settings', 'object', d);
    const out = { ...d };
    for (const k of keysOf(v)) {
      const kp = path ? path + '.' + k : k;
      if (!has(d, k)) p.push(`${kp}: unknown key`);
      else out[k] = walk(own(v, k, kp, p), d[k], kp, p);
    }
    return out;
  };
  return walk;
};

/** Array of items; bad items are dropped (one problem each), duplicates removed. */
export const list =
  (item: Rule, unique?: boolean): Rule =>
  (v, d, path, p) => {
    if (!Array.isArray(v)) return bad(p, path, 'array', d);
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const x = item(own(v, '' + i, path, p), undefined, `${path}[${i}]`, p);
      if (x !== undefined && !(unique && out.indexOf(x) >= 0)) out.push(x);
    }
    return out;
  };

const BLANK: Placement = { selector: '', alignment: '' as never, id: '' };
/** A placement needs all three valid fields; otherwise it is dropped (→ `d`). */
export const placement: Rule = (v, d, path, p) => {
  const n = p.length;
  const r = walker({})(v, BLANK, path, p) as Placement;
  if (r.selector && r.alignment && r.id) return r;
  // One problem per value: only add ours when no field already reported.
  return p.length > n ? d : bad(p, path, 'placement {selector, alignment, id}', d);
};

const MODULE_IDS: number[] = Object.values(MODULE);

/** A widget's own section: checked for being an object only; the widget validates the rest. */
const widgetSection: Rule = (v, d, path, p) => (isObj(v) ? v : bad(p, path, 'object', d));

/** Rules by full path, for values the defaults cannot describe. */
const SPECIAL: Record<string, Rule> = {
  modules: list(
    check((v) => MODULE_IDS.indexOf(v) >= 0, 'module id ' + MODULE_IDS.join(' | ')),
    true,
  ),
  reviews: widgetSection,
  currency: widgetSection,
  'cartReserved.placement': nullable(placement),
  placements: (v, d, path, p) => {
    if (!isObj(v)) return bad(p, path, 'object', d);
    const out: Record<string, unknown> = {};
    for (const k of keysOf(v)) {
      const kp = `${path}.${k}`;
      if (/^\d+$/.test(k)) out[k] = list(placement)(own(v, k, kp, p), [], kp, p);
      else p.push(`${kp}: expected numeric module id key`);
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
  const d = JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as Settings;
  let base = 'https://invalid.invalid/';
  try {
    base = new URL(scriptUrl, base).href;
  } catch {
    /* keep placeholder base */
  }
  /** http(s) URL resolved against the script URL, ending with '/'; other schemes are refused. */
  SPECIAL.providerBase = SPECIAL.assetBase = (v, dv, path, p) => {
    try {
      const u = new URL(v as string, base);
      if (typeof v === 'string' && /^https?:$/.test(u.protocol)) return u.href.replace(/[?#].*$/, '').replace(/\/?$/, '/');
    } catch {
      /* reported below */
    }
    return bad(p, path, 'http(s) URL', dv);
  };
  d.providerBase = new URL('/api/', base).href;
  d.assetBase = new URL('./', base).href;
  let settings: Settings;
  try {
    settings = walker(SPECIAL)(raw, d, '', problems);
    if (!settings.shopId && !problems.some((x) => x.startsWith('shopId:'))) problems.push('shopId: required');
  } catch {
    // Defensive: a bug in a rule must not stop the widgets from loading.
    problems.push('settings: could not be parsed');
    settings = d;
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
