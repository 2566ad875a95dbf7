/**
 * Main reviews widget render time in Chromium for 20 and 100 reviews (issue item 10): the
 * production `reviews` chunk is imported into a plain product page and its `mount` is timed with
 * `performance.now()` inside the page, until every review card is in the shadow root, and until
 * the next frame (style and layout included). The review list comes from an in-page requester
 * (no network: only the widget's own work is timed); reviews have HTML text, a reply on every
 * fifth and photos on two in three (photo URLs answer a tiny SVG through a Playwright route).
 * 20 and 100 runs are interleaved; the ratio 100/20 is the number to watch (≈ 5 = linear).
 */
import type { Benchmark } from '../lib/benchmark.ts';
import { entryChunkUrl, inPageRounds, ORIGIN } from '../lib/inPageRounds.ts';
import { median } from '../lib/median.ts';

const SIZES = [20, 100] as const;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><meta property="og:title" content="Bench Tee"></head><body><main><div class="product" style="height:200px">Product</div></main></body></html>`;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#9ad"/></svg>';
type Phase = 'sync' | 'rendered' | 'frame';

/** Runs in the page (a string: no bundler helpers inside the page). Resolves the timings. */
const MEASURE = (chunk: string, reviewCount: number) => `(async () => {
  const widget = await import(${JSON.stringify(chunk)});
  const reviews = [];
  const perStar = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (let i = 0; i < ${reviewCount}; i++) {
    const stars = 5 - (i % 5 === 4 ? 3 : i % 3);
    perStar[stars]++;
    reviews.push({ id: i + 1, name: 'Shopper ' + i, stars, review: 'Lovely <b>soft</b> fabric, review number ' + i + '.<br>What I like:<ul><li>the fit</li><li>the colour</li></ul>', timestamp: Date.now() - i * 86400000,
      photos: i % 3 === 2 ? [] : Array.from({ length: 1 + (i % 5) }, (_, photo) => '/img/' + i + '-' + photo + '.svg'), verified: i % 2 === 0,
      reply: i % 5 === 0 ? 'Thank you, <b>' + i + '</b>!' : null, replyAuthor: 'Team' });
  }
  const stats = { r: ${reviewCount}, s: 4.1, d: perStar };
  const ctx = {
    settings: { shopId: 'bench', providerBase: '${ORIGIN}/api/', assetBase: '${ORIGIN}/vitrine/', lastUpdated: 1, colors: { starFront: '#fbda03', starBack: '#cecece', bars: '#fbda03', verified: '#00a332' },
      reviews: { initialCount: { desktop: ${reviewCount}, mobile: ${reviewCount} }, totalCount: { desktop: ${reviewCount}, mobile: ${reviewCount} }, showDates: true } },
    page: { pageType: 'product', localeRoot: '', productHandle: 'bench-tee', collectionHandle: null, store: { root: '' }, path: '/products/bench-tee', url: location.href },
    request: () => Promise.resolve({ reviews, total: ${reviewCount}, page: 1, pages: 1, stats }),
    report: (code, error) => { window.__benchError = String(error && error.message || error); },
    language: 'en',
    onRefresh: () => () => {},
    setCountryCode: () => {},
  };
  const host = document.createElement('div');
  host.style.minHeight = '360px';
  document.querySelector('main .product').after(host);
  let resolveRendered;
  const rendered = new Promise((resolve) => (resolveRendered = resolve));
  const t0 = performance.now();
  widget.mount(host, ctx);
  const t1 = performance.now();
  const renderedCards = () => host.shadowRoot.querySelectorAll('.card').length;
  if (renderedCards() >= ${reviewCount}) resolveRendered(performance.now());
  else {
    const observer = new MutationObserver(() => { if (renderedCards() >= ${reviewCount}) { observer.disconnect(); resolveRendered(performance.now()); } });
    observer.observe(host.shadowRoot, { childList: true, subtree: true });
  }
  const t2 = await rendered;
  const t3 = await new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  return { sync: t1 - t0, rendered: t2 - t0, frame: t3 - t0, cards: renderedCards(), error: window.__benchError || null };
})()`;

export const reviewsWidget: Benchmark = {
  name: 'reviewsWidget',
  skipFlag: '--skip-reviews',
  async run(ctx) {
    const chunkUrl = entryChunkUrl(ctx.distDir, 'reviews');
    const rounds = Math.max(5, ctx.runs);
    const results = await inPageRounds<Phase>(ctx, rounds, {
      sizes: SIZES,
      phases: ['sync', 'rendered', 'frame'],
      path: '/products/bench-tee',
      fulfil: (url) =>
        url.pathname.startsWith('/img/')
          ? { contentType: 'image/svg+xml', body: SVG }
          : { contentType: 'text/html; charset=utf-8', body: PAGE },
      measure: (size) => MEASURE(chunkUrl, size),
      check: (size, result) => {
        if (result.error) throw new Error(`reviews widget reported: ${String(result.error)}`);
        if (result.cards !== size) throw new Error(`${String(result.cards)} cards for ${size} reviews`);
      },
      label: 'reviews',
    });
    const med = (size: number, phase: Phase) => median(results[size]![phase]);
    const row = (label: string, phase: Phase) => {
      const at100 = med(100, phase);
      const at20 = med(20, phase);
      return [label, at20, at100, at20 > 0 ? `${(at100 / at20).toFixed(2)}x` : 'n/a'];
    };
    return {
      tables: [
        {
          title: `Main reviews widget render in Chromium (production chunk, median of ${rounds} interleaved rounds, ms)`,
          columns: ['phase (from mount)', '20 reviews', '100 reviews', 'ratio 100/20'],
          rows: [
            row('mount returns', 'sync'),
            row('all review cards rendered', 'rendered'),
            row('next frame (style + layout included)', 'frame'),
          ],
          notes: [
            "performance.now() inside the page around the production chunk's mount(); the review list comes from an in-page requester (no network).",
            'Every review shown (initialCount = totalCount = n); HTML bodies sanitized, replies on every 5th, photos on 2 of 3 reviews.',
            'A ratio near 5 means linear in the number of reviews.',
          ],
        },
      ],
      data: results,
    };
  },
};
