// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { convert, formatConverted } from '../../../../src/core/money';
import {
  convertText,
  createPriceConverter,
  moneyParser,
  moneyParsers,
  type RenderPrice,
} from '../../../../src/widgets/currency-converter/priceConverter';

const EUR: RenderPrice = (cents, withCode) => {
  const { value, decimals } = convert(cents, 1, 0.86, 'EUR');
  return formatConverted(value, decimals, '€{{amount_with_comma_separator}}') + (withCode ? ' EUR' : '');
};
const parsers = moneyParsers('${{amount}}', '${{amount}} USD');

describe('reading shown prices with the shop money format', () => {
  it('reads "$1,134.65" as 113465 cents and keeps the text around it', () => {
    const seen: number[] = [];
    const converted = convertText('From $1,134.65', parsers, (cents) => (seen.push(cents), 'X'));
    expect(seen).toEqual([113465]);
    expect(converted).toBe('From X');
  });

  it('prefers the format with the currency code, converts every amount of a text', () => {
    expect(convertText('$10.00 USD', parsers, EUR)).toBe('€8,60 EUR');
    expect(convertText('$10.00 – $20.00', parsers, EUR)).toBe('€8,60 – €17,20');
  });

  it('understands comma, space and apostrophe separators and formats without decimals', () => {
    const seen: number[] = [];
    const render: RenderPrice = (cents) => (seen.push(cents), '');
    for (const [format, text] of [
      ['{{amount_with_comma_separator}} €', '1.234,50 €'],
      ['{{amount_with_space_separator}} kr', '1 234,50 kr'],
      ['CHF {{amount_with_apostrophe_separator}}', "CHF 1'234.50"],
      ['¥{{amount_no_decimals}}', '¥1,235'],
    ]) {
      convertText(text, [moneyParser(format)!], render);
    }
    expect(seen).toEqual([123450, 123450, 123450, 123500]);
  });

  it('leaves text that is not money, or that cannot be rendered, as it was (null)', () => {
    expect(convertText('Regular price', parsers, EUR)).toBeNull();
    expect(convertText('$10.00', parsers, () => null)).toBeNull();
    expect(convertText('$10.00', parsers, () => 'NaN')).toBeNull();
    expect(moneyParser('no placeholder')).toBeNull();
  });
});

describe('createPriceConverter (DOM)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  const page = () => {
    document.body.innerHTML = `<div class="price"><div class="price__regular"><span class="visually-hidden">Regular price</span><span class="price-item price-item--regular">$1,134.65</span></div>
      <s class="price-item price-item--regular">$20.00</s></div><p class="totals__total-value">$30.00 USD</p><p class="other">$5.00</p>`;
  };
  const texts = () =>
    Array.from(document.querySelectorAll('.price-item, .totals__total-value, .other')).map((element) => element.textContent);

  it('converts every price, never twice, and restores the exact original', () => {
    page();
    const converter = createPriceConverter({ parsers });
    converter.setRender(EUR);
    expect(texts()).toEqual(['€975,80', '€17,20', '€25,80 EUR', '$5.00']);
    converter.run();
    converter.setRender(EUR);
    expect(texts()).toEqual(['€975,80', '€17,20', '€25,80 EUR', '$5.00']);
    expect(document.querySelector('.price-item')!.hasAttribute('data-vitrine-converted')).toBe(true);
    converter.setRender(null);
    expect(texts()).toEqual(['$1,134.65', '$20.00', '$30.00 USD', '$5.00']);
    expect(document.querySelector('[data-vitrine-converted]')).toBeNull();
  });

  it('replaces only the text node (the element and its siblings stay)', () => {
    page();
    const item = document.querySelector('.price-item')!;
    const label = document.querySelector('.visually-hidden')!;
    const converter = createPriceConverter({ parsers });
    converter.setRender(EUR);
    expect(document.querySelector('.price-item')).toBe(item);
    expect(label.textContent).toBe('Regular price');
  });

  it('follows prices added or re-rendered later (debounced), ignoring its own writes', async () => {
    page();
    const converter = createPriceConverter({ parsers, debounceMs: 20 });
    converter.setRender(EUR);
    converter.observe();
    document.querySelector('.price-item')!.textContent = '$10.00'; // a variant change
    const added = document.createElement('li');
    added.innerHTML = '<span class="price">$1.00</span>';
    document.body.appendChild(added);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(document.querySelector('.price-item')!.textContent).toBe('€8,60');
    expect(added.textContent).toBe('€0,86');
    converter.setRender(null);
    expect(document.querySelector('.price-item')!.textContent).toBe('$10.00');
    converter.destroy();
  });

  // Superscript cents, as the platform's Supply theme shows a price (test/fixtures/product-pages/minimal-bare-h1.html).
  it('reads cents set as a superscript with their units, shows the amount whole and puts both back', async () => {
    document.body.innerHTML = `<span class="price"><small aria-hidden="true">$1,134<sup>65</sup></small><span class="visually-hidden">$1,134.65</span></span>
      <span class="price">$25.00<sup>1</sup></span><span class="price">$7<sup>5</sup></span>`;
    const small = document.querySelector('small')!;
    const sup = small.querySelector('sup')!;
    const shown = () =>
      Array.from(document.querySelectorAll('.price')).map((element) => element.innerHTML.replace(/ data-vitrine-converted=""/g, ''));
    const converter = createPriceConverter({ parsers, debounceMs: 20 });
    converter.setRender(EUR);
    converter.observe();
    expect(shown()).toEqual([
      '<small aria-hidden="true">€975,80<sup></sup></small><span class="visually-hidden">€975,80</span>',
      // A footnote after an amount with its own cents, and one digit, are not cents.
      '€21,50<sup>1</sup>',
      '€6,02<sup>5</sup>',
    ]);
    expect(small.querySelector('sup')).toBe(sup);
    converter.run();
    expect(shown()[0]).toContain('€975,80<sup></sup>');
    // The theme writes a new price (a variant change): it is read afresh, superscript included.
    small.firstChild!.textContent = '$30';
    sup.textContent = '50';
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(small.textContent).toBe('€26,23');
    converter.setRender(null);
    expect(shown()).toEqual([
      '<small aria-hidden="true">$30<sup>50</sup></small><span class="visually-hidden">$1,134.65</span>',
      '$25.00<sup>1</sup>',
      '$7<sup>5</sup>',
    ]);
    converter.destroy();
  });

  it('reports a price it could not render once and keeps its text', () => {
    page();
    const onFailure = vi.fn();
    const converter = createPriceConverter({ parsers, onFailure });
    converter.setRender(() => null);
    expect(texts()).toEqual(['$1,134.65', '$20.00', '$30.00 USD', '$5.00']);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('converts 2,000 nodes in one pass', () => {
    document.body.innerHTML = Array.from({ length: 2000 }, (_, index) => `<span class="price-item">$${index}.50</span>`).join('');
    const converter = createPriceConverter({ parsers });
    converter.setRender(EUR);
    expect(document.querySelectorAll('[data-vitrine-converted]').length).toBe(2000);
    expect(document.querySelector('.price-item')!.textContent).toBe('€0,43');
  });
});
