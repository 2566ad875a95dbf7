import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Request } from 'playwright-core';
import type { BenchContext } from './benchmark.ts';

/** The fake origin the in-page benchmarks serve everything from (Playwright routes, no server). */
export const ORIGIN = 'http://localhost:9';

/** URL of a built entry chunk (by its manifest name) under `${ORIGIN}/vitrine/`. */
export function entryChunkUrl(distDir: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((candidate) => candidate.isEntry && candidate.name === name);
  if (!entry) throw new Error(`no ${name} entry in the build manifest`);
  return `${ORIGIN}/vitrine/${entry.file}`;
}

/** What a benchmark's route answers besides the built files: a body and its type. */
interface Fulfilment {
  contentType: string;
  body: string;
}

export interface InPageRounds<P extends string> {
  sizes: readonly number[];
  phases: readonly P[];
  /** Path of the page opened under ORIGIN. */
  path: string;
  /** Answers every request that is not a built file (`/vitrine/…`): the page, fake APIs, images. */
  fulfil(url: URL, request: Request, size: number): Fulfilment;
  /** In-page script (a string: no bundler helpers exist inside the page) resolving the timings. */
  measure(size: number): string;
  /** Throws when a run did not do its work (wrong count, reported error). */
  check(size: number, result: Record<P, number> & Record<string, unknown>): void;
  /** Progress label, e.g. 'reviews' → `reviews round 2 100: …`. */
  label: string;
}

/**
 * Runs `measure` in a fresh browser context for every size: one warm-up round per size (compile
 * caches), then `rounds` measured rounds, sizes interleaved inside each round so both sizes see
 * the same machine noise. Built files are served from `ctx.distDir`. Returns every phase's
 * timings per size.
 */
export async function inPageRounds<P extends string>(
  ctx: BenchContext,
  rounds: number,
  options: InPageRounds<P>,
): Promise<Record<number, Record<P, number[]>>> {
  const results: Record<number, Record<P, number[]>> = {};
  for (const size of options.sizes)
    results[size] = Object.fromEntries(options.phases.map((phase) => [phase, [] as number[]])) as Record<P, number[]>;
  const browser = await chromium.launch({
    executablePath: ctx.chromePath,
    args: ctx.chromeFlags.filter((flag) => !flag.startsWith('--headless')),
  });
  try {
    for (let round = -1; round < rounds; round++) {
      for (const size of options.sizes) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          await context.route(`${ORIGIN}/**`, async (route) => {
            const url = new URL(route.request().url());
            if (url.pathname.startsWith('/vitrine/')) {
              const body = readFileSync(join(ctx.distDir, url.pathname.slice('/vitrine/'.length)));
              return route.fulfill({ status: 200, contentType: 'text/javascript', body });
            }
            return route.fulfill({ status: 200, ...options.fulfil(url, route.request(), size) });
          });
          const page = await context.newPage();
          await page.goto(`${ORIGIN}${options.path}`, { waitUntil: 'load' });
          const result = (await page.evaluate(options.measure(size))) as Record<P, number> & Record<string, unknown>;
          options.check(size, result);
          if (round >= 0) for (const phase of options.phases) results[size]![phase].push(result[phase]);
          ctx.log(
            `  ${options.label} round ${round < 0 ? 'warm-up' : round + 1} ${size}: ${options.phases.map((phase) => `${phase} ${result[phase].toFixed(1)} ms`).join(', ')}`,
          );
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
