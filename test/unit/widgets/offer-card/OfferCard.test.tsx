// @vitest-environment jsdom
/**
 * The offer card's UI under real React (the production build renders it with Preact; the browser
 * test covers that build): spec §2's image and title links, three prices, variant dropdown and
 * accept button labelled by availability; spec §1's recommended-products selector; the shopper's
 * currency; accept's states; product text kept as text.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { signal } from '@preact/signals-react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { normalizeProduct, type Product } from '../../../../src/core/productData';
import { shopperMoney } from '../../../../src/state/currency';
import { Dropdown, type DropdownProps } from '../../../../src/ui/Dropdown';
import { OfferCard, type AcceptOutcome, type OfferCardProps } from '../../../../src/widgets/offer-card/OfferCard';
import type { OfferView } from '../../../../src/widgets/offer-card/offerState';
import { OFFER_DEFAULTS, type Offer } from '../../../../src/widgets/offer-card/settings';
import { TEXTS } from '../../../../src/widgets/offer-card/texts';
import { getProduct } from '../../../../server/shop/catalog';

const product = (handle: string, patch: (raw: Record<string, unknown>) => void = () => {}): Product => {
  const raw = structuredClone(getProduct(handle)!.product) as unknown as Record<string, unknown>;
  patch(raw);
  const result = normalizeProduct(raw);
  if (!result.ok) throw new Error(handle);
  return result.product;
};
const tote = product('canvas-tote-bag');
const jacket = product('rain-jacket');
const sneakers = product('trail-sneakers');
const offer: Offer = {
  ...structuredClone(OFFER_DEFAULTS),
  id: 'demo-bundle',
  products: ['canvas-tote-bag', 'rain-jacket'],
  discountCode: 'BUNDLE15',
  bestOffer: { discountAmount: 15, discountType: 'percentage' },
};

function setup(view: OfferView | null, props: Partial<OfferCardProps> = {}) {
  const viewSignal = signal(view);
  const dropdown = signal<ComponentType<DropdownProps> | null>(Dropdown);
  const onAccept = vi.fn(async (): Promise<AcceptOutcome> => ({ kind: 'added' }));
  const onShown = vi.fn();
  render(
    <OfferCard
      view={viewSignal}
      texts={TEXTS.en}
      moneyFormat="${{amount}}"
      root=""
      onAccept={onAccept}
      onShown={onShown}
      dropdown={dropdown}
      {...props}
    />,
  );
  return { viewSignal, dropdown, onAccept, onShown };
}

const prices = () => screen.getByText('Offer price').closest('p')!.textContent;
const button = () => document.querySelector<HTMLButtonElement>('button.accept')!;

afterEach(() => {
  cleanup();
  shopperMoney.value = null;
});

describe('OfferCard (spec §2)', () => {
  test('nothing, and no offer id, while no offer is eligible; the card when one is', () => {
    const { viewSignal, onShown } = setup(null);
    expect(document.body.textContent).toBe('');
    expect(onShown).toHaveBeenLastCalledWith(null);
    act(() => {
      viewSignal.value = { offer, products: [tote] };
    });
    expect(screen.getByRole('region', { name: 'Special offer' })).toBeTruthy();
    expect(onShown).toHaveBeenLastCalledWith('demo-bundle');
  });

  test('image and title link to the product and variant; discounted, original and initial prices', () => {
    setup({ offer, products: [tote] });
    const link = screen.getByRole('link', { name: 'Canvas Tote Bag' });
    const variant = tote.variants[0]!;
    expect(link.getAttribute('href')).toBe(`/products/canvas-tote-bag?variant=${variant.id}`);
    // The image repeats the link for pointers only (no second stop for keyboards and screen readers).
    const imageLink = document.querySelector('a.media')!;
    expect(imageLink.getAttribute('href')).toBe(link.getAttribute('href'));
    expect(imageLink.getAttribute('tabindex')).toBe('-1');
    expect(imageLink.querySelector('img')!.getAttribute('alt')).toBe('');
    // $32.00 − 15 % = $27.20; compare-at $40.00.
    expect(prices()).toBe('Offer price$27.20 Regular price$32.00 Was$40.00 Save 15 %');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(document.querySelector('.dd')).toBeNull(); // one variant: no dropdown
    expect(button().textContent).toBe('Add to cart');
  });

  test('no initial price without a compare-at price above the price; no struck price without a discount', () => {
    setup({ offer: { ...offer, bestOffer: { discountAmount: 0, discountType: 'percentage' } }, products: [sneakers] });
    expect(prices()).toBe('Offer price$99.00 ');
    expect(button().textContent).toBe('Pre-order');
  });

  test('the recommended-products selector: a labelled group of radios (image, title, price); the card follows the choice', () => {
    setup({ offer, products: [tote, jacket, sneakers] });
    const group = screen.getByRole('group', { name: 'Recommended products' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([true, false, false]);
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Canvas Tote Bag$27.20',
      'Rain Jacket$100.30',
      'Trail Sneakers (Pre-order)$84.15',
    ]);
    expect(group.querySelectorAll('img[alt=""]')).toHaveLength(3);
    fireEvent.click(radios[1]!);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Rain Jacket' }).getAttribute('href')).toBe(
      `/products/rain-jacket?variant=${jacket.variants[0]!.id}`,
    );
    expect(prices()).toBe('Offer price$100.30 Regular price$118.00 Was$140.00 Save 15 %');
  });

  test('several variants: the dropdown (src/ui/Dropdown); a sold-out variant shows its label, disabled; the offer waits for the dropdown', () => {
    const { dropdown } = setup({ offer, products: [jacket] }, {});
    act(() => {
      dropdown.value = null;
    });
    expect(document.body.textContent).toBe('');
    act(() => {
      dropdown.value = Dropdown;
    });
    const select = document.querySelector('select')!;
    expect([...select.options].map((option) => option.text)).toEqual(['S', 'M', 'L', 'XL – Sold out']);
    expect(document.querySelector('.dd__button')!.getAttribute('aria-label')).toBe('Variant: Rain Jacket: S');
    const soldOut = jacket.variants.find((variant) => variant.title === 'XL')!;
    act(() => {
      fireEvent.change(select, { target: { value: String(soldOut.id) } });
    });
    expect(button().textContent).toBe('Sold out');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Rain Jacket' }).getAttribute('href')).toBe(`/products/rain-jacket?variant=${soldOut.id}`);
  });

  test("opens on the first available variant; the offer's own button texts", () => {
    const firstSoldOut = product('rain-jacket', (raw) => {
      const variants = raw.variants as { available: boolean }[];
      variants[0]!.available = false;
    });
    setup({ offer: { ...offer, acceptButton: { available: 'Grab it', unavailable: 'Gone', preOrder: '' } }, products: [firstSoldOut] });
    expect(document.querySelector('.dd__button')!.textContent).toBe('M');
    expect(button().textContent).toBe('Grab it');
  });

  test('prices in the shopper currency: a switch updates the card at once', () => {
    setup({ offer, products: [tote, jacket] });
    expect(prices()).toContain('$27.20');
    act(() => {
      shopperMoney.value = (cents) => `€${(cents / 100 / 1.1).toFixed(2)}`;
    });
    expect(prices()).toBe('Offer price€24.73 Regular price€29.09 Was€36.36 Save 15 %');
    expect(screen.getAllByRole('radio')[1]!.closest('label')!.textContent).toBe('Rain Jacket€91.18');
    act(() => {
      shopperMoney.value = null;
    });
    expect(prices()).toContain('$27.20');
  });

  test('the shop money format until the converter decides', () => {
    setup({ offer, products: [tote] }, { moneyFormat: '{{amount_with_comma_separator}} €' });
    expect(prices()).toContain('27,20 €');
  });

  test('accept: busy (spinner, aria-disabled, announced), then added; a second click while busy does nothing', async () => {
    let finish: (outcome: AcceptOutcome) => void = () => {};
    const onAccept = vi.fn(() => new Promise<AcceptOutcome>((resolve) => (finish = resolve)));
    setup({ offer, products: [tote] }, { onAccept });
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(onAccept).toHaveBeenCalledWith(offer, tote.variants[0]);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().querySelector('.spin')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Adding to your cart');
    await act(async () => finish({ kind: 'added' }));
    expect(screen.getByRole('status').textContent).toBe('Added to your cart');
    expect(button().getAttribute('aria-disabled')).toBeNull();
  });

  test("accept's messages: shown as an alert; nothing after the platform's own alert", async () => {
    const onAccept = vi.fn(async (): Promise<AcceptOutcome> => ({
      kind: 'message',
      message: 'Some items have changed or are out of stock. Try refreshing the page.',
    }));
    setup({ offer, products: [tote] }, { onAccept });
    await act(async () => fireEvent.click(button()));
    expect(screen.getByRole('alert').textContent).toBe('Some items have changed or are out of stock. Try refreshing the page.');
    onAccept.mockImplementation(async () => ({ kind: 'silent' }));
    await act(async () => fireEvent.click(button()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('Spanish and Dutch texts', () => {
    setup({ offer, products: [tote, sneakers] }, { texts: TEXTS.es });
    expect(screen.getByRole('group', { name: 'Productos recomendados' })).toBeTruthy();
    expect(button().textContent).toBe('Añadir al carrito');
    expect(screen.getByText('Oferta especial')).toBeTruthy();
    cleanup();
    setup({ offer, products: [sneakers] }, { texts: TEXTS.nl });
    expect(button().textContent).toBe('Pre-order');
    expect(screen.getByText('Bespaar 15 %')).toBeTruthy();
  });

  test('product text stays text: markup in a title is shown as words, never as elements', () => {
    const hostile = product('canvas-tote-bag', (raw) => {
      raw.title = 'Tote <img src=x onerror="window.pwned=1"> &amp; <b>bag</b>';
    });
    setup({ offer, products: [hostile] });
    expect(screen.getByRole('link', { name: 'Tote & bag' })).toBeTruthy();
    expect(document.querySelector('img[onerror], b')).toBeNull();
  });
});
