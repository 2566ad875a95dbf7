/**
 * The `hooks` section (src/widgets/hooks/settings.ts): passed through by the loader like a
 * widget's section, validated by the hooks chunk: code strings of at most 20,000 characters, the
 * five hook event names, `inEditor`; anything else is one problem and dropped (no code runs for it).
 */
import { describe, expect, test } from 'vitest';
import { parseSettings } from '../../../../src/core/parseSettings';
import { HOOKS_DEFAULTS, MAX_CODE_CHARS, parseHooksSettings } from '../../../../src/widgets/hooks/settings';

const CODE_PROBLEM = `expected code: a string of at most ${MAX_CODE_CHARS} characters`;

describe('parseHooksSettings', () => {
  test('defaults: no code, off in the editor', () => {
    expect(HOOKS_DEFAULTS).toEqual({ first: '', last: '', events: {}, inEditor: false });
    expect(parseHooksSettings(undefined)).toEqual({ value: HOOKS_DEFAULTS, problems: [] });
    expect(parseHooksSettings({})).toEqual({ value: HOOKS_DEFAULTS, problems: [] });
  });

  test('every phase and event name, as given; an event without code is left out', () => {
    const raw = {
      first: 'a()',
      last: 'b()',
      events: { mounted: 'c()', rendered: 'd()', reviewSubmitted: 'e()', offerAccepted: 'f()', currencyChanged: '' },
      inEditor: true,
    };
    const { value, problems } = parseHooksSettings(raw);
    expect(problems).toEqual([]);
    expect(value).toEqual({ ...raw, events: { mounted: 'c()', rendered: 'd()', reviewSubmitted: 'e()', offerAccepted: 'f()' } });
  });

  test('code of 20,000 characters is taken; a longer one is a problem and dropped', () => {
    const longest = 'x'.repeat(MAX_CODE_CHARS);
    expect(parseHooksSettings({ first: longest, events: { mounted: longest } }).problems).toEqual([]);
    const { value, problems } = parseHooksSettings({ first: longest + ';', last: 'ok()', events: { rendered: longest + ';' } });
    expect(value).toEqual({ ...HOOKS_DEFAULTS, last: 'ok()' });
    expect(problems).toEqual([`hooks.first: ${CODE_PROBLEM}`, `hooks.events.rendered: ${CODE_PROBLEM}`]);
  });

  test('wrong types, unknown names and unreadable values are problems and dropped; the rest is kept', () => {
    const events = { mounted: 'm()', clicked: 'x()', rendered: () => 0 };
    Object.defineProperty(events, 'offerAccepted', {
      enumerable: true,
      get() {
        throw new Error('trap');
      },
    });
    const { value, problems } = parseHooksSettings({ first: 42, events, inEditor: 'yes', extra: 1 });
    expect(value).toEqual({ ...HOOKS_DEFAULTS, events: { mounted: 'm()' } });
    expect(problems).toEqual([
      `hooks.first: ${CODE_PROBLEM}`,
      'hooks.events.clicked: unknown key',
      `hooks.events.rendered: ${CODE_PROBLEM}`,
      'hooks.events.offerAccepted: could not be read',
      `hooks.events.offerAccepted: ${CODE_PROBLEM}`,
      'hooks.inEditor: expected boolean',
      'hooks.extra: unknown key',
    ]);
    expect(parseHooksSettings({ events: 'a()' }).problems).toEqual(['hooks.events: expected object']);
    expect(parseHooksSettings('a()').problems).toEqual(['hooks: expected object']);
  });

  test('a cyclic section is harmless (the walk follows the defaults)', () => {
    const raw: Record<string, unknown> = { first: 'a()' };
    raw.events = { mounted: 'b()', self: raw };
    const { value, problems } = parseHooksSettings(raw);
    expect(value).toEqual({ ...HOOKS_DEFAULTS, first: 'a()', events: { mounted: 'b()' } });
    expect(problems).toEqual(['hooks.events.self: unknown key']);
  });
});

describe('the loader and the section', () => {
  test('the loader checks it is an object and passes it through, like the widgets’ sections', () => {
    const raw = { first: 'a()', whatever: [1] };
    const { settings, problems } = parseSettings({ shopId: 'demo', hooks: raw }, 'https://p.example/demo/vitrine.js');
    expect(problems).toEqual([]);
    expect(settings.hooks).toBe(raw);
    expect(parseSettings({ shopId: 'demo' }, 'https://p.example/demo/vitrine.js').settings.hooks).toEqual({});
    expect(parseSettings({ shopId: 'demo', hooks: 'a()' }, 'https://p.example/demo/vitrine.js').problems).toEqual([
      'hooks: expected object',
    ]);
  });
});
