import { beforeEach, describe, expect, it, vi } from 'vitest';

// errors.ts keeps per-page state (cap, queue): load a fresh copy per test.
let errors: typeof import('../../../src/core/errors');
let safeCallModule: typeof import('../../../src/core/lib/safeCall');
beforeEach(async () => {
  vi.resetModules();
  vi.restoreAllMocks();
  errors = await import('../../../src/core/errors');
  safeCallModule = await import('../../../src/core/lib/safeCall');
});

describe('reportError', () => {
  it('queues reports until a reporter is set, then flushes them', () => {
    errors.reportError(errors.ERR_MODULE_INIT, new Error('a'));
    errors.reportError(3010, 'b', { widget: 'reviews' });
    const seen: unknown[] = [];
    errors.setErrorReporter((report) => seen.push(report));
    expect(seen).toEqual([
      { code: 2010, message: 'a' },
      { code: 3010, message: 'b', extra: { widget: 'reviews' } },
    ]);
    errors.reportError(3390, new Error('c'));
    expect(seen).toHaveLength(3);
  });

  it('caps at 10 reports per page, queued ones included', () => {
    for (let i = 0; i < 8; i++) errors.reportError(3000 + i, 'e' + i);
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    for (let i = 0; i < 5; i++) errors.reportError(3100 + i, 'f' + i);
    expect(reporter).toHaveBeenCalledTimes(10);
  });

  it('keeps at most 10 pending reports', () => {
    for (let i = 0; i < 25; i++) errors.reportError(3000, 'e' + i);
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    expect(reporter).toHaveBeenCalledTimes(10);
    expect(reporter.mock.calls[9][0].message).toBe('e9');
  });

  it('prefixes critical errors and attaches trimmed stacks only for 2000 and 2280', () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    const error = new Error('boom');
    error.stack = 'x'.repeat(5000);
    errors.reportError(2000, error);
    errors.reportError(2280, error);
    errors.reportError(2010, error);
    expect(reporter.mock.calls[0][0].message).toBe('VTL:CRITICAL boom');
    expect(reporter.mock.calls[0][0].stack).toHaveLength(1200);
    expect(reporter.mock.calls[1][0].stack).toHaveLength(1200);
    expect(reporter.mock.calls[2][0].stack).toBeUndefined();
    errors.reportError(3000, 'y'.repeat(5000));
    expect(reporter.mock.calls[3][0].message).toHaveLength(1000);
  });

  it('never throws: hostile values and a throwing reporter', () => {
    errors.setErrorReporter(() => {
      throw new Error('reporter down');
    });
    const hostile = {
      get message(): string {
        throw new Error('x');
      },
      toString() {
        throw new Error('y');
      },
    };
    expect(() => errors.reportError(2000, hostile)).not.toThrow();
    expect(() => errors.reportError(2000, Symbol('s'))).not.toThrow();
    expect(() => errors.reportError(2000, null)).not.toThrow();
    expect(errors.errorMessage(hostile)).toBe('Unknown error');
    expect(errors.errorMessage({ message: 'm' })).toBe('m');
    expect(errors.errorMessage(42)).toBe('42');
  });

  it('logs to the console only in debug mode', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    errors.reportError(3000, 'quiet');
    expect(warn).not.toHaveBeenCalled();
    errors.setDebug(true);
    errors.reportError(3000, 'loud');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('codes are numbers in the spec range', () => {
    const codes = Object.entries(errors).filter(([name]) => name.startsWith('ERR_')) as [string, number][];
    expect(codes.length).toBeGreaterThan(10);
    for (const [name, code] of codes) {
      expect(code >= 1010 && code <= 3982, name).toBe(true);
    }
    expect(new Set(codes.map(([, code]) => code)).size).toBe(codes.length);
  });
});

describe('safeCall / safe', () => {
  it('returns the value of a healthy function', () => {
    expect(safeCallModule.safeCall(() => 5)).toBe(5);
  });

  it('catches and reports a sync throw with the VTL:CRITICAL prefix', () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    expect(
      safeCallModule.safeCall(() => {
        throw new Error('sync');
      }),
    ).toBeUndefined();
    expect(reporter).toHaveBeenCalledWith(expect.objectContaining({ code: 2000, message: 'VTL:CRITICAL sync' }));
  });

  it('catches a rejected promise and resolves undefined', async () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    const pending = safeCallModule.safeCall(async () => {
      throw new Error('async');
    }, errors.ERR_REVIEW_SUBMIT);
    await expect(pending).resolves.toBeUndefined();
    expect(reporter).toHaveBeenCalledWith({ code: 3050, message: 'async' });
    await expect(safeCallModule.safeCall(async () => 7)).resolves.toBe(7);
  });

  it.each([
    ['string', 'oops'],
    ['number', 42],
    ['null', null],
    ['undefined', undefined],
    ['object', { a: 1 }],
  ])('handles a thrown %s', (_, value) => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    expect(
      safeCallModule.safeCall(() => {
        throw value;
      }),
    ).toBeUndefined();
    expect(reporter).toHaveBeenCalledOnce();
    expect(reporter.mock.calls[0][0].message).toMatch(/^VTL:CRITICAL /);
  });

  it('handles a non-Error rejection', async () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    await safeCallModule.safeCall(() => Promise.reject('nope'), 2200);
    expect(reporter).toHaveBeenCalledWith({ code: 2200, message: 'nope' });
  });

  it('safe() wraps callbacks, keeping this and arguments', () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    const target = { base: 2 };
    const wrapped = safeCallModule.safe(function (this: unknown, multiplier: number) {
      return (this as { base: number }).base * multiplier;
    });
    expect(wrapped.call(target, 3)).toBe(6);
    const bad = safeCallModule.safe(() => {
      throw new Error('listener');
    }, errors.ERR_TIMER_CALLBACK);
    expect(bad()).toBeUndefined();
    expect(reporter).toHaveBeenCalledWith({ code: 2200, message: 'listener' });
  });
});
