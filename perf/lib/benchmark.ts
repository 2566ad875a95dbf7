import type { Table } from './table.ts';

/** What every benchmark gets from the runner. */
export interface BenchContext {
  /** Repo root (absolute). */
  root: string;
  /** `<root>/dist`, built before any benchmark runs. */
  distDir: string;
  /** `<root>/perf/out`, for scratch output (gitignored). */
  outDir: string;
  /** Repetitions for timed benchmarks (`PERF_RUNS`, default 3). */
  runs: number;
  /** Chromium executable (`CHROME_PATH` or `/usr/bin/chromium`). */
  chromePath: string;
  /** Flags every Chromium launch must use. */
  chromeFlags: string[];
  /** The command line's flags (`--gate`, `--http1`, the skip flags). */
  args: ReadonlySet<string>;
  /** Progress messages: to stderr, so stdout holds only the report. */
  log: (message: string) => void;
}

/**
 * One benchmark of `npm run perf`. To add one, write a `run` returning tables and append it to
 * the `benchmarks` list in `perf/run.ts`. Timed benchmarks must interleave their variants and
 * report ratios or deltas measured in the same run, never absolute times alone.
 */
export interface Benchmark {
  /** Key in `perf/out/report.json`. */
  name: string;
  /** Command-line flag that skips it (e.g. `--skip-react`). */
  skipFlag?: string;
  run(ctx: BenchContext): Promise<{ tables: Table[]; data?: unknown }>;
}
