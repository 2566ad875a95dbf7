/**
 * The product-form fixtures (test/fixtures/product-forms: 8 themes' product pages, each with a
 * stand-in for its theme's variant script) in jsdom, scripts running: the page's product data,
 * then the selected variant on load and after every option change of the manifest, read with the
 * page's own data and with the full product JSON (what the JSON fallback gives), with the URL
 * the theme keeps and without it (so the later rules are checked too). The same pages run in
 * Chromium in test/browser/commerce.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { readPageProduct } from '../../../src/core/pageProduct';
import { normalizeProduct, type Product } from '../../../src/core/productData';
import { findProductForm, resolveSelectedVariant, type VariantRule } from '../../../src/core/selectedVariant';
import { findAtcButton } from '../../../src/core/atcButton';

const DIR = join(import.meta.dirname, '../../fixtures/product-forms');

interface Change {
  action: 'click' | 'select';
  selector: string;
  value?: string;
  expectVariantId: number;
}
interface Fixture {
  file: string;
  theme: string;
  atcButton: string;
  productForm: string;
  initialVariantId: number;
  async: boolean;
  changes: Change[];
}
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { fixtures: Fixture[] };

/** The full product JSON of the fixture product (Debut prints `{{ product | json }}`). */
const JSON_PRODUCT: Product = (() => {
  const dom = new JSDOM(readFileSync(join(DIR, 'debut.html'), 'utf8'));
  const result = normalizeProduct(JSON.parse(dom.window.document.querySelector('[id^="ProductJson"]')!.textContent!));
  if (!result.ok) throw new Error('fixture product JSON rejected');
  return result.product;
})();

/** What each page holds itself: a complete product (theme JSON) or the analytics metadata only. */
const PAGE_DATA: Record<string, { complete: boolean; initialRule: VariantRule }> = {
  'dawn.html': { complete: false, initialRule: 'theme' },
  'horizon.html': { complete: false, initialRule: 'theme' },
  'horizon-3.html': { complete: false, initialRule: 'theme' },
  'sense.html': { complete: true, initialRule: 'idField' },
  'debut.html': { complete: true, initialRule: 'idField' },
  'simple.html': { complete: true, initialRule: 'idField' },
  'brooklyn.html': { complete: false, initialRule: 'idField' },
  'impulse.html': { complete: true, initialRule: 'idField' },
};

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('product-form fixtures (jsdom, theme scripts running)', () => {
  test('the manifest covers the 8 themes', () => {
    expect(manifest.fixtures.map((fixture) => fixture.file).sort()).toEqual(Object.keys(PAGE_DATA).sort());
  });

  for (const fixture of manifest.fixtures) {
    test(`${fixture.theme}: page data, form, button, and the selected variant on load and after each change`, async () => {
      const dom = new JSDOM(readFileSync(join(DIR, fixture.file), 'utf8'), {
        url: 'https://vitrine-demo.example/products/classic-cotton-tee',
        runScripts: 'dangerously',
        pretendToBeVisual: true,
        // Debut marks a performance entry; jsdom has no User Timing.
        beforeParse: (window) => void (window.performance.mark = () => ({}) as PerformanceMark),
      });
      const win = dom.window;
      await settle(20); // DOMContentLoaded handlers (Brooklyn's jQuery ready)
      const doc = win.document;

      const onPage = readPageProduct(win, 'classic-cotton-tee');
      if (onPage.kind !== 'found') throw new Error(`no page product: ${onPage.kind}`);
      expect(onPage.product.complete).toBe(PAGE_DATA[fixture.file].complete);
      expect(onPage.product.variants.map((variant) => variant.id)).toEqual(JSON_PRODUCT.variants.map((variant) => variant.id));
      expect(onPage.product).toMatchObject({ id: 7000000001000, handle: 'classic-cotton-tee', title: 'Classic Cotton Tee' });

      expect(findProductForm(doc)).toBe(doc.querySelector(fixture.productForm));
      expect(findAtcButton(doc)).toBe(doc.querySelector(fixture.atcButton));

      const check = (expected: number, when: string) => {
        for (const product of [onPage.product, JSON_PRODUCT]) {
          const label = `${when}, ${product.complete ? 'product JSON' : 'page data'}`;
          expect(resolveSelectedVariant(product, doc, win.location.href).variant.id, label).toBe(expected);
          expect(
            resolveSelectedVariant(product, doc, 'https://vitrine-demo.example/products/classic-cotton-tee').variant.id,
            `${label}, no URL`,
          ).toBe(expected);
          expect(resolveSelectedVariant(product, doc, win.location.href).unknownId, label).toBeNull();
        }
      };
      check(fixture.initialVariantId, 'on load');
      expect(resolveSelectedVariant(JSON_PRODUCT, doc, win.location.href).rule).toBe(PAGE_DATA[fixture.file].initialRule);

      for (const [index, change] of fixture.changes.entries()) {
        const target = doc.querySelector<HTMLElement>(change.selector)!;
        if (change.action === 'click') target.click();
        else {
          (target as HTMLSelectElement).value = change.value!;
          target.dispatchEvent(new win.Event('change', { bubbles: true }));
        }
        await settle(fixture.async ? 80 : 5);
        check(change.expectVariantId, `change ${index + 1} (${change.selector})`);
      }
      win.close();
    });
  }
});
