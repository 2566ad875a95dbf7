// @vitest-environment jsdom
/**
 * The owner's code (src/widgets/hooks): JS First at once (before the loader mounts anything),
 * the named hooks on their window events, JS Last after the page's first mounts; each run isolated,
 * its failures reported with their phase (2300) while everything else goes on; nothing in the
 * theme editor unless the owner allowed it there.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  CURRENCY_CHANGED_EVENT,
  MOUNTED_EVENT,
  OFFER_ACCEPTED_EVENT,
  RENDERED_EVENT,
  REVIEW_SUBMITTED_EVENT,
} from '../../../../src/core/constants';
import { ERR_OWNER_CODE } from '../../../../src/core/errors';
import { readPageContext } from '../../../../src/core/pageContext';
import { parseSettings } from '../../../../src/core/parseSettings';
import { decideHooks, LAST_WAIT_MS, mount, SETTLED_MS, startHooks, type HookContext } from '../../../../src/widgets/hooks/index';
import { HOOKS_DEFAULTS } from '../../../../src/widgets/hooks/settings';
import type { WidgetContext } from '../../../../src/widgets/types';

type Seen = { phase: string; event: string | null; detail: unknown };
declare global {
  interface Window {
    /** What the owner code under test writes down. */
    seen?: Seen[];
    lastContext?: HookContext;
  }
}

let reports: { code: number; error: unknown; extra?: Record<string, unknown> }[];
const stops: (() => void)[] = [];

function context(hooks: unknown, { designMode = false } = {}): WidgetContext {
  const { settings } = parseSettings({ shopId: 'demo', hooks }, 'https://p.example/demo/vitrine.js');
  const page = { ...readPageContext(window), designMode };
  return {
    settings,
    page,
    language: 'es',
    report: (code: number, error: unknown, extra?: Record<string, unknown>) => reports.push({ code, error, extra }),
  } as unknown as WidgetContext;
}

function start(hooks: unknown, options?: { designMode?: boolean }): void {
  stops.push(startHooks(window, context(hooks, options)));
}

/** Owner code that writes down what it ran as. */
const NOTE = `(window.seen = window.seen || []).push({ phase: vitrine.phase, event: vitrine.event, detail: vitrine.detail });`;
const phases = () => (window.seen ?? []).map((entry) => entry.phase);
const reported = () => reports.map((report) => [report.code, report.extra?.phase, (report.error as Error)?.name ?? String(report.error)]);
const fire = (type: string, detail: unknown) => window.dispatchEvent(new CustomEvent(type, { detail }));

beforeEach(() => {
  reports = [];
  delete window.seen;
  delete window.lastContext;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('decideHooks', () => {
  test('runs when there is code, and in the theme editor only when allowed there', () => {
    const hooks = { ...HOOKS_DEFAULTS, first: 'x()' };
    expect(decideHooks(HOOKS_DEFAULTS, false)).toEqual({ action: 'skip', reason: 'no code' });
    expect(decideHooks(hooks, false)).toEqual({ action: 'run', hooks });
    expect(decideHooks({ ...HOOKS_DEFAULTS, events: { rendered: 'x()' } }, false).action).toBe('run');
    expect(decideHooks(hooks, true)).toEqual({ action: 'skip', reason: 'theme editor' });
    expect(decideHooks({ ...hooks, inEditor: true }, true)).toEqual({ action: 'run', hooks: { ...hooks, inEditor: true } });
  });
});

describe('JS First', () => {
  test('runs in mount, before it returns (the loader mounts the widgets after it), with the documented context', () => {
    const ctx = context({ first: `window.lastContext = vitrine; ${NOTE}` });
    const host = document.createElement('div');
    stops.push(mount(host, ctx) as () => void);
    expect(phases()).toEqual(['first']);
    const vitrine = window.lastContext!;
    expect(vitrine).toMatchObject({ phase: 'first', event: null, detail: null, page: ctx.page, language: 'es' });
    expect(typeof vitrine.on).toBe('function');
    // The settings without the owner's code, frozen: a hook cannot change what the widgets read.
    expect(vitrine.settings.shopId).toBe('demo');
    expect('hooks' in vitrine.settings).toBe(false);
    expect(Object.isFrozen(vitrine.settings)).toBe(true);
    expect(reports).toEqual([]);
  });

  test('a throw, code that does not compile and a rejected promise are each reported with the phase; nothing is thrown', () => {
    expect(() => start({ first: `throw new Error('owner bug')` })).not.toThrow();
    expect(() => start({ first: `this is not javascript` })).not.toThrow();
    start({ first: `return Promise.reject(new RangeError('later'))` });
    return Promise.resolve().then(() => {
      expect(reported()).toEqual([
        [ERR_OWNER_CODE, 'first', 'Error'],
        [ERR_OWNER_CODE, 'first', 'SyntaxError'],
        [ERR_OWNER_CODE, 'first', 'RangeError'],
      ]);
      expect((reports[0]!.error as Error).message).toBe('owner bug');
      // The provider's error groups take the source from `widget`.
      expect(reports[0]!.extra).toEqual({ phase: 'first', widget: 'hooks' });
    });
  });

  test('a strict Content-Security-Policy (no eval) is reported the same way', () => {
    // What Chromium throws for `new Function` under `script-src` without 'unsafe-eval'.
    const blocked = vi.spyOn(globalThis, 'Function').mockImplementation(function () {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor);
    start({ first: NOTE });
    blocked.mockRestore();
    expect(reported()).toEqual([[ERR_OWNER_CODE, 'first', 'EvalError']]);
  });
});

describe('JS Hooks', () => {
  test('each named hook runs on its window event, every time, with the event and its detail', () => {
    start({ events: { mounted: NOTE, rendered: NOTE, reviewSubmitted: NOTE, offerAccepted: NOTE, currencyChanged: NOTE } });
    const host = document.createElement('div');
    fire(MOUNTED_EVENT, { widget: 'reviews', host });
    fire(RENDERED_EVENT, { widget: 'reviews', host });
    fire(REVIEW_SUBMITTED_EVENT, { review: { stars: 5 } });
    fire(OFFER_ACCEPTED_EVENT, { offerId: 'demo-bundle', variantId: 7 });
    fire(CURRENCY_CHANGED_EVENT, { currency: 'EUR' });
    fire(CURRENCY_CHANGED_EVENT, { currency: 'JPY' });
    expect(window.seen).toEqual([
      { phase: 'hook:mounted', event: 'mounted', detail: { widget: 'reviews', host } },
      { phase: 'hook:rendered', event: 'rendered', detail: { widget: 'reviews', host } },
      { phase: 'hook:reviewSubmitted', event: 'reviewSubmitted', detail: { review: { stars: 5 } } },
      { phase: 'hook:offerAccepted', event: 'offerAccepted', detail: { offerId: 'demo-bundle', variantId: 7 } },
      { phase: 'hook:currencyChanged', event: 'currencyChanged', detail: { currency: 'EUR' } },
      { phase: 'hook:currencyChanged', event: 'currencyChanged', detail: { currency: 'JPY' } },
    ]);
  });

  test('a throwing hook is reported with its phase; the next event runs it again and the other hooks still run', () => {
    start({ first: `vitrine.on('mounted', (vitrine) => { ${NOTE} })`, events: { mounted: `throw new TypeError('nope')` } });
    fire(MOUNTED_EVENT, { widget: 'reviews', host: document.createElement('div') });
    fire(MOUNTED_EVENT, { widget: 'star-snippets', host: document.createElement('div') });
    expect(reported()).toEqual([
      [ERR_OWNER_CODE, 'hook:mounted', 'TypeError'],
      [ERR_OWNER_CODE, 'hook:mounted', 'TypeError'],
    ]);
    expect(phases()).toEqual(['hook:mounted', 'hook:mounted']);
  });

  test('a hook that does not compile is reported once, at start', () => {
    start({ events: { rendered: `}{` } });
    fire(RENDERED_EVENT, { widget: 'reviews' });
    fire(RENDERED_EVENT, { widget: 'offer-card' });
    expect(reported()).toEqual([[ERR_OWNER_CODE, 'hook:rendered', 'SyntaxError']]);
  });

  test('vitrine.on: runs until stopped; an unknown name fails in the code that asked', () => {
    start({ first: `window.stopIt = vitrine.on('rendered', (vitrine) => { ${NOTE} }); vitrine.on('clicked', () => {});` });
    fire(RENDERED_EVENT, { widget: 'reviews' });
    (window as unknown as { stopIt: () => void }).stopIt();
    fire(RENDERED_EVENT, { widget: 'reviews' });
    expect(phases()).toEqual(['hook:rendered']);
    expect(reported()).toEqual([[ERR_OWNER_CODE, 'first', 'TypeError']]);
    expect((reports[0]!.error as Error).message).toContain("'clicked' is no hook event (mounted, rendered,");
  });

  test("the hooks chunk's own mount is no widget's: the mounted hook does not hear it", () => {
    start({ events: { mounted: NOTE } });
    fire(MOUNTED_EVENT, { widget: 'hooks', host: document.createElement('div') });
    expect(window.seen).toBeUndefined();
  });
});

describe('JS Last', () => {
  test('after load, at idle, once the widgets stopped mounting; with the widgets mounted by then; once', () => {
    vi.useFakeTimers();
    start({ last: NOTE });
    const host = document.createElement('div');
    vi.advanceTimersByTime(0); // the loader's turn: it mounts the page
    fire(MOUNTED_EVENT, { widget: 'star-snippets', host });
    vi.advanceTimersByTime(200); // idle (jsdom has no requestIdleCallback: the 200 ms stand-in)
    expect(window.seen).toBeUndefined();
    vi.advanceTimersByTime(SETTLED_MS - 100);
    fire(MOUNTED_EVENT, { widget: 'reviews', host }); // an idle-time widget arriving: the quiet period starts again
    vi.advanceTimersByTime(SETTLED_MS - 1);
    expect(window.seen).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(window.seen).toEqual([
      {
        phase: 'last',
        event: null,
        detail: {
          mounted: [
            { widget: 'star-snippets', host },
            { widget: 'reviews', host },
          ],
        },
      },
    ]);
    fire(MOUNTED_EVENT, { widget: 'offer-card', host });
    vi.advanceTimersByTime(LAST_WAIT_MS * 2);
    expect(phases()).toEqual(['last']);
  });

  test('a page that keeps mounting still gets it, LAST_WAIT_MS after its idle moment; a throw is reported as last', () => {
    vi.useFakeTimers();
    start({ last: `${NOTE} throw new Error('last one')` });
    vi.advanceTimersByTime(200);
    for (let waited = 0; waited < LAST_WAIT_MS - 100; waited += 100) {
      fire(MOUNTED_EVENT, { widget: 'reviews', host: document.createElement('div') });
      vi.advanceTimersByTime(100);
    }
    expect(window.seen).toBeUndefined();
    vi.advanceTimersByTime(100);
    expect(phases()).toEqual(['last']);
    expect(reported()).toEqual([[ERR_OWNER_CODE, 'last', 'Error']]);
  });

  test('JS First runs before JS Last, and a failing JS First does not stop it', () => {
    vi.useFakeTimers();
    start({ first: `${NOTE} throw new Error('first')`, last: NOTE });
    vi.advanceTimersByTime(200 + SETTLED_MS);
    expect(phases()).toEqual(['first', 'last']);
    expect(reported()).toEqual([[ERR_OWNER_CODE, 'first', 'Error']]);
  });
});

describe('the theme editor and the section', () => {
  test('nothing runs in design mode unless inEditor', () => {
    vi.useFakeTimers();
    const hooks = { first: NOTE, last: NOTE, events: { mounted: NOTE } };
    start(hooks, { designMode: true });
    fire(MOUNTED_EVENT, { widget: 'reviews', host: document.createElement('div') });
    vi.advanceTimersByTime(LAST_WAIT_MS * 2);
    expect(window.seen).toBeUndefined();
    start({ ...hooks, inEditor: true }, { designMode: true });
    fire(MOUNTED_EVENT, { widget: 'reviews', host: document.createElement('div') });
    vi.advanceTimersByTime(LAST_WAIT_MS * 2);
    expect(phases()).toEqual(['first', 'hook:mounted', 'last']);
  });

  test('a bad section: one settings warning, the good code still runs', () => {
    start({ first: NOTE, events: { clicked: 'x()', mounted: 42 }, later: '' });
    expect(console.warn).toHaveBeenCalledWith(
      'Vitrine settings: hooks.events.clicked: unknown key; hooks.events.mounted: expected code: a string of at most 20000 characters; hooks.later: unknown key',
    );
    expect(phases()).toEqual(['first']);
  });
});
