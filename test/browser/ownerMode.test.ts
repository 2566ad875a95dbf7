/**
 * Owner mode on the demo shop (production build, real Chromium): the theme editor's badge,
 * notice and outlines, its section and block events, the move dialog, and nothing of it for
 * shoppers.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, startShop, type Shop, SHOWN_WITHIN_MS, withPage } from './harness';

let shop: Shop;
before(async () => {
  // The outlines and moves include our product stars line: the theme's own rating (which replaces it) is off.
  shop = await startShop({ showRating: false });
});
after(async () => {
  await shop?.close();
});

const PRODUCT = '/products/classic-cotton-tee';
const ev = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;
const until = (page: Page, expression: string) => page.waitForFunction(expression, undefined, { timeout: SHOWN_WITHIN_MS });
/** The editor layer's shadow root, as an expression. */
const LAYER = `document.querySelector('[data-vitrine-editor]')?.shadowRoot`;
/** The reviews widget rendered its summary in `host`. */
const reviewsShown = (host: string) => `!!${host}?.shadowRoot?.querySelector('[role="list"], h2')`;

describe('owner mode: the theme editor', () => {
  test('badge with the placement notice, and an outline with a header over each movable widget', async () => {
    await withPage(shop, `${PRODUCT}?design_mode=1`, async ({ page, errors }) => {
      await until(
        page,
        `document.querySelector('[data-vitrine-mount="preview-badge"]')?.shadowRoot?.textContent?.includes('placed automatically')`,
      );
      await until(page, `${LAYER}?.querySelectorAll('.outline').length >= 2`);
      const heads = await ev<string[]>(
        page,
        `[...${LAYER}.querySelectorAll('.head')].map((head) => head.getAttribute('aria-label') + ' / ' + head.querySelector('button').getAttribute('aria-label'))`,
      );
      assert.ok(heads.includes('Vitrine: Reviews / Move Reviews'), heads.join());
      assert.ok(heads.includes('Vitrine: Star rating / Move Star rating'), heads.join());
      // The outline sits over the widget, and follows it when the page above it grows (the
      // widgets render); the layer takes no space (nothing shifts).
      const fits = `(() => { const host = document.querySelector('[data-vitrine-mount="reviews"]').getBoundingClientRect(); const outline = [...${LAYER}.querySelectorAll('.outline')].find((o) => o.querySelector('.head').getAttribute('aria-label') === 'Vitrine: Reviews').getBoundingClientRect(); return Math.abs(outline.top - host.top) < 1 && Math.abs(outline.left - host.left) < 1 && Math.abs(outline.width - host.width) < 1; })()`;
      await until(page, fits);
      await page.evaluate(`window.scrollTo(0, 400)`);
      await until(page, fits);
      const fit = { layer: await ev<string>(page, `getComputedStyle(document.querySelector('[data-vitrine-editor]')).position`) };
      assert.equal(fit.layer, 'fixed');
      assert.deepEqual(errors, []);
    });
  });

  test('a section reload: unload unmounts its widgets, load mounts them again exactly once', async () => {
    await withPage(shop, `${PRODUCT}?design_mode=1`, async ({ page, errors }) => {
      const host = `document.querySelector('[data-vitrine-mount="reviews"]')`;
      await until(page, `!!${host}`);
      await page.evaluate(`${host}.scrollIntoView()`);
      await until(page, reviewsShown(host));
      await until(page, `!!${LAYER}`);
      // What the platform does: `unload` on the old section, the section's fresh HTML (without our
      // mount points) in its place, then `load` on the new one.
      await page.evaluate(`(() => {
        const old = ${host}.closest('.shopify-section');
        window.__oldHost = ${host};
        old.dispatchEvent(new CustomEvent('shopify:section:unload', { bubbles: true, detail: { sectionId: 'main' } }));
        const fresh = old.cloneNode(true);
        fresh.querySelectorAll('[data-vitrine-mount]').forEach((element) => element.remove());
        old.replaceWith(fresh);
        fresh.dispatchEvent(new CustomEvent('shopify:section:load', { bubbles: true, detail: { sectionId: 'main' } }));
      })()`);
      // The old widget was unmounted (its shadow root emptied by its unmount function).
      assert.equal(await ev<number>(page, `window.__oldHost.shadowRoot.querySelectorAll('[role="list"], h2').length`), 0);
      await page.evaluate(`${host}.scrollIntoView()`);
      await until(page, reviewsShown(host));
      assert.equal(await ev<number>(page, `document.querySelectorAll('[data-vitrine-mount="reviews"]').length`), 1);
      assert.deepEqual(errors, []);
    });
  });

  test("the demo editor's section reload (Section Rendering API), app blocks included: every widget of the section mounts again exactly once", async () => {
    await withPage(shop, `${PRODUCT}?view=blocks&design_mode=1`, async ({ page, errors }) => {
      const host = `document.querySelector('[data-vitrine-block="reviews"] [data-vitrine-mount="reviews"]')`;
      // The mount point comes with the loader's second stage, after the page's first paint.
      await until(page, `!!${host}`);
      await page.evaluate(`${host}.scrollIntoView()`);
      await until(page, reviewsShown(host));
      // The editor's tools attach at idle (the owner reloads a section later than that).
      await until(page, `!!${LAYER}`);
      await page.evaluate(`window.__oldHost = ${host}; window.__vitrineDemoEditor.reloadSection('template--1__main')`);
      await until(page, `!!${host} && ${host} !== window.__oldHost`);
      await page.evaluate(`${host}.scrollIntoView()`);
      await until(page, reviewsShown(host));
      assert.equal(await ev<number>(page, `window.__oldHost.shadowRoot.querySelectorAll('[role="list"], h2').length`), 0);
      assert.equal(await ev<number>(page, `document.querySelectorAll('[data-vitrine-mount="reviews"]').length`), 1);
      await until(
        page,
        `document.querySelectorAll('.vitrine-stars--product').length === 1 && !!document.querySelector('[data-vitrine-block="stars"] .vitrine-stars--product')`,
      );
      assert.deepEqual(errors, []);
    });
  });

  test('a selected block of ours scrolls into view', async () => {
    await withPage(shop, `${PRODUCT}?design_mode=1`, async ({ page }) => {
      await until(page, `!!${LAYER}`);
      await page.evaluate(`window.scrollTo(0, 0)`);
      await page.evaluate(
        `document.querySelector('[data-vitrine-mount="reviews"]').dispatchEvent(new CustomEvent('shopify:block:select', { bubbles: true, detail: { blockId: 'b', sectionId: 's', load: false } }))`,
      );
      await until(
        page,
        `(() => { const r = document.querySelector('[data-vitrine-mount="reviews"]').getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })()`,
      );
    });
  });

  test('the move dialog: keyboard reachable, focus kept inside, Escape closes it, selectors checked on the page; axe finds nothing', async () => {
    await withPage(shop, `${PRODUCT}?design_mode=1`, async ({ page }) => {
      await until(page, `${LAYER}?.querySelectorAll('.outline').length >= 2`);
      const move = `[...${LAYER}.querySelectorAll('.head button')].find((b) => b.getAttribute('aria-label') === 'Move Reviews')`;
      await page.evaluate(`${move}.focus()`);
      await page.keyboard.press('Enter');
      await until(page, `${LAYER}.activeElement?.id === 'vtl-selector'`);
      assert.equal(await ev<string>(page, `${LAYER}.querySelector('[role="dialog"]').getAttribute('aria-modal')`), 'true');
      // Tab cycles inside the dialog.
      for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
      assert.ok(await ev<boolean>(page, `${LAYER}.querySelector('[role="dialog"]').contains(${LAYER}.activeElement)`));
      // Checked on the page before anything is sent.
      const say = async (selector: string) => {
        await page.evaluate(
          `(() => { const input = ${LAYER}.querySelector('#vtl-selector'); input.value = ${JSON.stringify(selector)}; input.focus(); })()`,
        );
        await page.keyboard.press('Enter');
        return ev<string>(page, `${LAYER}.querySelector('.status').textContent`);
      };
      assert.equal(await say('div[[['), 'This is not a CSS selector.');
      assert.equal(await say('.no-such-element-anywhere'), 'This selector matches nothing on this page.');
      assert.equal(await say('[data-vitrine-mount="reviews"]'), 'Pick an element of the theme, not one inside a Vitrine widget.');
      await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
      const violations = await ev<string[]>(
        page,
        `axe.run({ include: [['[data-vitrine-editor]'], ['[data-vitrine-mount="preview-badge"]']] }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
      );
      assert.deepEqual(violations, []);
      await page.keyboard.press('Escape');
      assert.equal(await ev<number>(page, `${LAYER}.querySelectorAll('[role="dialog"]').length`), 0);
      assert.equal(await ev<string>(page, `${LAYER}.activeElement?.getAttribute('aria-label')`), 'Move Reviews');
    });
  });

  test('picking on the page: the click names the element and the theme does not act on it', async () => {
    await withPage(shop, `${PRODUCT}?design_mode=1`, async ({ page }) => {
      await until(page, `${LAYER}?.querySelectorAll('.outline').length >= 2`);
      await page.evaluate(
        `[...${LAYER}.querySelectorAll('.head button')].find((b) => b.getAttribute('aria-label') === 'Move Reviews').click()`,
      );
      await page.evaluate(`${LAYER}.querySelector('.pick').click()`);
      await until(page, `!!${LAYER}.querySelector('.banner')`);
      const url = page.url();
      // A link of the theme: picked, not followed.
      await page.evaluate(`document.querySelector('.header__inline-menu a[href]').scrollIntoView()`);
      await page.click('.header__inline-menu a[href]');
      await until(page, `${LAYER}.querySelector('#vtl-selector')?.value !== ''`);
      assert.equal(page.url(), url);
      const picked = await ev<string>(page, `${LAYER}.querySelector('#vtl-selector').value`);
      assert.equal(
        await ev<boolean>(
          page,
          `document.querySelector(${JSON.stringify(picked)}) === document.querySelector('.header__inline-menu a[href]')`,
        ),
        true,
        picked,
      );
    });
  });
});

describe('owner mode: moving a widget', () => {
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
  const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
  const desktop = { userAgent: DESKTOP };
  const phone = { userAgent: PHONE, viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } };

  /** In the editor: Move Reviews, `selector` and `alignment`, Save; the status it ends with. */
  const moveReviews = (selector: string, alignment: string, options: object) =>
    withPage(
      shop,
      `${PRODUCT}?design_mode=1`,
      async ({ page }) => {
        await until(page, `${LAYER}?.querySelectorAll('.outline').length >= 2`);
        await page.evaluate(
          `[...${LAYER}.querySelectorAll('.head button')].find((b) => b.getAttribute('aria-label') === 'Move Reviews').click()`,
        );
        await page.evaluate(
          `(() => { const root = ${LAYER}; root.querySelector('#vtl-selector').value = ${JSON.stringify(selector)}; root.querySelector('#vtl-alignment').value = ${JSON.stringify(alignment)}; root.querySelector('button[type="submit"]').click(); })()`,
        );
        await until(page, `/Saved|could not|token|expired|selector/i.test(${LAYER}.querySelector('.status').textContent)`);
        return ev<string>(page, `${LAYER}.querySelector('.status').textContent`);
      },
      options,
    );

  /** How many placement reports named `id`, as the provider counted them (the owner's view of them). */
  const reported = async (id: string): Promise<number> => {
    const token = readFileSync(join(shop.dataDir, 'admin-token'), 'utf8').trim();
    const answer = await fetch(`${shop.origin}/api/admin/demo/placements`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { reports: { totals: Record<string, number> } }).reports.totals[id] ?? 0;
  };

  /** A shopper's view: where the reviews widget's mount point went, once the page's placement report was counted. */
  const shopperView = async (options: object, expected: string) => {
    const before = await reported(expected);
    const placement = await withPage(
      shop,
      PRODUCT,
      async ({ page }) => {
        await until(page, `!!document.querySelector('[data-vitrine-mount="reviews"]')`);
        const where = await ev<{ placement: string; next: string }>(
          page,
          `(() => { const host = document.querySelector('[data-vitrine-mount="reviews"]'); return { placement: host.getAttribute('data-vitrine-placement'), next: host.nextElementSibling?.className ?? '' }; })()`,
        );
        // The report leaves with tracking (in the reporting chunk, at idle) when the page is first
        // hidden or left: once tracking has spoken (its page view), leave, and wait until the
        // provider counted it.
        await until(page, `performance.getEntriesByType('resource').some((entry) => /\\/api\\/track$/.test(entry.name))`);
        await page.goto('about:blank');
        for (let tries = 0; tries < 150 && where.placement === expected && (await reported(expected)) === before; tries++) {
          await page.waitForTimeout(100);
        }
        return where;
      },
      options,
    );
    return { ...placement, counted: (await reported(expected)) - before };
  };

  test('saved per device with update-selector and the editor token; the next view mounts it there, desktop and phone apart; the placement report names it', async () => {
    const before = await shopperView(desktop, 'product');
    assert.equal(before.placement, 'product');
    assert.equal(before.counted, 1, 'one placement report naming the theme default');

    assert.equal(
      await moveReviews('.product__description', 'before', desktop),
      'Saved. Reviews moves there on the next page view (desktop).',
    );
    const moved = await shopperView(desktop, 'owner-4-d');
    assert.deepEqual([moved.placement, moved.next], ['owner-4-d', 'product__description rte']);
    assert.equal(moved.counted, 1, "one placement report naming the owner's placement");
    // Phones keep the theme's place until the owner moves it there too.
    assert.equal((await shopperView(phone, 'product')).placement, 'product');

    assert.equal(await moveReviews('.product__title', 'after', phone), 'Saved. Reviews moves there on the next page view (mobile).');
    assert.equal((await shopperView(phone, 'owner-4-m')).placement, 'owner-4-m');
    assert.equal((await shopperView(desktop, 'owner-4-d')).placement, 'owner-4-d');
  });

  test("the provider's refusal is shown as it words it", async () => {
    // Valid CSS that finds the title on the page, but names one of our classes: the provider says no.
    const status = await moveReviews('.product__title:not(.vtl-x)', 'after', desktop);
    assert.match(status, /vtl-x/);
    assert.match(status, /Vitrine widget/);
  });
});

describe('owner mode: shoppers', () => {
  test('the same page outside the editor shows no owner element', async () => {
    await withPage(shop, PRODUCT, async ({ page }) => {
      const host = `document.querySelector('[data-vitrine-mount="reviews"]')`;
      await until(page, `!!${host}`);
      await page.evaluate(`${host}.scrollIntoView()`);
      await until(page, reviewsShown(host));
      await page.waitForTimeout(1000);
      assert.equal(
        await ev<number>(page, `document.querySelectorAll('[data-vitrine-editor], [data-vitrine-mount="preview-badge"]').length`),
        0,
      );
      assert.equal(
        await ev<boolean>(page, `[...document.querySelectorAll('script[src]')].some((s) => s.src.includes('preview-badge'))`),
        false,
      );
      assert.equal(await ev<boolean>(page, `performance.getEntriesByType('resource').some((e) => /preview-badge/.test(e.name))`), false);
    });
  });
});

describe('owner mode: the demo shop’s sign-in (the platform’s login in front of design mode)', () => {
  test('axe finds nothing on it, before and after a wrong token; from the keyboard alone the owner signs in and comes back in design mode', async () => {
    const back = `${PRODUCT}?design_mode=1`;
    await withPage(shop, `/admin/sign-in?return_to=${encodeURIComponent(back)}`, async ({ page, errors }) => {
      const axe = async () => {
        await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
        return ev<string[]>(
          page,
          `axe.run(document).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.html).join(' | ')))`,
        );
      };
      assert.deepEqual(await axe(), []);
      await page.keyboard.press('Tab');
      assert.equal(await ev<string>(page, 'document.activeElement.id'), 'token');
      await page.keyboard.type('not-the-token-'.repeat(3));
      await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
      await until(page, `document.querySelector('[role="alert"]')?.textContent.includes('not the demo shop')`);
      assert.deepEqual(await axe(), []);
      await page.keyboard.press('Tab');
      assert.equal(await ev<string>(page, 'document.activeElement.id'), 'token');
      await page.keyboard.type(readFileSync(join(shop.dataDir, 'admin-token'), 'utf8').trim());
      await Promise.all([page.waitForURL(`**${back}`), page.keyboard.press('Enter')]);
      await until(page, `!!document.querySelector('[data-vitrine-editor]')`);
      assert.deepEqual(errors, []);
    });
  });
});
