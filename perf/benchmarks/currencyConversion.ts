/**
 * Currency conversion speed in Chromium (issue item 7): the price converter of the currency
 * widget (`src/widgets/currency-converter/priceConverter.ts`, bundled as is) on a page of Dawn
 * product cards. Prints the time to convert 200 and 2,000 price nodes and their ratio (a linear
 * pass gives about 10x), and the time from adding 100 prices at once until all are converted
 * (the converter waits 500 ms for mutations to settle; the table also shows the time beyond that).
 * Variants are interleaved per round; medians of `runs` rounds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { Benchmark } from '../lib/benchmark.ts';
import { median } from '../lib/median.ts';
import { scaleTargets } from '../lib/scaleTargets.ts';

/** Bundles the converter and the money helpers into one classic script that sets `window.VC`. */
async function bundle(root: string, outDir: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const entry = join(outDir, 'currency-bench-entry.ts');
  writeFileSync(
    entry,
    `export { createPriceConverter, moneyParsers } from '${join(root, 'src/widgets/currency-converter/priceConverter.ts')}';\n` +
      `export { convert, formatConverted } from '${join(root, 'src/core/money.ts')}';\n`,
  );
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'VC', fileName: () => 'vc.js' } },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = (outputs[0] as { output: { type: string; code?: string }[] }).output.find((output) => output.type === 'chunk');
  if (!chunk?.code) throw new Error('currency benchmark: bundle failed');
  return chunk.code;
}

/** Page-side helpers (a string: no bundler helpers exist inside the page). */
const PAGE_HELPERS = `
window.card = (index) => '<li class="grid__item"><div class="card-information"><div class="price"><div class="price__container"><div class="price__regular"><span class="visually-hidden">Regular price</span><span class="price-item price-item--regular">$' + (1000 + index).toLocaleString('en-US') + '.' + String(index % 100).padStart(2, '0') + '</span></div></div></div></div></li>';
window.render = (cents, withCode) => { const converted = VC.convert(cents, 1, 0.86, 'EUR'); return VC.formatConverted(converted.value, converted.decimals, '€{{amount_with_comma_separator}}') + (withCode ? ' EUR' : ''); };
window.parsers = VC.moneyParsers('\${{amount}}', '\${{amount}} USD');
window.convertOnce = (count) => {
  document.body.innerHTML = '<ul id="grid">' + Array.from({ length: count }, (_, index) => card(index)).join('') + '</ul>';
  document.body.offsetHeight;
  const converter = VC.createPriceConverter({ parsers });
  const t0 = performance.now();
  converter.setRender(render);
  const t1 = performance.now();
  document.body.offsetHeight; // include the style/layout the writes cause
  const ms = performance.now() - t0;
  if (document.querySelectorAll('[data-vitrine-converted]').length !== count) throw new Error('not all converted');
  return [ms, t1 - t0];
};
// The mean of \`times\` passes: 200 prices take about a millisecond, near the timer's resolution.
window.convertMean = (count, times) => {
  let total = 0;
  let script = 0;
  for (let pass = 0; pass < times; pass++) {
    const [ms, ours] = convertOnce(count);
    total += ms;
    script += ours;
  }
  return [total / times, script / times];
};
window.reactTo100 = () => new Promise((resolve) => {
  document.body.innerHTML = '<ul id="grid">' + Array.from({ length: 200 }, (_, index) => card(index)).join('') + '</ul>';
  const converter = VC.createPriceConverter({ parsers });
  converter.setRender(render);
  converter.observe();
  const t0 = performance.now();
  document.getElementById('grid').insertAdjacentHTML('beforeend', Array.from({ length: 100 }, (_, index) => card(500 + index)).join(''));
  const poll = () => {
    if (document.querySelectorAll('[data-vitrine-converted]').length === 300) { const ms = performance.now() - t0; converter.destroy(); resolve(ms); }
    else requestAnimationFrame(poll);
  };
  poll();
});`;

export const currencyConversion: Benchmark = {
  name: 'currencyConversion',
  skipFlag: '--skip-currency',
  async run(ctx) {
    ctx.log('currency conversion: bundling the converter');
    const code = await bundle(ctx.root, ctx.outDir);
    const browser = await chromium.launch({ executablePath: ctx.chromePath, args: ctx.chromeFlags });
    const small: number[] = [];
    const large: number[] = [];
    /** The converter's own script time (the style/layout its writes cause left out). */
    const smallOurs: number[] = [];
    const largeOurs: number[] = [];
    const react: number[] = [];
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
      await page.addScriptTag({ content: code });
      await page.addScriptTag({ content: PAGE_HELPERS });
      await page.evaluate('convertOnce(200); convertOnce(2000)'); // warm-up (JIT)
      const rounds = Math.max(ctx.runs, 5);
      for (let round = 0; round < rounds; round++) {
        const [smallTotal, smallScript] = (await page.evaluate('convertMean(200, 10)')) as [number, number];
        const [largeTotal, largeScript] = (await page.evaluate('convertOnce(2000)')) as [number, number];
        small.push(smallTotal);
        large.push(largeTotal);
        smallOurs.push(smallScript);
        largeOurs.push(largeScript);
        react.push((await page.evaluate('reactTo100()')) as number);
        ctx.log(
          `currency conversion round ${round + 1}/${rounds}: 200 → ${small[round]!.toFixed(1)} ms, 2000 → ${large[round]!.toFixed(1)} ms, +100 → ${react[round]!.toFixed(0)} ms`,
        );
      }
    } finally {
      await browser.close();
    }
    const smallMedian = median(small);
    const largeMedian = median(large);
    const reactMedian = median(react);
    const ratio = smallMedian > 0 ? `${(largeMedian / smallMedian).toFixed(2)}x` : 'n/a';
    const ours = median(largeOurs);
    const growth = median(smallOurs) > 0 ? ours / median(smallOurs) : Number.NaN;
    return {
      tables: [
        {
          title: 'Currency conversion in Chromium (median ms)',
          columns: ['case', 'ms'],
          rows: [
            ['convert 200 price nodes', smallMedian],
            ['convert 2,000 price nodes', largeMedian],
            ['ratio 2,000 / 200 (linear ≈ 10x)', ratio],
            ['react to 100 prices added at once', reactMedian],
            ['  of which beyond the 500 ms debounce', reactMedian - 500],
          ],
          notes: [
            `${small.length} interleaved rounds after one warm-up (200 prices: the mean of 10 passes per round); each pass includes the forced style/layout its writes cause.`,
          ],
        },
        scaleTargets(
          'Currency conversion at scale against the targets (issue 13)',
          '2,000 prices',
          ours,
          '200 -> 2,000 prices',
          growth,
          "Our work: the converter's own script time (reading, converting and writing the prices); the browser's style and layout of the new texts, which any change of 2,000 texts costs, is in the table above.",
        ),
      ],
      data: { small, large, smallOurs, largeOurs, react, ratio: smallMedian > 0 ? largeMedian / smallMedian : null },
    };
  },
};
