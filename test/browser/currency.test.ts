/**
 * The currency converter (module 30) as a shopper meets it on the demo shop: production build,
 * real Chromium. Rates are the embedded snapshot (src/currency/rates.json: EUR 0.86, JPY 148.5,
 * KWD 0.3058 per USD); the provider serves the same snapshot.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  browserWithBackForwardCache,
  fulfillHtml,
  fulfillJson,
  problems,
  ROOT,
  startShop,
  type Shop,
  SHOWN_WITHIN_MS,
  withPage,
} from './harness';

let shop: Shop;
before(async () => {
  shop = await startShop();
});
after(async () => {
  await shop?.close();
});

const HOST = '[data-vitrine-mount="currency-converter"]';
const DIST = process.env.VITRINE_DIST_DIR ? resolve(process.env.VITRINE_DIST_DIR) : join(ROOT, 'dist');

/** Texts of every visible-price element (Dawn's `.price-item`, non-empty). */
const priceTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.price-item'))
      .map((e) => e.textContent!.trim())
      .filter(Boolean),
  );

/** Waits until the selector button shows (the converter chunk and its UI loaded). */
const selectorReady = (page: Page) => page.locator(`${HOST} .dd__button`).waitFor({ state: 'visible', timeout: SHOWN_WITHIN_MS });

async function choose(page: Page, code: string): Promise<void> {
  await selectorReady(page);
  await page.locator(`${HOST} .dd__button`).click();
  await page.locator(`${HOST} [role="option"]`, { hasText: `${code} –` }).click();
}

const waitForPrices = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    `Array.from(document.querySelectorAll('.price-item')).map((e) => e.textContent.trim()).filter(Boolean).every((t) => ${pattern}.test(t))`,
    undefined,
    { timeout: SHOWN_WITHIN_MS },
  );

describe('currency converter (module 30)', () => {
  test('choosing EUR on the collection page converts every price, later ones and the cart drawer too; switching back restores the exact text', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      const original = await priceTexts(o.page);
      assert.ok(original.length >= 10 && original.every((t) => t.includes('$')));
      await choose(o.page, 'EUR');
      await waitForPrices(o.page, /^(From )?€\d{1,3}(\.\d{3})*,\d\d$/);
      const tee = await o.page.locator('.price-item', { hasText: '€20,64' }).count(); // $24.00 × 0.86
      assert.ok(tee >= 1);
      // The notice explains the conversion.
      assert.match(await o.page.locator(`${HOST} .notice`).innerText(), /converted to EUR.*check out in USD/);

      // A card added later (infinite scroll) and Dawn's cart drawer, injected after the choice.
      await o.page.evaluate(`(() => {
        const li = document.createElement('li');
        li.className = 'grid__item';
        li.innerHTML = '<div class="card-information"><div class="price"><div class="price__container"><div class="price__regular"><span class="price-item price-item--regular">$10.00</span></div></div></div></div>';
        document.querySelector('#product-grid').appendChild(li);
        const drawer = document.createElement('cart-drawer');
        drawer.className = 'drawer';
        drawer.innerHTML = '<div class="drawer__inner"><table class="cart-items"><tbody><tr class="cart-item"><td class="cart-item__details"><div class="product-option">$24.00</div></td><td class="cart-item__totals right"><div class="cart-item__price-wrapper"><span class="price price--end">$48.00</span></div></td></tr></tbody></table><div class="totals"><h2 class="totals__total">Estimated total</h2><p class="totals__total-value">$48.00 USD</p></div></div>';
        document.body.appendChild(drawer);
      })()`);
      await o.page.waitForFunction(() => document.querySelector('.totals__total-value')?.textContent === '€41,28 EUR', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      const drawer = await o.page.evaluate(() => ({
        line: document.querySelector('cart-drawer .product-option')!.textContent,
        total: document.querySelector('cart-drawer .price')!.textContent,
        later: document.querySelector('#product-grid li:last-child .price-item')!.textContent,
      }));
      assert.deepEqual(drawer, { line: '€20,64', total: '€41,28', later: '€8,60' });

      await choose(o.page, 'USD');
      await o.page.waitForFunction(() => !document.querySelector('[data-vitrine-converted]'), undefined, { timeout: SHOWN_WITHIN_MS });
      assert.deepEqual((await priceTexts(o.page)).slice(0, original.length), original);
      assert.equal(await o.page.evaluate(() => document.querySelector('.totals__total-value')!.textContent), '$48.00 USD');
      assert.deepEqual(o.errors, []);
    });
  });

  test('cart page line prices and total are converted', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      await o.page.evaluate(async () => {
        const product = await (await fetch('/products/classic-cotton-tee.js')).json();
        await fetch('/cart/add.js', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: product.variants[0].id, quantity: 2 }),
        });
      });
      await o.page.goto(`${shop.origin}/cart?currency=EUR`);
      await o.page.waitForFunction(() => document.querySelector('.totals__total-value')?.textContent === '€41,28 EUR', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      const cart = await o.page.evaluate(() => ({
        unit: Array.from(document.querySelectorAll('.cart-item .product-option'))
          .map((e) => e.textContent)
          .pop(),
        line: document.querySelector('.cart-item__totals .price')!.textContent,
      }));
      assert.deepEqual(cart, { unit: '€20,64', line: '€41,28' });
    });
  });

  test('the choice survives a reload (cookie 365 days, SameSite strict)', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      await choose(o.page, 'EUR');
      await waitForPrices(o.page, /€/);
      const cookie = (await o.context.cookies()).find((c) => c.name === 'vitrine_currency');
      assert.equal(cookie?.value, 'EUR');
      assert.equal(cookie?.sameSite, 'Strict');
      assert.ok(Math.abs(cookie!.expires - (Date.now() / 1000 + 365 * 86400)) < 3600);
      await o.page.reload();
      await waitForPrices(o.page, /^(From )?€/);
      assert.match(await o.page.locator(`${HOST} .dd__button`).innerText(), /EUR/);
    });
  });

  test('a choice made on another page shows on Back, when the back-forward cache restores the page as it was', async () => {
    const browser = await browserWithBackForwardCache();
    try {
      await withPage({ ...shop, browser }, '/collections/all', async (o) => {
        await selectorReady(o.page);
        await waitForPrices(o.page, /\$/);
        await o.page.goto(`${shop.origin}/products/glass-water-bottle`);
        await choose(o.page, 'EUR');
        await waitForPrices(o.page, /€/);
        await o.page.goBack({ waitUntil: 'commit' });
        await waitForPrices(o.page, /^(From )?€/);
        assert.match(await o.page.locator(`${HOST} .dd__button`).innerText(), /EUR/);
        // Restored, not loaded again: the same document, which the converter followed.
        assert.equal(await o.page.evaluate(() => performance.getEntriesByType('navigation').length), 1);
        assert.equal(
          await o.page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type),
          'navigate',
        );
      });
    } finally {
      await browser.close();
    }
  });

  test('a variant change on the product page shows the new price in EUR', async () => {
    await withPage(shop, '/products/glass-water-bottle?currency=EUR', async (o) => {
      await o.page.waitForFunction(() => document.querySelector('.price-item--sale')?.textContent === '€24,94', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      await o.page.selectOption('variant-selects select', '750 ml');
      await o.page.waitForFunction(() => document.querySelector('.price__regular .price-item')?.textContent === '€29,24', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.equal(await o.page.evaluate(() => document.querySelector('.price-item--sale')!.textContent), '€29,24');
    });
  });

  test('?currency=JPY shows whole yen, ?currency=KWD three decimals', async () => {
    await withPage(shop, '/collections/all?currency=JPY', async (jpy) => {
      await waitForPrices(jpy.page, /^(From )?¥\d{1,3}(,\d{3})*$/);
      assert.ok((await priceTexts(jpy.page)).includes('¥3,564')); // $24.00 × 148.5
    });
    await withPage(shop, '/collections/all?currency=KWD', async (kwd) => {
      await waitForPrices(kwd.page, /^(From )?\d+\.\d{3} KD$/);
      assert.ok((await priceTexts(kwd.page)).includes('7.339 KD')); // $24.00 × 0.3058
    });
  });

  test('money formats written as HTML, as the platform keeps them: prices convert, the offer card shows text', async () => {
    const init = `window.vitrineSettings = { moneyFormat: '<span class=money>&#36;{{amount}}</span>', moneyWithCurrencyFormat: '<span class=money>&#36;{{amount}} USD</span>' };`;
    await withPage(
      shop,
      '/collections/all?currency=JPY',
      async (jpy) => {
        await waitForPrices(jpy.page, /^(From )?¥\d{1,3}(,\d{3})*$/);
        assert.ok((await priceTexts(jpy.page)).includes('¥3,564'));
        assert.deepEqual(problems(jpy), []);
      },
      { init },
    );
    await withPage(
      shop,
      '/products/classic-cotton-tee',
      async (o) => {
        const prices = o.page.locator('[data-vitrine-mount="offer-card"] .prices', { hasText: '$27.20' });
        await prices.waitFor({ timeout: SHOWN_WITHIN_MS });
        assert.match(await prices.innerText(), /^Offer price\s*\$27\.20\s*Regular price\s*\$32\.00\s*Was\s*\$40\.00\s*Save 15 %$/);
      },
      { init },
    );
  });

  test("a vintage free theme's product price (Supply: its own id, cents as a superscript) shows whole in EUR, and comes back", async () => {
    const html = readFileSync(join(ROOT, 'test/fixtures/product-pages/minimal-bare-h1.html'), 'utf8');
    const url = `${shop.origin}/products/classic-cotton-tee?fixture=minimal&currency=EUR`;
    const price = '[id^="productPrice"]';
    await withPage(
      shop,
      url,
      async (o) => {
        await o.page.locator(price, { hasText: '€' }).waitFor({ timeout: SHOWN_WITHIN_MS });
        const parts = () =>
          o.page.evaluate(
            (selector) =>
              Array.from(document.querySelector(selector)!.querySelectorAll('small, sup, .visually-hidden'), (e) => e.textContent),
            price,
          );
        assert.deepEqual(await parts(), ['€21,50', '', '€21,50']);
        await choose(o.page, 'USD');
        await o.page.locator(price, { hasText: '$' }).waitFor({ timeout: SHOWN_WITHIN_MS });
        assert.deepEqual(await parts(), ['$2500', '00', '$25.00']);
        assert.deepEqual(o.errors, []);
      },
      { routes: fulfillHtml(url, html) },
    );
  });

  // The product-card markup of public themes (test/fixtures/themes, the star snippets' fixtures):
  // Minimal, Narrative and Prestige kept their dollars when the list named classes one by one.
  test('every price of every theme fixture shows in EUR', async () => {
    const dir = join(ROOT, 'test/fixtures/themes');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      const html = readFileSync(join(dir, file), 'utf8');
      const dollars = html.match(/\$\d[\d,]*\.\d\d/g)!.length;
      const url = `${shop.origin}/__fixtures/themes/${file}?currency=EUR`;
      await withPage(
        shop,
        url,
        async (o) => {
          // Each text that shows money, outside scripts and our own hosts: none left in dollars.
          const texts = `Array.from(document.querySelectorAll('body *:not(script, style, [data-vitrine-mount])'), (e) => Array.from(e.childNodes, (n) => n.nodeType === 3 ? n.data : '').join('')).filter((t) => /[$€]\\s?\\d/.test(t))`;
          await o.page
            .waitForFunction(`${texts}.filter((t) => t.includes('€')).length === ${dollars}`, undefined, { timeout: SHOWN_WITHIN_MS })
            .catch(() => {});
          assert.deepEqual(
            ((await o.page.evaluate(texts)) as string[]).filter((t) => t.includes('$')),
            [],
            file,
          );
          assert.deepEqual(o.errors, [], file);
        },
        { routes: fulfillHtml(url, html) },
      );
    }
  });

  test('the selector works with the keyboard alone', async () => {
    await withPage(shop, '/collections/all', async (o) => {
      await selectorReady(o.page);
      let inside = false;
      for (let i = 0; i < 80 && !inside; i++) {
        await o.page.keyboard.press('Tab');
        inside = await o.page.evaluate(() => document.activeElement?.getAttribute('data-vitrine-mount') === 'currency-converter');
      }
      assert.ok(inside, 'Tab never reached the selector');
      const button = o.page.locator(`${HOST} .dd__button`);
      await o.page.keyboard.press('Enter');
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      await o.page.keyboard.press('Escape');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      await o.page.keyboard.press('Space');
      // Options: USD CAD AUD NZD GBP EUR; USD is selected: five steps down is EUR.
      for (let i = 0; i < 5; i++) await o.page.keyboard.press('ArrowDown');
      await o.page.keyboard.press('Enter');
      await waitForPrices(o.page, /€/);
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.equal(
        await o.page.evaluate(
          () =>
            (document.querySelector('[data-vitrine-mount="currency-converter"]')!.shadowRoot!.querySelector('select') as HTMLSelectElement)
              .value,
        ),
        'EUR',
      );
      await o.page.keyboard.press('ArrowUp');
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      await o.page.keyboard.press('Tab');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
    });
  });

  test('with the provider unreachable the converter works from the embedded rates', async () => {
    const unreachable = async (context: BrowserContext) => {
      await context.route('**/api/rates.json', (r) => r.abort());
      await context.route('**/api/get-country-code', (r) => r.abort());
    };
    await withPage(
      shop,
      '/collections/all?currency=EUR',
      async (o) => {
        await waitForPrices(o.page, /^(From )?€/);
        assert.ok((await priceTexts(o.page)).includes('€20,64'));
        assert.deepEqual(o.errors, []);
      },
      { routes: unreachable },
    );
  });

  test('fresher provider rates are used when they come', async () => {
    await withPage(
      shop,
      '/collections/all?currency=EUR',
      async (o) => {
        await o.page.waitForFunction(
          () => Array.from(document.querySelectorAll('.price-item')).some((e) => e.textContent === '€12,00'),
          undefined,
          { timeout: SHOWN_WITHIN_MS },
        );
        // $24.00 at the provider's 0.5 instead of the embedded 0.86.
        assert.ok((await priceTexts(o.page)).includes('€12,00'));
        assert.ok(!(await priceTexts(o.page)).includes('€20,64'));
        assert.deepEqual(o.errors, []);
      },
      { routes: fulfillJson('**/api/rates.json', { date: '2026-07-01', base: 'USD', rates: { EUR: 0.5 } }) },
    );
  });

  test('the provider serves rates with their date, cacheable for an hour', async () => {
    const res = await fetch(`${shop.origin}/api/rates.json`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600');
    const body = (await res.json()) as { date: string; rates: Record<string, number> };
    assert.match(body.date, /^\d{4}-\d\d-\d\d$/);
    assert.equal(body.rates.EUR, 0.86);
  });

  test('axe finds nothing in the selector (closed and open)', async () => {
    await withPage(shop, '/collections/all?currency=EUR', async (o) => {
      await selectorReady(o.page);
      await o.page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
      const run = `axe.run(document.querySelector('${HOST}')).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.html).join(' | ')))`;
      assert.deepEqual(await o.page.evaluate(run), []);
      await o.page.locator(`${HOST} .dd__button`).click();
      assert.deepEqual(await o.page.evaluate(run), []);
    });
  });

  test('the chunk loads at idle, off the critical path; the currency data is not in the loader', async () => {
    const loader = readFileSync(join(DIST, 'vitrine.js'), 'utf8');
    assert.equal(loader.includes('UAE Dirham'), false);
    assert.equal(loader.includes('"AED"'), false);
    await withPage(shop, '/collections/all', async (o) => {
      await selectorReady(o.page);
      const timing = await o.page.evaluate(() => {
        const chunk = performance.getEntriesByType('resource').find((e) => e.name.includes('/chunks/currency-converter-'))!;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { chunkStart: chunk.startTime, domContentLoaded: nav.domContentLoadedEventEnd };
      });
      assert.ok(timing.chunkStart >= timing.domContentLoaded, JSON.stringify(timing));
      // The flag sprite is a hashed asset next to the chunks, loaded with the selector.
      const sprite = o.requests.find((u) => /\/vitrine\/chunks\/flags-[\w-]+\.svg$/.test(u));
      assert.ok(sprite, o.requests.join('\n'));
      assert.equal((await fetch(sprite!)).status, 200);
      assert.deepEqual(problems(o), []);
    });
  });
});

/**
 * The platform's own multi-currency (markets): the demo shop shows every price in the market
 * currency of the shopper's country (`localization` cookie: ES → EUR, GB → GBP, at the embedded
 * rates) and its globals say so (`Shopify.currency.active`/`rate`), as a shop on the platform's
 * Markets does.
 */
describe('currency converter on a platform market currency', () => {
  /** A context whose shopper is in `country`; `rate` replaces the platform rate the page states. */
  async function openMarket(country: string, opts: { rate?: number; query?: string; path?: string } = {}) {
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'localization', value: country, url: shop.origin }]);
    if (opts.rate !== undefined) {
      await context.route(`${shop.origin}/collections/all*`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /"currency":\{"active":"(\w+)","rate":"[\d.]+"\}/,
          `"currency":{"active":"$1","rate":"${opts.rate}"}`,
        );
        await route.fulfill({ response, body });
      });
    }
    const page = await context.newPage();
    const posts: string[] = [];
    const logs: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/localization') && posts.push(r.postData() ?? ''));
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${shop.origin}${opts.path ?? '/collections/all'}${opts.query ?? ''}`);
    return { context, page, posts, console: logs, errors };
  }

  const active = (page: Page) => page.evaluate(`window.Shopify.currency.active`);

  test('converts from the market currency at the platform rate, and moves the market with a localization post (once per hour)', async () => {
    const m = await openMarket('ES');
    try {
      assert.equal(await active(m.page), 'EUR');
      // No interaction needed: a market currency other than the shop's loads the converter at idle.
      await selectorReady(m.page);
      assert.ok((await priceTexts(m.page)).includes('€20,64')); // $24.00 as the EUR market shows it
      await choose(m.page, 'GBP');
      // The platform is asked to move the shopper to the GBP market and serves the page again.
      await m.page.waitForFunction(`window.Shopify && window.Shopify.currency.active === 'GBP'`, undefined, { timeout: SHOWN_WITHIN_MS });
      assert.equal(m.posts.length, 1);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(m.posts[0])), {
        form_type: 'localization',
        utf8: '✓',
        _method: 'put',
        return_to: '/collections/all',
        country_code: 'GB',
      });
      assert.equal(m.page.url(), `${shop.origin}/collections/all`);
      // Now the platform shows pounds itself: the converter leaves its prices alone.
      await selectorReady(m.page);
      assert.ok((await priceTexts(m.page)).includes('£17.76'));
      assert.equal(await m.page.evaluate(`document.querySelectorAll('[data-vitrine-converted]').length`), 0);

      // Within the hour, another choice converts in the page and posts nothing:
      // £17.76 ÷ 0.74 = $24.00 × 0.86 = €20,64, through the shop currency at the platform's rate.
      await choose(m.page, 'EUR');
      await waitForPrices(m.page, /^(From )?€\d{1,3}(\.\d{3})*,\d\d$/);
      assert.ok((await priceTexts(m.page)).includes('€20,64'));
      await m.page.waitForTimeout(300);
      assert.equal(m.posts.length, 1);
      assert.deepEqual(m.errors, []);
    } finally {
      await m.context.close();
    }
  });

  test('a variant change in the GBP market: the theme writes pounds, the shopper sees euros', async () => {
    // glass-water-bottle: $29.00 / 750 ml $34.00 → £21.46 / £25.16 in the GBP market → €24,94 / €29,24.
    const m = await openMarket('GB', { path: '/products/glass-water-bottle', query: '?currency=EUR' });
    try {
      await m.page.waitForFunction(() => document.querySelector('.price-item--sale')?.textContent === '€24,94', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      await m.page.selectOption('variant-selects select', '750 ml');
      await m.page.waitForFunction(() => document.querySelector('.price-item--sale')?.textContent === '€29,24', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      // Back to the market's own currency: the theme's latest text, exactly.
      await choose(m.page, 'GBP');
      await m.page.waitForFunction(() => document.querySelector('.price-item--sale')?.textContent === '£25.16', undefined, {
        timeout: SHOWN_WITHIN_MS,
      });
      assert.deepEqual(m.errors, []);
    } finally {
      await m.context.close();
    }
  });

  test('a platform rate far from ours is reported as a currency mismatch; the stated one is not', async () => {
    const far = await openMarket('ES', { rate: 0.5, query: '?vtl-cse=1' });
    const stated = await openMarket('ES', { query: '?vtl-cse=1' });
    try {
      await Promise.all([selectorReady(far.page), selectorReady(stated.page)]);
      const line = (c: string[]) => c.find((l) => l.includes('[Vitrine] 3393'));
      assert.ok(line(far.console), far.console.join('\n'));
      assert.equal(line(stated.console), undefined, stated.console.join('\n'));
      // Prices are never blanked by the report.
      assert.ok((await priceTexts(far.page)).every((t) => /€\d/.test(t)));
    } finally {
      await far.context.close();
      await stated.context.close();
    }
  });
});
