/**
 * The loader's half of error reporting (`src/core/errors.ts`): collect, queue until the
 * `reporting` chunk installs its sender, never throw. The rules (cuts, skip and ignore lists,
 * gate, cap) are the chunk's: test/unit/widgets/reporting/.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// errors.ts keeps per-page state (queue, reporter): load a fresh copy per test.
let errors: typeof import('../../../src/core/errors');
let safeCallModule: typeof import('../../../src/core/lib/safeCall');
beforeEach(async () => {
  vi.resetModules();
  vi.restoreAllMocks();
  errors = await import('../../../src/core/errors');
  safeCallModule = await import('../../../src/core/lib/safeCall');
});

describe('reportError', () => {
  it('queues reports until a reporter is set, then hands them over as they were made', () => {
    const thrown = new Error('a');
    errors.reportError(errors.ERR_MODULE_INIT, thrown);
    errors.reportError(3010, 'b', { widget: 'reviews' });
    const seen: unknown[] = [];
    errors.setErrorReporter((report) => seen.push(report));
    expect(seen).toEqual([
      { code: 2010, error: thrown, extra: undefined },
      { code: 3010, error: 'b', extra: { widget: 'reviews' } },
    ]);
    errors.reportError(3390, 'c');
    expect(seen).toHaveLength(3);
  });

  it('keeps at most 10 reports while no reporter exists; once one does, every report goes to it (it applies the cap)', () => {
    for (let i = 0; i < 25; i++) errors.reportError(3000, 'e' + i);
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    expect(reporter).toHaveBeenCalledTimes(10);
    expect(reporter.mock.calls[9][0].error).toBe('e9');
    for (let i = 0; i < 5; i++) errors.reportError(3100, 'f' + i);
    expect(reporter).toHaveBeenCalledTimes(15);
  });

  it('never throws: a throwing reporter, a throwing console', () => {
    errors.setErrorReporter(() => {
      throw new Error('reporter down');
    });
    expect(() => errors.reportError(2000, Symbol('s'))).not.toThrow();
    errors.setDebug(true);
    vi.spyOn(console, 'warn').mockImplementation(() => {
      throw new Error('console replaced by the shop');
    });
    expect(() => errors.reportError(2000, null)).not.toThrow();
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

  it('catches and reports a sync throw as 2000 (VTL:CRITICAL)', () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    const thrown = new Error('sync');
    expect(
      safeCallModule.safeCall(() => {
        throw thrown;
      }),
    ).toBeUndefined();
    expect(reporter).toHaveBeenCalledWith({ code: 2000, error: thrown, extra: undefined });
  });

  it('catches a rejected promise and resolves undefined', async () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    const pending = safeCallModule.safeCall(async () => {
      throw new Error('async');
    }, errors.ERR_REVIEW_SUBMIT);
    await expect(pending).resolves.toBeUndefined();
    expect(reporter).toHaveBeenCalledWith(expect.objectContaining({ code: 3050 }));
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
    expect(reporter).toHaveBeenCalledWith({ code: 2000, error: value, extra: undefined });
  });

  it('handles a non-Error rejection', async () => {
    const reporter = vi.fn();
    errors.setErrorReporter(reporter);
    await safeCallModule.safeCall(() => Promise.reject('nope'), 2200);
    expect(reporter).toHaveBeenCalledWith({ code: 2200, error: 'nope', extra: undefined });
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
    expect(reporter).toHaveBeenCalledWith(expect.objectContaining({ code: 2200 }));
  });
});
