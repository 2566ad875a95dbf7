import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '/work/main/test/browser/chromiumFlags.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
for (const block of [false, true]) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  if (block) await ctx.route(/vitrine\.js|\/vitrine\/chunks\//, (r) => r.abort());
  const page = await ctx.newPage();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.type() + ': ' + m.text()));
  page.on('request', (r) => { if (r.url().includes('sf/prs')) logs.push('req ' + r.url()); });
  await page.addInitScript(`window.__lcp=[];new PerformanceObserver((l)=>{for(const e of l.getEntries()){const el=e.element;window.__lcp.push({t:Math.round(e.startTime),size:e.size,el:el?(el.tagName+'.'+el.className+' '+(el.textContent||'').slice(0,40)):null})}}).observe({type:'largest-contentful-paint',buffered:true});`);
  await page.goto('http://localhost:8299/products/classic-cotton-tee');
  await page.waitForTimeout(5000);
  console.log(block ? 'without' : 'with', JSON.stringify(await page.evaluate('window.__lcp'), null, 0));
  console.log(logs.join('\n'));
  console.log(await page.evaluate(`performance.getEntriesByType('resource').filter(e=>e.name.includes('sf/prs')).map(e=>e.name+' '+e.initiatorType+' '+Math.round(e.startTime)).join('\\n')`));
  await ctx.close();
}
await browser.close();
