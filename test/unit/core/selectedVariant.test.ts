// @vitest-environment jsdom
/**
 * The selected variant (spec §4): each rule of the resolution order on a small page, and the
 * traps of real themes (test/fixtures/product-forms/README.md). The fixture pages themselves are
 * in productForms.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { normalizeProduct, type Product } from '../../../src/core/productData';
import { findProductForm, resolveSelectedVariant } from '../../../src/core/selectedVariant';

const variant = (id: number, option1: string, option2: string | null = null) => ({
  id,
  title: [option1, option2].filter(Boolean).join(' / '),
  option1,
  option2,
  price: 1000,
  available: true,
});
const productOf = (raw: unknown): Product => {
  const result = normalizeProduct(raw);
  if (!result.ok) throw new Error(result.reason);
  return result.product;
};
const TEE = productOf({
  id: 1,
  handle: 'tee',
  options: ['Size', 'Color'],
  variants: [variant(11, 'S', 'White'), variant(12, 'S', 'Black'), variant(13, 'M', 'White'), variant(14, 'M', 'Black')],
});
const URL_PLAIN = 'https://shop.example/products/tee';

const page = (html: string) => {
  document.body.innerHTML = html;
  return document;
};
const resolve = (html: string, url = URL_PLAIN, product = TEE) => resolveSelectedVariant(product, page(html), url);
const picked = (html: string, url?: string) => {
  const { variant: chosen, rule } = resolve(html, url);
  return [chosen.id, rule];
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('resolution order (spec §4)', () => {
  test('1. a product with one variant', () => {
    const single = productOf({ id: 2, variants: [{ id: 21, price: 100 }] });
    expect(
      resolveSelectedVariant(single, page('<form action="/cart/add"><input name="id" value="99"></form>'), `${URL_PLAIN}?variant=5`),
    ).toEqual({
      variant: single.variants[0],
      rule: 'single',
      unknownId: null,
    });
  });

  test('2. the ?variant= URL parameter, before everything on the page', () => {
    const form = '<form action="/cart/add"><input type="hidden" name="id" value="11"><button type="submit" name="add">Add</button></form>';
    expect(picked(form, `${URL_PLAIN}?variant=14`)).toEqual([14, 'url']);
    expect(picked(form, `${URL_PLAIN}?color=red&variant=13#top`)).toEqual([13, 'url']);
    expect(picked(form, `${URL_PLAIN}?variant=abc`)).toEqual([11, 'idField']);
  });

  test('3. the theme selectors: Dawn 13+ and Horizon keep the selected variant as JSON', () => {
    const form = '<form action="/cart/add"><input name="id" value="11"><button name="add">Add</button></form>';
    expect(
      picked(
        `<variant-selects><script type="application/json" data-selected-variant>{"id":12,"title":"S / Black"}</script></variant-selects>${form}`,
      ),
    ).toEqual([12, 'theme']);
    expect(
      picked(
        `<variant-picker><form class="variant-picker__form"><script type="application/json">{"id":13}</script></form></variant-picker>${form}`,
      ),
    ).toEqual([13, 'theme']);
    // An unavailable combination (null) or broken JSON: the next rule.
    expect(
      picked(
        `<script type="application/json" data-selected-variant>null</script><script type="application/json" data-selected-variant>{oops</script>${form}`,
      ),
    ).toEqual([11, 'idField']);
  });

  test("4. the product form's id field (input or select)", () => {
    expect(picked('<form action="/cart/add"><input type="hidden" name="id" value="13"><button type="submit">Add</button></form>')).toEqual([
      13,
      'idField',
    ]);
    expect(
      picked(
        '<form action="/cart/add"><select name="id"><option value="11">S / White</option><option value="14" selected>M / Black</option></select><button>Add</button></form>',
      ),
    ).toEqual([14, 'idField']);
  });

  test('5. a select of the form whose chosen option is a variant', () => {
    expect(
      picked(
        '<form action="/cart/add"><select name="variant"><option value="11">S / White</option><option value="12" selected>S / Black</option></select><button>Add</button></form>',
      ),
    ).toEqual([12, 'select']);
  });

  test('6. option dropdowns and radios matched on option values', () => {
    // Dropdowns attached with form="…" (the demo shop), named options[…].
    expect(
      picked(
        '<select name="options[Size]" form="f"><option>S</option><option selected>M</option></select>' +
          '<select name="options[Color]" form="f"><option>White</option><option selected>Black</option></select>' +
          '<form id="f" action="/cart/add"><button>Add</button></form>',
      ),
    ).toEqual([14, 'options']);
    // Radios in the product's section, outside the form (Horizon's picker is a form of its own).
    expect(
      picked(
        '<section><form class="variant-picker__form"><input type="radio" name="Size-x" value="S"><input type="radio" name="Size-x" value="M" checked>' +
          '<input type="radio" name="Color-x" value="White" checked><input type="radio" name="Color-x" value="Black"></form>' +
          '<form action="/cart/add"><button type="submit">Add</button></form></section>',
      ),
    ).toEqual([13, 'options']);
  });

  test('6. positions from the controls when values repeat across options (data-index, data-option, names)', () => {
    const numbers = productOf({
      id: 3,
      options: ['Width', 'Length'],
      variants: [variant(301, '30', '30'), variant(302, '30', '32'), variant(303, '32', '30'), variant(304, '32', '32')],
    });
    const form = (controls: string) => `<form action="/cart/add">${controls}<button>Add</button></form>`;
    const chosen = (html: string) => resolveSelectedVariant(numbers, page(html), URL_PLAIN).variant.id;
    expect(
      chosen(
        form(
          '<select data-index="option1"><option>30</option><option selected>32</option></select><select data-index="option2"><option selected>30</option></select>',
        ),
      ),
    ).toBe(303);
    expect(
      chosen(
        form(
          '<select data-option="option2"><option selected>32</option></select><select data-option="option1"><option selected>30</option></select>',
        ),
      ),
    ).toBe(302);
    expect(
      chosen(
        form(
          '<div data-index="option1"><input type="radio" name="a" value="32" checked></div><div data-index="option2"><input type="radio" name="b" value="32" checked></div>',
        ),
      ),
    ).toBe(304);
    expect(
      chosen(form('<input type="radio" name="Length" value="30" checked><input type="radio" name="Width-1" value="32" checked>')),
    ).toBe(303);
    // Ambiguous values without hints decide nothing: the first variant.
    expect(resolveSelectedVariant(numbers, page(form('<select><option selected>32</option></select>')), URL_PLAIN).rule).toBe('first');
  });

  test('7. otherwise the first variant', () => {
    expect(picked('<p>No form here</p>')).toEqual([11, 'first']);
    expect(picked('<form action="/cart/add"><input name="id" value=""><button>Add</button></form>')).toEqual([11, 'first']);
  });
});

describe('spec §5: the selected variant id must be a known variant', () => {
  test('an unknown id in the URL or the id field is reported (the first), and the next rule decides', () => {
    expect(
      resolve('<form action="/cart/add"><input name="id" value="99"><button>Add</button></form>', `${URL_PLAIN}?variant=98`),
    ).toMatchObject({
      variant: { id: 11 },
      rule: 'first',
      unknownId: 98,
    });
    expect(
      resolve('<form action="/cart/add"><input name="id" value="99"><input name="id" value="12"><button>Add</button></form>'),
    ).toMatchObject({
      variant: { id: 12 },
      rule: 'idField',
      unknownId: 99,
    });
  });
  test("another product's theme JSON (a quick view) is no unknown id", () => {
    expect(resolve('<script type="application/json" data-selected-variant>{"id":777}</script>')).toMatchObject({
      rule: 'first',
      unknownId: null,
    });
  });
});

describe('traps of real themes', () => {
  test('an input named id shadows form.id: the form is still found by its id attribute (controls attached with form="…")', () => {
    const doc = page(
      '<input type="radio" name="Size" value="M" form="product-form" checked><input type="radio" name="Color" value="Black" form="product-form" checked>' +
        '<form id="product-form" action="/cart/add"><input type="hidden" name="id" value=""><button type="submit" name="add">Add</button></form>',
    );
    // What browsers do (jsdom does not): the form's `id` property is the control named id.
    const form = doc.querySelector('form')!;
    Object.defineProperty(form, 'id', { value: form.querySelector('[name="id"]') });
    expect(findProductForm(doc)).toBe(form);
    expect(resolveSelectedVariant(TEE, doc, URL_PLAIN)).toMatchObject({ variant: { id: 14 }, rule: 'options' });
  });

  test('a disabled id input is still read (Sense renders it disabled until its script runs)', () => {
    expect(
      picked('<form action="/cart/add"><input type="hidden" name="id" value="12" disabled><button type="submit">Add</button></form>'),
    ).toEqual([12, 'idField']);
  });

  test('the installments form (a second /cart/add form with an id field) is not the product form', () => {
    const doc = page(
      '<form action="/cart/add" id="product-form-installment-main"><input name="id" value="11"></form>' +
        '<form action="/cart/add" id="product-form-main"><input name="id" value="13"><button type="submit" name="add">Add</button></form>',
    );
    expect(findProductForm(doc)?.getAttribute('id')).toBe('product-form-main');
    expect(resolveSelectedVariant(TEE, doc, URL_PLAIN).variant.id).toBe(13);
  });

  test('a sold-out option without a value leaves the id select at "": the options decide', () => {
    const doc = page(
      '<form action="/cart/add"><select data-option="option1"><option>S</option><option selected>M</option></select>' +
        '<select data-option="option2"><option>White</option><option selected>Black</option></select>' +
        '<select name="id"><option value="11">S / White</option><option disabled>M / Black - Sold out</option></select><button>Add</button></form>',
    );
    // What the theme's script does: no option has the sold-out variant's id.
    const idSelect = doc.querySelector<HTMLSelectElement>('select[name="id"]')!;
    idSelect.value = '14';
    expect(idSelect.value).toBe('');
    expect(resolveSelectedVariant(TEE, doc, URL_PLAIN)).toMatchObject({ variant: { id: 14 }, rule: 'options' });
  });

  test('a <noscript> fallback select is inert', () => {
    // jsdom parses noscript content as elements (scripting off); browsers do not: either way it is skipped.
    expect(
      picked(
        '<form id="pf" action="/cart/add"><input name="id" value="12"><button type="submit">Add</button></form>' +
          '<noscript><select name="id" form="pf"><option value="14" selected>M / Black</option></select></noscript>',
      ),
    ).toEqual([12, 'idField']);
  });

  test('a form without a submit control is found by its id field; no form at all gives null', () => {
    const doc = page('<form action="/cart/add" class="x"><input name="id" value="13"></form>');
    expect(findProductForm(doc)?.className).toBe('x');
    expect(findProductForm(page('<form action="/search"><button>Go</button></form>'))).toBeNull();
  });
});
