/** A page measured again is judged on all its rounds (perf/lib/lighthouseCompare.ts `variantMedians`). */
import { describe, expect, test } from 'vitest';
import { variantMedians, type LighthouseRun } from '../../../perf/lib/lighthouseCompare';

const run = (variant: string, round: number, bootup: number, tbt = 0, cpu = bootup / 2, benchmarkIndex = 1000 + round): LighthouseRun => ({
  variant,
  round,
  score: 100,
  tbt,
  cls: 0,
  lcp: 1000,
  fcp: 800,
  matchedRequests: variant === 'with' ? 6 : 0,
  bootup,
  cpu,
  a11y: 100,
  benchmarkIndex,
  bootupByFile: {},
});

describe('variantMedians', () => {
  test('each variant on its own runs, each metric on its own, over every round given', () => {
    const first = [run('with', 1, 70, 30), run('without', 1, 0, 10), run('with', 2, 80, 0), run('without', 2, 0, 0)];
    const again = [run('with', 3, 40, 5), run('without', 3, 0, 20), run('with', 4, 44, 10), run('without', 4, 0, 30)];
    expect(variantMedians(first, ['with', 'without'])['with']).toMatchObject({ bootup: 75, tbt: 15, matchedRequests: 6 });
    const all = variantMedians([...first, ...again], ['with', 'without']);
    expect(all['with']).toMatchObject({ bootup: 57, tbt: 7.5, cpu: 28.5, benchmarkIndex: 1002.5 });
    expect(all['without']).toMatchObject({ bootup: 0, tbt: 15, matchedRequests: 0 });
  });
});
