/**
 * The commerce core (issue 11) in Chromium, on the production build and the demo shop (started
 * in-process):
 *
 * 1. Bytes of its chunks (`commerce`, `commerce.product`, `commerce.cart`) and of the loader.
 * 2. The main-thread time the cart watcher adds to a theme's add-to-cart: the demo theme's own add
 *    (a real click, its fetch of `/cart/add.js` and `/cart.js`, its cart bubble) repeated `CHANGES`
 *    times per page view, each change measured as the renderer's main-thread task time
 *    (`Performance.getMetrics` TaskDuration) from the click until the page is quiet again.
 *    Variants, interleaved per round: the script blocked; only the watcher reacting (modules
 *    [47]: the offer card's module, whose widget is not built, so the commerce chunk is all that
 *    runs); the demo's default modules (the watcher and the cart-reserved box). Medians over every
 *    change of every round; the ratio and the delta to "blocked" are the numbers to watch.
 * 3. Long tasks at 4x CPU slowdown on the demo product page: a trace of the page's load, one
 *    variant change and one add-to-cart; every main-thread task is attributed to the chunks whose
 *    code it ran (script URLs in the trace), and the longest task per group is printed. Spec and
 *    issue: none over 20 ms from the commerce chunks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Benchmark, BenchContext } from '../lib/benchmark.ts';
import { bundleSizes } from '../lib/bundleSizes.ts';
import { median } from '../lib/median.ts';

/** Cart changes per page view (the watcher reads the cart again 20 times per page view at most). */
const CHANGES = 12;
/** After the last request of a change: the page's remaining work (parsing, events, rendering) runs in this time. */
const QUIET_MS = 400;
const PRODUCT = '/products/classic-cotton-tee';
const ADD_BUTTON = '#ProductSubmitButton-template--1__main';
const COMMERCE_CHUNK = /^chunks\/commerce(\.(product|cart))?-[\w-]+\.js$/;

type Variant = 'blocked' | 'watcher' | 'default';
const VARIANTS: { name: Variant; label: string }[] = [
  { name: 'blocked', label: 'script blocked' },
  { name: 'watcher', label: 'the watcher alone (modules [47])' },
  { name: 'default', label: "demo's default modules (watcher + countdown box)" },
];

/** A demo shop with `modules` (when given) as its stored settings; `close()` stops it. */
async function demoShop(distDir: string, modules?: number[]): Promise<{ origin: string; close(): Promise<void> }> {
  const { buildApp } = await import('../../server/app');
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-perf-commerce-'));
  const app = await buildApp({ dataDir, distDir, logger: false, shopSettingsOverrides: modules ? { modules } : {} });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin: `http://localhost:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The variant of the demo tee with the most stock (every change adds one more of it). */
async function roomiestVariant(origin: string): Promise<number> {
  const product = (await (await fetch(`${origin}${PRODUCT}.js`)).json()) as { variants: { id: number; inventory_quantity: number }[] };
  const best = product.variants.reduce((most, variant) => (variant.inventory_quantity > most.inventory_quantity ? variant : most));
  if (best.inventory_quantity < CHANGES) throw new Error(`no variant with ${CHANGES} in stock`);
  return best.id;
}

/** Main-thread milliseconds of each of `CHANGES` theme adds on a fresh page view. */
async function changesOnce(browser: Browser, origin: string, variantId: number, blocked: boolean): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (blocked) await context.route('**/vitrine.js', (route) => route.abort());
    const page = await context.newPage();
    await page.addInitScript(`window.__carts = 0; addEventListener('vitrine:cart-changed', () => window.__carts++);`);
    await page.goto(`${origin}${PRODUCT}?variant=${variantId}`, { waitUntil: 'load' });
    // Started: the commerce chunk's first cart read is done (blocked: nothing to wait for).
    if (!blocked)
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')));
    // The add-to-cart button search polls for 6 s after the product part starts: measured after it.
    await page.waitForTimeout(7000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskMs = async () =>
      1000 * ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN);
    const box = await page.locator(ADD_BUTTON).boundingBox();
    if (!box) throw new Error('no add-to-cart button');
    const times: number[] = [];
    for (let change = 1; change <= CHANGES; change++) {
      // The cart reads of this change: the theme's, and ours unless blocked.
      const reads = waitForCartReads(page, blocked ? 1 : 2);
      const before = await taskMs();
      // A mouse click straight through CDP: no injected script of Playwright's runs in the page.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await reads;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      times.push((await taskMs()) - before);
    }
    // Outside the measured windows: every change happened, and was announced unless blocked.
    const bubble = await page.evaluate(() => document.querySelector('#cart-icon-bubble .cart-count-bubble span')?.textContent);
    if (bubble !== String(CHANGES)) throw new Error(`the theme's cart bubble says ${bubble}, not ${CHANGES}`);
    const announced = await page.evaluate(() => (window as unknown as { __carts: number }).__carts);
    if (announced !== (blocked ? 0 : CHANGES)) throw new Error(`${announced} vitrine:cart-changed events for ${CHANGES} changes`);
    return times;
  } finally {
    await context.close();
  }
}

/** Resolves once `count` GET /cart.js answers have arrived. */
function waitForCartReads(page: Page, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onResponse = (response: { url(): string }) => {
      if (!response.url().endsWith('/cart.js') || ++seen < count) return;
      page.off('response', onResponse);
      resolve();
    };
    page.on('response', onResponse);
  });
}

/** A trace event as Chromium writes it (the fields used here). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { url?: string } }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/**
 * Each main-thread task of a trace (`RunTask`): its duration, and the time the sampling profiler
 * found each of our `files` running in it. A sample counts for the innermost frame of its stack
 * that is one of our files (our function calling the DOM or `JSON.parse` is ours; a theme's
 * listener running inside our dispatch is the theme's); module top-level code has its file's URL
 * too. Times in ms.
 */
function tasksByFile(events: TraceEvent[], files: string[]): { ms: number; own: Map<string, number> }[] {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  // The profile of the main thread: its start, then chunks of nodes, samples and time deltas.
  const profile = events.find((event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid);
  if (!profile) throw new Error('no CPU profile of the main thread in the trace');
  const parents = new Map<number, number | undefined>();
  const urls = new Map<number, string | undefined>();
  const stamps: { time: number; node: number }[] = [];
  let time = profile.args!.data!.startTime!;
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === main.pid && event.id === profile.id)) {
    for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) {
      parents.set(node.id, node.parent);
      urls.set(node.id, node.callFrame.url);
    }
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (chunk.args?.data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      time += deltas[index] ?? 0;
      stamps.push({ time, node });
    });
  }
  stamps.sort((a, b) => a.time - b.time);
  const fileOfNode = new Map<number, string | null>();
  const fileOf = (node: number): string | null => {
    if (!fileOfNode.has(node)) {
      const url = urls.get(node);
      const own = url ? files.find((file) => url.endsWith(`/${file}`)) : undefined;
      const parent = parents.get(node);
      fileOfNode.set(node, own ?? (parent === undefined ? null : fileOf(parent)));
    }
    return fileOfNode.get(node)!;
  };
  const tasks = events
    .filter((event) => event.tid === main.tid && event.pid === main.pid && event.ph === 'X' && event.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts);
  const result: { ms: number; own: Map<string, number> }[] = [];
  let sample = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const own = new Map<string, number>();
    while (sample < stamps.length && stamps[sample]!.time < task.ts) sample++;
    for (; sample < stamps.length && stamps[sample]!.time < end; sample++) {
      const file = fileOf(stamps[sample]!.node);
      const until = Math.min(stamps[sample + 1]?.time ?? end, end);
      if (file) own.set(file, (own.get(file) ?? 0) + (until - stamps[sample]!.time) / 1000);
    }
    if (own.size) result.push({ ms: task.dur! / 1000, own });
  }
  return result;
}

/** One traced page view at 4x CPU slowdown: load, a variant change, an add-to-cart. */
async function tracedPageView(browser: Browser, origin: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(`window.__variants = 0; addEventListener('vitrine:variant-changed', () => window.__variants++);`);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'],
    });
    await page.goto(`${origin}${PRODUCT}`, { waitUntil: 'load' });
    const quietly = { timeout: 60_000, polling: 500 };
    await page.waitForFunction(
      () =>
        (window as unknown as { __variants: number }).__variants > 0 &&
        performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/cart.js')),
      undefined,
      quietly,
    );
    // A variant change (the variant watcher) and an add-to-cart (the cart watcher, the box), as a
    // shopper makes them (keys and a click through CDP: no script of Playwright's in those tasks).
    await page.locator('variant-selects select').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => (window as unknown as { __variants: number }).__variants > 1, undefined, quietly);
    const box = await page.locator(ADD_BUTTON).boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.waitForFunction(
      () => !!document.querySelector('[data-vitrine-mount="cart-reserved"]')?.shadowRoot?.querySelector('[role="timer"]'),
      undefined,
      quietly,
    );
    // The add-to-cart button search polls for 6 s (20 x 300 ms): its last polls are in too.
    await page.waitForTimeout(7000);
    return (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await context.close();
  }
}

export const commerce: Benchmark = {
  name: 'commerce',
  skipFlag: '--skip-commerce',
  async run(ctx: BenchContext) {
    // 1. Bytes.
    const { files } = bundleSizes(ctx.distDir);
    const byName = (pattern: RegExp) => files.filter((size) => pattern.test(size.file));
    const commerceFiles = byName(COMMERCE_CHUNK);
    if (commerceFiles.length !== 3)
      throw new Error(`expected 3 commerce chunks, found ${commerceFiles.map((size) => size.file).join(', ')}`);
    const sizeRows = [...byName(/^vitrine\.js$/), ...commerceFiles].map((size) => [size.file, size.raw, size.gzip, size.brotli]);

    // 2. Main-thread time per cart change.
    const rounds = Math.max(ctx.runs, 3);
    const browser = await chromium.launch({ executablePath: ctx.chromePath, args: ctx.chromeFlags });
    const perChange: Record<Variant, number[]> = { blocked: [], watcher: [], default: [] };
    // One demo shop per settings: the default modules (blocked and default variants), modules [47].
    const defaultShop = await demoShop(ctx.distDir);
    const watcherShop = await demoShop(ctx.distDir, [47]);
    const shopOf = (variant: Variant) => (variant === 'watcher' ? watcherShop : defaultShop);
    const traces: TraceEvent[][] = [];
    try {
      const variantId = await roomiestVariant(defaultShop.origin);
      for (let round = 0; round < rounds; round++) {
        for (const variant of VARIANTS) {
          const times = await changesOnce(browser, shopOf(variant.name).origin, variantId, variant.name === 'blocked');
          perChange[variant.name].push(...times);
          ctx.log(`commerce round ${round + 1}/${rounds} ${variant.name}: median ${median(times).toFixed(2)} ms per change`);
        }
      }
      // 3. Long tasks at 4x slowdown (the default modules: everything a product page gets).
      for (let run = 0; run < rounds; run++) {
        traces.push(await tracedPageView(browser, defaultShop.origin));
        ctx.log(`commerce trace ${run + 1}/${rounds} done`);
      }
    } finally {
      await browser.close();
      await Promise.all([defaultShop.close(), watcherShop.close()]);
    }

    const blockedMedian = median(perChange.blocked);
    const changeRows = VARIANTS.map((variant) => {
      const value = median(perChange[variant.name]);
      return [
        variant.label,
        perChange[variant.name].length,
        value.toFixed(2),
        (value - blockedMedian).toFixed(2),
        `${(value / blockedMedian).toFixed(2)}x`,
      ];
    });

    // Our files in groups: the commerce chunks; the core chunk (its guarded callbacks include the
    // commerce services' timers and listeners, and every other widget's); the loader; the rest.
    const manifest = JSON.parse(readFileSync(join(ctx.distDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const ours = [...new Set(Object.values(manifest).map((entry) => entry.file))].filter((file) => file.endsWith('.js'));
    ours.push('vitrine.js');
    const groups: { label: string; test: (file: string) => boolean }[] = [
      { label: 'the commerce chunks (commerce, commerce.product, commerce.cart)', test: (file) => COMMERCE_CHUNK.test(file) },
      {
        label: 'the core chunk (shared code: guardWith, storage, settings helpers; the commerce services use it too)',
        test: (file) => /^chunks\/core-/.test(file),
      },
      { label: 'the loader (vitrine.js)', test: (file) => file === 'vitrine.js' },
      {
        label: 'the other chunks (widgets, framework)',
        test: (file) => file !== 'vitrine.js' && !/^chunks\/core-/.test(file) && !COMMERCE_CHUNK.test(file),
      },
    ];
    const perRun = traces.map((events) => tasksByFile(events, ours));
    const taskRows = groups.map((group) => {
      /** Per run: the group's most time in one task, and that task's length. */
      const worst = perRun.map((tasks) =>
        tasks
          .map((task) => ({ own: [...task.own].reduce((sum, [file, ms]) => (group.test(file) ? sum + ms : sum), 0), task: task.ms }))
          .reduce((most, next) => (next.own > most.own ? next : most), { own: 0, task: 0 }),
      );
      const over20 = perRun.reduce(
        (sum, tasks) =>
          sum + tasks.filter((task) => [...task.own].reduce((total, [file, ms]) => (group.test(file) ? total + ms : total), 0) > 20).length,
        0,
      );
      const top = worst.reduce((most, next) => (next.own > most.own ? next : most));
      return [group.label, median(worst.map((run) => run.own)).toFixed(1), top.own.toFixed(1), top.task.toFixed(1), over20];
    });

    return {
      tables: [
        {
          title: 'Commerce core bytes (dist/, gzip -9, brotli -q 11)',
          columns: ['file', 'raw', 'gzip', 'brotli'],
          rows: sizeRows,
          notes: [
            'commerce: every page with module 24 or 47 and every product page, when idle; commerce.product: product pages; commerce.cart: a widget’s first cart call.',
          ],
        },
        {
          title: `Main-thread time per cart change: the demo theme's add-to-cart, ${CHANGES} per page view x ${rounds} interleaved rounds (median ms of task time)`,
          columns: ['variant', 'changes', 'median ms', 'delta vs blocked', 'ratio vs blocked'],
          rows: changeRows,
          notes: [
            'Each change: a CDP mouse click on the add button, the theme fetching /cart/add.js and /cart.js and redrawing its cart bubble; with the script, the watcher reading /cart.js again and firing vitrine:cart-changed.',
            `Measured as the renderer's TaskDuration (Performance.getMetrics) from the click until ${QUIET_MS} ms after the last cart read answered.`,
            "The delta of 'the watcher alone' is the watcher's own cost per change (resource entry, one cart read, compare, store, event).",
          ],
        },
        {
          title: `Our main-thread time per task, demo product page at 4x CPU slowdown (load, a variant change, an add-to-cart; ${rounds} traced page views)`,
          columns: [
            'code',
            'most ms in one task (median of runs)',
            'most ms in one task (all runs)',
            'that whole task ms',
            'tasks with > 20 ms of it',
          ],
          rows: taskRows,
          notes: [
            "A file's time in a task: the CPU profiler's samples in the same trace whose innermost frame of ours is in that file (its top-level code, its functions, the DOM, JSON and other native work they call); not the style and layout the browser does after them.",
            "The whole task may hold the theme's own work too (its listener of the same event, the browser's rendering).",
          ],
        },
      ],
      data: { perChange, longestTasks: taskRows },
    };
  },
};
