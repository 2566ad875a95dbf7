// @vitest-environment jsdom
/**
 * The add-to-cart button (spec §4 "Add-to-cart button search"): theme layouts and the generic
 * rule, then the search: every 300 ms, 20 times, at most 6 announcements, the reports when
 * nothing is found. Fake timers.
 */
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import type { Report } from '../../../src/core/lib/guardWith';
import { findAtcButton, watchAtcButton } from '../../../src/core/atcButton';
import { ERR_ATC_BUTTON, ERR_ATC_FORM } from '../../../src/core/errors';

const page = (html: string) => {
  document.body.innerHTML = html;
  return document;
};
const idOf = (html: string) => findAtcButton(page(html))?.getAttribute('id') ?? null;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('findAtcButton', () => {
  test("the platform's name=add button of the product form, not the installments form's or the Buy it now button", () => {
    expect(
      idOf(
        '<form action="/cart/add" id="product-form-installment-1"><input name="id" value="1"></form>' +
          '<form action="/cart/add" id="product-form-1"><input name="id" value="1"><button type="button" name="minus">-</button>' +
          '<button id="atc" type="submit" name="add">Add to cart</button><div class="shopify-payment-button"><button type="button">Buy it now</button></div></form>',
      ),
    ).toBe('atc');
  });

  test('theme ids and classes when the button has no name (#AddToCart, [data-add-to-cart], .product-form__submit, .add-to-cart)', () => {
    for (const button of [
      '<button id="atc" type="button" class="add-to-cart">Add</button>',
      '<a id="atc" data-add-to-cart href="#">Add</a>',
      '<button id="ProductSubmitButton-x" type="button">Add</button>',
    ]) {
      expect(idOf(`<form action="/cart/add"><input name="id" value="1">${button}</form>`) ?? '').toMatch(/atc|ProductSubmitButton/);
    }
    expect(idOf('<div><button id="AddToCart" type="button">Add</button></div>')).toBe('AddToCart');
  });

  test('the generic rule: the first submit control of the form that is not the dynamic checkout', () => {
    expect(
      idOf(
        '<form action="/cart/add"><div class="shopify-payment-button"><button id="pay">Buy it now</button></div>' +
          '<button type="button" id="qty">+</button><button id="atc">Add</button></form>',
      ),
    ).toBe('atc');
    expect(idOf('<form action="/cart/add"><input name="id" value="1"><input id="atc" type="submit" value="Add"></form>')).toBe('atc');
  });

  test('a submit button outside the form, attached with form="…"', () => {
    expect(
      idOf('<form action="/cart/add" id="pf"><input name="id" value="1"></form><button id="atc" type="submit" form="pf">Add</button>'),
    ).toBe('atc');
  });

  test('no button: null', () => {
    expect(idOf('<form action="/search"><button>Search</button></form>')).toBeNull();
  });
});

describe('watchAtcButton', () => {
  let announced: HTMLElement[];
  const onButton = (event: Event) => announced.push((event as CustomEvent<{ button: HTMLElement }>).detail.button);
  let report: Mock<Report>;
  beforeEach(() => {
    vi.useFakeTimers();
    announced = [];
    report = vi.fn<Report>();
    window.addEventListener('vitrine:atc-button', onButton);
  });
  afterEach(() => {
    window.removeEventListener('vitrine:atc-button', onButton);
    vi.useRealTimers();
  });
  const FORM = '<form action="/cart/add"><input name="id" value="1"><button type="submit" name="add">Add</button></form>';

  test('a button already there is announced at once, once', () => {
    page(FORM);
    const stop = watchAtcButton(window, report);
    expect(announced).toEqual([document.querySelector('[name="add"]')]);
    vi.advanceTimersByTime(300 * 20);
    expect(announced).toHaveLength(1);
    expect(report).not.toHaveBeenCalled();
    stop();
  });

  test('a button rendered late is found by the polling (every 300 ms)', () => {
    page('<main></main>');
    watchAtcButton(window, report);
    vi.advanceTimersByTime(900);
    expect(announced).toEqual([]);
    document.querySelector('main')!.innerHTML = FORM;
    vi.advanceTimersByTime(299);
    expect(announced).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(announced).toHaveLength(1);
  });

  test('a replaced button (a re-rendered section) is announced again, 6 times at most', () => {
    page(FORM);
    watchAtcButton(window, report);
    for (let round = 0; round < 10; round++) {
      document.body.innerHTML = FORM;
      vi.advanceTimersByTime(300);
    }
    expect(announced).toHaveLength(6);
    expect(new Set(announced).size).toBe(6);
  });

  test("never found after 20 polls: 'no ATC button was found after retry', and the missing form", () => {
    page('<main>No form</main>');
    watchAtcButton(window, report);
    vi.advanceTimersByTime(300 * 18);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(report.mock.calls.map(([code, error]) => [code, (error as Error).message])).toEqual([
      [ERR_ATC_BUTTON, 'no ATC button was found after retry'],
      [ERR_ATC_FORM, 'Add to cart form not found.'],
    ]);
    vi.advanceTimersByTime(3000);
    expect(report).toHaveBeenCalledTimes(2);
  });

  test('a button outside any product form: found, only the form is reported missing', () => {
    page('<div><button id="AddToCart">Add</button></div>');
    watchAtcButton(window, report);
    vi.advanceTimersByTime(300 * 20);
    expect(announced).toHaveLength(1);
    expect(report.mock.calls.map(([, error]) => (error as Error).message)).toEqual(['Add to cart form not found.']);
  });

  test('stopping ends the polling', () => {
    page('<main></main>');
    const stop = watchAtcButton(window, report);
    stop();
    vi.advanceTimersByTime(300 * 25);
    expect(report).not.toHaveBeenCalled();
  });
});
