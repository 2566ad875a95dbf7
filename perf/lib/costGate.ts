import type { LighthouseMetrics } from './lighthouseCompare.ts';

/**
 * What the script may cost a shop (issue 13): per page, the median "with" minus the median
 * "without" (our requests blocked) of interleaved Lighthouse runs, and our scripts' own bootup.
 * Each target has a stated tolerance for the 2-core machines' noise; the gate checks target +
 * tolerance, the table shows both.
 *
 * `ci`: whether `npm test` fails on the figure (`npm run perf -- --gate` fails on every one). Our
 * bootup is measured and printed there but fails only the full gate: it is Lighthouse's
 * wall-clock time of our tasks times its 4x slowdown, and on these machines the same build's
 * median of five runs moved 45 -> 60 -> 67 ms within an hour, and 53 -> 85 ms between two gates
 * (product page), with nothing else running. The deltas held in every gate run so far.
 */
export const COST_TARGETS = [
  { id: 'score', label: 'score delta', target: 0, tolerance: 1, unit: 'points', worse: 'below', ci: true },
  { id: 'tbt', label: 'TBT delta', target: 20, tolerance: 15, unit: 'ms', worse: 'above', ci: true },
  { id: 'lcp', label: 'LCP delta', target: 50, tolerance: 50, unit: 'ms', worse: 'above', ci: true },
  { id: 'cls', label: 'CLS added', target: 0, tolerance: 0.001, unit: '', worse: 'above', ci: true },
  { id: 'bootup', label: 'our bootup', target: 50, tolerance: 10, unit: 'ms', worse: 'above', ci: false },
  { id: 'perf', label: 'performance (with)', target: 95, tolerance: 0, unit: 'points', worse: 'below', ci: true },
  { id: 'a11y', label: 'accessibility (with)', target: 95, tolerance: 0, unit: 'points', worse: 'below', ci: true },
] as const;

export type CostId = (typeof COST_TARGETS)[number]['id'];

/** One page's cost figures, from the medians of its "with" and "without" runs. */
export function pageCost(withScript: LighthouseMetrics, withoutScript: LighthouseMetrics): Record<CostId, number> {
  return {
    score: withScript.score - withoutScript.score,
    tbt: withScript.tbt - withoutScript.tbt,
    lcp: withScript.lcp - withoutScript.lcp,
    cls: Math.max(0, withScript.cls - withoutScript.cls),
    bootup: withScript.bootup,
    perf: withScript.score,
    a11y: withScript.a11y,
  };
}

/** A check of one figure: within its target, within the tolerance only, or over it (the gate fails). */
export type CostVerdict = { verdict: 'met' } | { verdict: 'tolerated' } | { verdict: 'failed'; limit: number };

/** Judges `value` against the target `id` (see COST_TARGETS). */
export function judgeCost(id: CostId, value: number): CostVerdict {
  const { target, tolerance, worse } = COST_TARGETS.find((candidate) => candidate.id === id)!;
  const sign = worse === 'above' ? 1 : -1;
  const over = (limit: number) => sign * (value - limit) > 1e-9;
  if (!Number.isFinite(value)) return { verdict: 'failed', limit: target };
  if (!over(target)) return { verdict: 'met' };
  return over(target + sign * tolerance) ? { verdict: 'failed', limit: target + sign * tolerance } : { verdict: 'tolerated' };
}

/** How a run is judged: `gate` (`npm run perf -- --gate`) on every target, `ci` (`npm test`) on those marked `ci`. */
export type GateMode = 'gate' | 'ci';

/** The gate the command line asks for (`--ci` before `--gate`), or null: no gate, the table only. */
export function gateMode(args: ReadonlySet<string>): GateMode | null {
  return args.has('--ci') ? 'ci' : args.has('--gate') ? 'gate' : null;
}

/** A figure over its target plus tolerance; `enforced`: it fails the run in this mode. */
export interface CostFailure {
  id: CostId;
  value: number;
  limit: number;
  enforced: boolean;
}

/** The figures of one page's cost (see {@link pageCost}) that are over their target plus tolerance. */
export function costFailures(cost: Record<CostId, number>, mode: GateMode): CostFailure[] {
  const failures: CostFailure[] = [];
  for (const { id, ci } of COST_TARGETS) {
    const judged = judgeCost(id, cost[id]);
    if (judged.verdict === 'failed') failures.push({ id, value: cost[id], limit: judged.limit, enforced: mode === 'gate' || ci });
  }
  return failures;
}
