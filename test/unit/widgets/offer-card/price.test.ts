/**
 * The offer card's price math in integer minor units (percentage and fixed discounts, never below
 * 0), the accept button's availability and labels (en/es/nl and the shop's own), and its fallback
 * money formatting, equal to src/core/money.ts.
 */
import { describe, expect, test } from 'vitest';
import { pickTexts } from '../../../../src/core/i18n';
import { formatMoney, MONEY_TEMPLATES } from '../../../../src/core/money';
import { shopMoney } from '../../../../src/widgets/offer-card/money';
import { acceptLabel, availabilityOf, discountedPrice, savedPercent } from '../../../../src/widgets/offer-card/price';
import { TEXTS } from '../../../../src/widgets/offer-card/texts';

const percent = (discountAmount: number) => ({ discountAmount, discountType: 'percentage' as const });
const fixed = (discountAmount: number) => ({ discountAmount, discountType: 'fixed' as const });

describe('discountedPrice (minor units)', () => {
  test('a percentage off, the amount taken off rounded to the minor unit', () => {
    expect(discountedPrice(2400, percent(15))).toBe(2040);
    expect(discountedPrice(2399, percent(15))).toBe(2039); // 359.85 off → 360
    expect(discountedPrice(3200, percent(12.5))).toBe(2800);
    expect(discountedPrice(1, percent(50))).toBe(0); // 0.5 off → 1 (half away from zero)
    expect(discountedPrice(999, percent(33))).toBe(669); // 329.67 off → 330
    expect(discountedPrice(2400, percent(0))).toBe(2400);
    expect(discountedPrice(2400, percent(100))).toBe(0);
  });

  test('a fixed amount off, given in major units', () => {
    expect(discountedPrice(2400, fixed(5))).toBe(1900);
    expect(discountedPrice(2400, fixed(4.5))).toBe(1950);
    expect(discountedPrice(2400, fixed(0.015))).toBe(2398); // 1.5 minor units → 2
    expect(discountedPrice(2400, fixed(24))).toBe(0);
  });

  test('never below 0, never above the price', () => {
    expect(discountedPrice(2400, fixed(30))).toBe(0);
    expect(discountedPrice(2400, percent(150))).toBe(0);
    expect(discountedPrice(0, percent(15))).toBe(0);
    expect(discountedPrice(2400, fixed(-5))).toBe(2400);
    expect(discountedPrice(2400, percent(-10))).toBe(2400);
    expect(discountedPrice(2400, percent(NaN))).toBe(2400);
    expect(discountedPrice(2400, fixed(Infinity))).toBe(2400);
  });

  test('stays an integer for any price and percentage', () => {
    for (let price = 0; price < 5000; price += 37) {
      for (const amount of [1, 7.5, 15, 33.3, 99]) {
        const offer = discountedPrice(price, percent(amount));
        expect(Number.isInteger(offer)).toBe(true);
        expect(offer).toBeGreaterThanOrEqual(0);
        expect(offer).toBeLessThanOrEqual(price);
      }
    }
  });

  test('savedPercent: the share taken off, in whole percent', () => {
    expect(savedPercent(2400, percent(15))).toBe(15);
    expect(savedPercent(2400, fixed(6))).toBe(25);
    expect(savedPercent(2400, fixed(100))).toBe(100);
    expect(savedPercent(0, percent(15))).toBe(0);
    expect(savedPercent(2400, percent(0))).toBe(0);
  });
});

describe('the accept button (spec §2: available, unavailable, preOrder)', () => {
  test('availability: sold out, pre-order (available at zero stock, spec §5), in stock', () => {
    expect(availabilityOf({ available: false, preorder: false })).toBe('unavailable');
    expect(availabilityOf({ available: false, preorder: true })).toBe('unavailable');
    expect(availabilityOf({ available: true, preorder: true })).toBe('preOrder');
    expect(availabilityOf({ available: true, preorder: false })).toBe('available');
  });

  test('built-in labels in en, es and nl (regional codes and unknown ones fall back)', () => {
    const own = { available: '', unavailable: '', preOrder: '' };
    const labels = (language: string) =>
      (['available', 'unavailable', 'preOrder'] as const).map((kind) => acceptLabel(kind, own, pickTexts(TEXTS, language).accept));
    expect(labels('en')).toEqual(['Add to cart', 'Sold out', 'Pre-order']);
    expect(labels('es')).toEqual(['Añadir al carrito', 'Agotado', 'Reservar']);
    expect(labels('es-mx')).toEqual(labels('es'));
    expect(labels('nl')).toEqual(['In winkelwagen', 'Uitverkocht', 'Pre-order']);
    expect(labels('nl-be')).toEqual(labels('nl'));
    expect(labels('fr')).toEqual(labels('en'));
  });

  test("the offer's own texts win; blank ones keep the built-in label", () => {
    const own = { available: 'Grab it', unavailable: '  ', preOrder: 'Reserve yours' };
    expect(acceptLabel('available', own, TEXTS.en.accept)).toBe('Grab it');
    expect(acceptLabel('unavailable', own, TEXTS.en.accept)).toBe('Sold out');
    expect(acceptLabel('preOrder', own, TEXTS.nl.accept)).toBe('Reserve yours');
  });

  test('every language has every text', () => {
    const keys = Object.keys(TEXTS.en).sort();
    for (const texts of Object.values(TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      expect(Object.values(texts.accept).every((label) => label.length > 0)).toBe(true);
    }
  });
});

describe('shopMoney: the shop money format before the converter decides', () => {
  test('prints what formatMoney (src/core/money.ts) prints, for every template', () => {
    const amounts = [0, 1, 5, 99, 100, 2040, 123456, 100000, 123456789, 99999999999];
    for (const template of MONEY_TEMPLATES) {
      for (const format of [`\${{${template}}}`, `{{ ${template} }} €`, `Fr. {{${template}}}`]) {
        for (const cents of amounts) expect(shopMoney(cents, format), `${format} ${cents}`).toBe(formatMoney(cents, format));
      }
    }
  });

  test('edge formats: empty, no placeholder, unknown template, not a number', () => {
    for (const format of ['', 'free', '{{ unknown }} kr', '${{amount}} and {{amount}}'])
      expect(shopMoney(2040, format)).toBe(formatMoney(2040, format));
    expect(shopMoney(NaN, '${{amount}}')).toBe('$');
    expect(shopMoney(2040, '${{amount}}')).toBe('$20.40');
    expect(shopMoney(123456, '{{amount_with_comma_separator}} €')).toBe('1.234,56 €');
  });
});
