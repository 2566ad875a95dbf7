import lighthouse from 'lighthouse';
import { launchChrome } from './launchChrome.ts';
import { median } from './median.ts';
import { scriptName } from './scriptName.ts';
import { mainThreadTasks } from './mainThreadTasks.ts';
import { ourThreadTime } from './ourThreadTime.ts';
import { unattributedModuleTime } from './unattributedModuleTime.ts';

/** One way of loading the page, e.g. "with" the script or "without" it (blocked). */
interface LighthouseVariant {
  name: string;
  /** Lighthouse `blockedUrlPatterns` (Chrome's wildcard patterns) for this variant. */
  blockedUrlPatterns?: string[];
  /** The agent the page sees, instead of Lighthouse's own (its mobile preset's phone). */
  emulatedUserAgent?: string;
}

/** The metrics kept from one Lighthouse run (mobile default config, simulated throttling). */
export interface LighthouseMetrics {
  /** Performance category score, 0–100. */
  score: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Cumulative Layout Shift (unitless). */
  cls: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** First Contentful Paint, ms. */
  fcp: number;
  /** Finished requests whose URL matches `countUrl` (sanity check that blocking worked). */
  matchedRequests: number;
  /**
   * Lighthouse `bootup-time` of the scripts whose URL matches `countUrl`, summed (evaluation, parse
   * and compile, ms), with their module tasks that bootup-time counts towards no script
   * (`unattributedModuleTime`).
   */
  bootup: number;
  /**
   * The main thread's CPU time in the tasks of the scripts whose URL matches `countUrl`, at the
   * same slowdown (`ourThreadTime`), ms: the steadier figure for comparing builds, not a target.
   */
  cpu: number;
  /** Accessibility category score, 0–100. */
  a11y: number;
  /**
   * Lighthouse's own figure for the machine's speed at this run (`environment.benchmarkIndex`,
   * higher is faster): bootup-time and CPU time grow as it falls, with no change to the page, so
   * two runs compare only at similar indexes. Reported, never judged.
   */
  benchmarkIndex: number;
}

/** One run, in the order it was measured. */
export interface LighthouseRun extends LighthouseMetrics {
  variant: string;
  /** 1-based round number. */
  round: number;
  /**
   * `bootup` by script, its file name without the content hash (`star-snippets`, `vitrine`):
   * where the next change should look.
   */
  bootupByFile: Record<string, number>;
}

/** Options of {@link lighthouseCompare}. */
export interface LighthouseCompareOptions {
  url: string;
  variants: LighthouseVariant[];
  /** Rounds; each round runs every variant once, in order (interleaved). */
  runs: number;
  /** The first round's number (default 1): a page measured again goes on counting. */
  firstRound?: number;
  chromePath: string;
  chromeFlags: string[];
  /** Requests to count per run (see {@link LighthouseMetrics.matchedRequests}). */
  countUrl?: RegExp;
  /** Called after every run (progress output). */
  onRun?: (run: LighthouseRun) => void;
}

interface NetworkItem {
  url?: string;
  statusCode?: number;
  finished?: boolean;
}

/**
 * Runs Lighthouse (performance and accessibility, default mobile config) on `url` for every variant,
 * `runs` rounds, interleaved (A, B, A, B, …) so that machine noise hits all variants alike. Each
 * run gets a fresh Chrome from chrome-launcher (`launchChrome`). Returns every run and the
 * per-variant medians (each metric's median taken on its own).
 */
export async function lighthouseCompare(
  opts: LighthouseCompareOptions,
): Promise<{ runs: LighthouseRun[]; medians: Record<string, LighthouseMetrics> }> {
  const runs: LighthouseRun[] = [];
  const first = opts.firstRound ?? 1;
  for (let round = first; round < first + opts.runs; round++) {
    for (const variant of opts.variants) {
      const chrome = await launchChrome({ chromePath: opts.chromePath, chromeFlags: opts.chromeFlags, logLevel: 'silent' });
      try {
        const result = await lighthouse(
          opts.url,
          {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
            blockedUrlPatterns: variant.blockedUrlPatterns ?? [],
            ...(variant.emulatedUserAgent ? { emulatedUserAgent: variant.emulatedUserAgent } : {}),
          },
          // bootup-time lists only scripts over 50 ms by default: ours must be counted below that too.
          { extends: 'lighthouse:default', audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }] },
        );
        if (!result) throw new Error(`Lighthouse returned no result for ${opts.url}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const num = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
        const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
        const matched = (details?.items ?? []).filter(
          (item) => opts.countUrl?.test(item.url ?? '') && item.finished !== false && (item.statusCode ?? 0) > 0,
        ).length;
        const score = lhr.categories['performance']?.score;
        const a11y = lhr.categories['accessibility']?.score;
        // What bootup-time adds up as JavaScript time: evaluation plus parse and compile (its `total`
        // also holds style, layout and GC the script caused).
        const bootupItems =
          (
            lhr.audits['bootup-time']?.details as
              { items?: { url?: string; scripting?: number; scriptParseCompile?: number }[] } | undefined
          )?.items ?? [];
        const bootupByFile: Record<string, number> = {};
        const addBootup = (url: string, ms: number): void => {
          const file = scriptName(url);
          bootupByFile[file] = (bootupByFile[file] ?? 0) + ms;
        };
        for (const item of bootupItems) {
          if (opts.countUrl?.test(item.url ?? '')) addBootup(item.url ?? '', (item.scripting ?? 0) + (item.scriptParseCompile ?? 0));
        }
        // The module tasks bootup-time files as "Unattributable" (the loader's second stage's
        // start): ours too.
        const settings = lhr.configSettings;
        const slowdown = settings.throttlingMethod === 'simulate' ? (settings.throttling.cpuSlowdownMultiplier ?? 1) : 1;
        const tasks = mainThreadTasks(result.artifacts.Trace);
        const isOurs = (url: string): boolean => !!opts.countUrl?.test(url);
        const unattributed = unattributedModuleTime(tasks, isOurs, slowdown);
        for (const [url, ms] of Object.entries(unattributed)) addBootup(url, ms);
        const bootup = Object.values(bootupByFile).reduce((sum, ms) => sum + ms, 0);
        const run: LighthouseRun = {
          variant: variant.name,
          round,
          score: score == null ? Number.NaN : Math.round(score * 100),
          tbt: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          lcp: num('largest-contentful-paint'),
          fcp: num('first-contentful-paint'),
          matchedRequests: matched,
          bootup,
          cpu: ourThreadTime(tasks, isOurs, slowdown),
          a11y: a11y == null ? Number.NaN : Math.round(a11y * 100),
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
          bootupByFile,
        };
        runs.push(run);
        opts.onRun?.(run);
      } finally {
        await chrome.kill();
      }
    }
  }
  return {
    runs,
    medians: variantMedians(
      runs,
      opts.variants.map((variant) => variant.name),
    ),
  };
}

/**
 * Each variant's medians over `runs` (each metric's median taken on its own): the runs of one
 * {@link lighthouseCompare} call, or of several on the same page put together.
 */
export function variantMedians(runs: readonly LighthouseRun[], names: readonly string[]): Record<string, LighthouseMetrics> {
  const medians: Record<string, LighthouseMetrics> = {};
  for (const name of names) {
    const mine = runs.filter((run) => run.variant === name);
    const medianOf = (key: keyof LighthouseMetrics): number => median(mine.map((run) => run[key]));
    medians[name] = {
      score: medianOf('score'),
      tbt: medianOf('tbt'),
      cls: medianOf('cls'),
      lcp: medianOf('lcp'),
      fcp: medianOf('fcp'),
      matchedRequests: medianOf('matchedRequests'),
      bootup: medianOf('bootup'),
      cpu: medianOf('cpu'),
      a11y: medianOf('a11y'),
      benchmarkIndex: medianOf('benchmarkIndex'),
    };
  }
  return medians;
}
