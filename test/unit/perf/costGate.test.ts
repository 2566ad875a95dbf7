/** The cost gate's arithmetic (perf/lib/costGate.ts): deltas per page and the verdicts with their tolerances. */
import { describe, expect, test } from 'vitest';
import { costFailures, gateMode, judgeCost, pageCost } from '../../../perf/lib/costGate';

const metrics = (over: Partial<Record<string, number>>) => ({
  score: 100,
  tbt: 0,
  cls: 0,
  lcp: 1000,
  fcp: 800,
  matchedRequests: 0,
  bootup: 0,
  cpu: 0,
  a11y: 100,
  benchmarkIndex: 1000,
  ...over,
});

describe('cost gate', () => {
  test('deltas with minus without; CLS added never negative; bootup and scores from the "with" runs', () => {
    expect(pageCost(metrics({ score: 99, tbt: 30, lcp: 1040, cls: 0.002, bootup: 41, a11y: 100 }), metrics({ cls: 0.004 }))).toEqual({
      score: -1,
      tbt: 30,
      lcp: 40,
      cls: 0,
      bootup: 41,
      perf: 99,
      a11y: 100,
    });
  });

  test('met, tolerated (within the stated noise) or failed', () => {
    expect(judgeCost('tbt', 20)).toEqual({ verdict: 'met' });
    expect(judgeCost('tbt', 35)).toEqual({ verdict: 'tolerated' });
    expect(judgeCost('tbt', 36)).toEqual({ verdict: 'failed', limit: 35 });
    expect(judgeCost('score', 0)).toEqual({ verdict: 'met' });
    expect(judgeCost('score', -1)).toEqual({ verdict: 'tolerated' });
    expect(judgeCost('score', -2)).toEqual({ verdict: 'failed', limit: -1 });
    expect(judgeCost('cls', 0.0005)).toEqual({ verdict: 'tolerated' });
    expect(judgeCost('perf', 94)).toEqual({ verdict: 'failed', limit: 95 });
    expect(judgeCost('bootup', Number.NaN)).toMatchObject({ verdict: 'failed' });
  });

  test('npm test (ci) fails on the deltas and scores at their tolerances, and on our bootup at its wider CI tolerance', () => {
    const cost = { score: 0, tbt: 10, lcp: 20, cls: 0, bootup: 75, perf: 100, a11y: 100 };
    expect(costFailures(cost, 'gate')).toEqual([{ id: 'bootup', value: 75, limit: 60, enforced: true }]);
    // Over the full gate's 60 ms, within npm test's 80: shown, not failed.
    expect(costFailures(cost, 'ci')).toEqual([{ id: 'bootup', value: 75, limit: 60, enforced: false }]);
    expect(costFailures({ ...cost, bootup: 80 }, 'ci')).toEqual([{ id: 'bootup', value: 80, limit: 60, enforced: false }]);
    expect(costFailures({ ...cost, bootup: 81 }, 'ci')).toEqual([{ id: 'bootup', value: 81, limit: 80, enforced: true }]);
    expect(costFailures({ ...cost, bootup: Number.NaN }, 'ci')).toMatchObject([{ id: 'bootup', enforced: true }]);
    expect(costFailures({ ...cost, tbt: 40, bootup: 45 }, 'ci')).toEqual([{ id: 'tbt', value: 40, limit: 35, enforced: true }]);
    expect(costFailures({ ...cost, bootup: 60 }, 'gate')).toEqual([]);
  });

  test("a tolerance given to judgeCost replaces the target's own", () => {
    expect(judgeCost('bootup', 70)).toEqual({ verdict: 'failed', limit: 60 });
    expect(judgeCost('bootup', 70, 30)).toEqual({ verdict: 'tolerated' });
    expect(judgeCost('bootup', 81, 30)).toEqual({ verdict: 'failed', limit: 80 });
  });

  test('the gate the command line asks for: --ci before --gate, none without either', () => {
    expect(gateMode(new Set(['--ci']))).toBe('ci');
    expect(gateMode(new Set(['--gate', '--ci']))).toBe('ci');
    expect(gateMode(new Set(['--gate', '--http1']))).toBe('gate');
    expect(gateMode(new Set(['--skip-react']))).toBeNull();
  });
});
