/**
 * Spec §8's rules for error reports (`reportRules.ts`): skip rules, ignore list, cap, gate, the
 * stack and argument cuts and the fields the error service receives (spec §3, §7).
 */
import { describe, expect, it } from 'vitest';
import { decideReport, reportFields, skipReason, type ReportEnv } from '../../../../src/widgets/reporting/reportRules';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
const env = (patch: Partial<ReportEnv> = {}): ReportEnv => ({
  shopId: 'demo',
  build: '0.1.0',
  demoMode: false,
  url: 'https://shop.example/products/tee',
  userAgent: CHROME,
  screen: { width: 1920, height: 1080 },
  stackTraceLimit: 10,
  ...patch,
});
const open = { taken: 0, open: true };
const withStack = (
  message: string,
  stack = 'Error: x\n' + '    at f (https://p.example/vitrine/chunks/reviews-abc123.js:1:1)\n'.repeat(60),
) => Object.assign(new Error(message), { stack });

describe('skipReason: pages that send no reports (spec §8)', () => {
  it.each([
    ['a shop in demo mode', { demoMode: true }, 'demoMode'],
    ['Internet Explorer 11', { userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' }, 'ie'],
    ['Internet Explorer 10', { userAgent: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)' }, 'ie'],
    ['the headless signature: a desktop agent on an 800×600 screen', { screen: { width: 800, height: 600 } }, 'bot'],
    ['Googlebot', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, 'bot'],
    ['a shopper', {}, null],
  ] as const)('%s → %s', (_, patch, reason) => {
    expect(skipReason(env(patch))).toBe(reason);
  });
});

describe('decideReport', () => {
  it.each([
    'DA100',
    'Exception... "Component returned failure code"',
    'IndexSizeError: the index is not in the allowed range',
    "Failed to execute 'observe' on 'IntersectionObserver'",
    'JS frame :: chrome://x',
    'QuotaExceededError: The quota has been exceeded.',
    'Cannot convert a Symbol value to a string',
    'Storage exceeded the quota',
    'Request timeout after 5000 ms: https://p.example/api/x',
    'Cannot redefine property: unconfigurable property',
    "can't access dead object",
    "Can't find variable: webkit",
  ])('drops a report on the ignore list: %s', (message) => {
    expect(decideReport({ code: 3020, error: new Error(message) }, open, env())).toEqual({ action: 'drop', reason: 'ignored' });
  });

  it('holds reports until the gate opens, and counts held ones in the 10 of the page', () => {
    const closed = decideReport({ code: 3010, error: 'x' }, { taken: 3, open: false }, env());
    expect(closed.action).toBe('hold');
    expect(decideReport({ code: 3010, error: 'x' }, { taken: 9, open: true }, env()).action).toBe('send');
    expect(decideReport({ code: 3010, error: 'x' }, { taken: 10, open: true }, env())).toEqual({ action: 'drop', reason: 'cap' });
    expect(decideReport({ code: 3010, error: 'x' }, { taken: 10, open: false }, env())).toEqual({ action: 'drop', reason: 'cap' });
  });

  it('sends the fields of spec §3 and §7: sid, bid, code, url, ua, ss, stl, errors[0][…]', () => {
    const decision = decideReport(
      { code: 3010, error: new Error('widget injection location not found: reviews'), extra: { widget: 'reviews' } },
      open,
      env(),
    );
    expect(decision).toEqual({
      action: 'send',
      fields: {
        sid: 'demo',
        bid: '0.1.0',
        code: '3010',
        url: 'https://shop.example/products/tee',
        ua: CHROME,
        ss: '1920x1080',
        stl: '10',
        'errors[0][msg]': 'widget injection location not found: reviews',
        'errors[0][widget]': 'reviews',
      },
    });
  });

  it("prefixes 2000 with 'VTL:CRITICAL ' and attaches its stack, cut to 1200; 2280 too", () => {
    const critical = decideReport({ code: 2000, error: withStack('boom') }, open, env());
    expect(critical.action === 'send' && critical.fields['errors[0][msg]']).toBe('VTL:CRITICAL boom');
    expect(critical.action === 'send' && critical.fields.stack).toHaveLength(1200);
    const render = decideReport({ code: 2280, error: withStack('render') }, open, env());
    expect(render.action === 'send' && render.fields.stack).toHaveLength(1200);
  });

  it('attaches the stack of other codes only for the listed messages, cut to 600', () => {
    const typeError = decideReport({ code: 3020, error: withStack("Cannot read properties of undefined (reading 'x')") }, open, env());
    expect(typeError.action === 'send' && typeError.fields.stack).toHaveLength(600);
    for (const message of ['x is not a function', 'y is not defined', 'z is null']) {
      const decision = decideReport({ code: 3021, error: withStack(message) }, open, env());
      expect(decision.action === 'send' && decision.fields.stack, message).toHaveLength(600);
    }
    const plain = decideReport({ code: 3010, error: withStack('not found') }, open, env());
    expect(plain.action === 'send' && 'stack' in plain.fields).toBe(false);
  });

  it('cuts the message and every argument to 1000 characters; objects go as JSON', () => {
    const decision = decideReport(
      { code: 3015, error: 'm'.repeat(5000), extra: { handles: ['a', 'b'], long: 'l'.repeat(3000), count: 3 } },
      open,
      env(),
    );
    if (decision.action !== 'send') throw new Error(decision.action);
    expect(decision.fields['errors[0][msg]']).toHaveLength(1000);
    expect(decision.fields['errors[0][handles]']).toBe('["a","b"]');
    expect(decision.fields['errors[0][long]']).toHaveLength(1000);
    expect(decision.fields['errors[0][count]']).toBe('3');
  });

  it('never throws, whatever was thrown or passed along', () => {
    const hostile = {
      get message(): string {
        throw new Error('x');
      },
      get stack(): string {
        throw new Error('y');
      },
      toString() {
        throw new Error('z');
      },
    };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const extra = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('keys');
        },
      },
    );
    for (const report of [
      { code: 2000, error: hostile },
      { code: 2000, error: Symbol('s') },
      { code: 2000, error: null },
      { code: 3000, error: 'x', extra: { cyclic, 'bad key': 1, msg: 'not the message' } },
      { code: 3000, error: 'x', extra },
    ]) {
      expect(() => decideReport(report, open, env())).not.toThrow();
    }
    const decision = decideReport({ code: 2000, error: hostile }, open, env());
    expect(decision.action === 'send' && decision.fields['errors[0][msg]']).toBe('VTL:CRITICAL Unknown error');
    const keys = reportFields({ code: 3000, error: 'x', extra: { cyclic, 'bad key': 1, msg: 'not the message' } }, 'x', env());
    expect(keys['errors[0][msg]']).toBe('x');
    expect(keys['errors[0][cyclic]']).toBe('');
    expect('errors[0][bad key]' in keys).toBe(false);
  });

  it('sends at most 9 extra fields (the provider keeps 10 per entry, the message is one)', () => {
    const extra = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    const fields = reportFields({ code: 3000, error: 'x', extra }, 'x', env());
    expect(Object.keys(fields).filter((key) => key.startsWith('errors[0]'))).toHaveLength(10);
  });
});
