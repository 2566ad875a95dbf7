/**
 * The offer card's state (src/widgets/offer-card/offerState.ts) on the signals the commerce chunk
 * keeps: nothing until the page is known, nothing loaded for offers the page's product excludes,
 * the first eligible offer with its products (the page's own left out), following the selected
 * variant and the cart, waiting for what a decision needs, and the provider's stock on variants.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { normalizeProduct, type Product } from '../../../../src/core/productData';
import { cart } from '../../../../src/state/cart';
import { productData, selectedVariant } from '../../../../src/state/product';
import type { Inventory } from '../../../../src/widgets/offer-card/data';
import { createOfferState, type OfferSources } from '../../../../src/widgets/offer-card/offerState';
import { OFFER_DEFAULTS, type Offer } from '../../../../src/widgets/offer-card/settings';
import { getProduct } from '../../../../server/shop/catalog';

const product = (handle: string): Product => {
  const result = normalizeProduct(getProduct(handle)!.product);
  if (!result.ok) throw new Error(handle);
  return result.product;
};
const tee = product('classic-cotton-tee');
const jacket = product('rain-jacket');
const tote = product('canvas-tote-bag');
const sneakers = product('trail-sneakers');

const offer = (id: string, patch: Partial<Offer> = {}, rule: Partial<Offer['rule']> = {}): Offer => ({
  ...structuredClone(OFFER_DEFAULTS),
  id,
  products: ['canvas-tote-bag', 'rain-jacket'],
  ...patch,
  rule: { ...structuredClone(OFFER_DEFAULTS.rule), ...rule },
});

/** Sources answering from the demo catalogue, each call recorded; `hold` keeps answers back until released. */
function sources(options: { stock?: Inventory; country?: string | null } = {}) {
  const calls: string[] = [];
  const held: (() => void)[] = [];
  let holding = false;
  const answer = <T>(value: T): Promise<T> =>
    holding ? new Promise((resolve) => held.push(() => resolve(value))) : Promise.resolve(value);
  const all: Record<string, Product> = {
    'canvas-tote-bag': tote,
    'rain-jacket': jacket,
    'trail-sneakers': sneakers,
    'classic-cotton-tee': tee,
  };
  const api: OfferSources = {
    product: (handle) => (calls.push(`product ${handle}`), answer(all[handle] ?? null)),
    inventory: (ids) => (calls.push(`inventory ${ids.length}`), answer(options.stock ?? new Map())),
    country: () => (calls.push('country'), answer(options.country ?? null)),
  };
  return {
    api,
    calls,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      held.splice(0).forEach((resolve) => resolve());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const onTee = (variantIndex = 0) => {
  productData.value = { status: 7, product: tee };
  selectedVariant.value = { variant: tee.variants[variantIndex]!, rule: 'first', unknownId: null };
};
const shown = (state: ReturnType<typeof createOfferState>) => {
  const view = state.view.value;
  return view && { offer: view.offer.id, products: view.products.map((candidate) => candidate.handle) };
};

afterEach(() => {
  productData.value = { status: 0, product: null };
  selectedVariant.value = null;
  cart.value = null;
});

describe('createOfferState on a product page', () => {
  test('nothing until the product and its selected variant are known; then the offer with its products', async () => {
    const fake = sources();
    const state = createOfferState([offer('a')], 'product', fake.api);
    await settle();
    expect(shown(state)).toBeNull();
    expect(fake.calls).toEqual([]);
    onTee();
    await settle();
    expect(shown(state)).toEqual({ offer: 'a', products: ['canvas-tote-bag', 'rain-jacket'] });
    // Both products, then one inventory request for the offered variants (1 + 4).
    expect(fake.calls).toEqual(['product canvas-tote-bag', 'product rain-jacket', 'inventory 5']);
    state.dispose();
  });

  test("offers whose product ids exclude the page's product load nothing and show nothing", async () => {
    const fake = sources();
    onTee();
    const state = createOfferState([offer('a', {}, { productIds: [jacket.id] })], 'product', fake.api);
    await settle();
    expect(shown(state)).toBeNull();
    expect(fake.calls).toEqual([]);
    state.dispose();
  });

  test('the first eligible offer wins; an ineligible first one gives way', async () => {
    onTee();
    const fake = sources();
    const state = createOfferState(
      [offer('pricey', {}, { price: { min: 5000, max: null } }), offer('second', { products: ['trail-sneakers'] })],
      'product',
      fake.api,
    );
    await settle();
    expect(shown(state)).toEqual({ offer: 'second', products: ['trail-sneakers'] });
    state.dispose();
  });

  test('follows the selected variant: a sold-out one fails an inventory bound, another brings the card back', async () => {
    onTee(0);
    const soldOut = tee.variants.findIndex((variant) => variant.title === 'XL / Navy');
    const stock: Inventory = new Map(
      tee.variants.map((variant) => [variant.id, { quantity: variant.inventoryQuantity ?? 0, management: 'shopify', policy: 'deny' }]),
    );
    const fake = sources({ stock });
    const state = createOfferState([offer('a', {}, { inventory: { min: 1, max: null } })], 'product', fake.api);
    await settle();
    expect(shown(state)?.offer).toBe('a');
    // The page's 12 variants and the offered 5, in one request.
    expect(fake.calls.filter((call) => call.startsWith('inventory'))).toEqual(['inventory 17']);
    selectedVariant.value = { variant: tee.variants[soldOut]!, rule: 'options', unknownId: null };
    expect(shown(state)).toBeNull();
    selectedVariant.value = { variant: tee.variants[1]!, rule: 'options', unknownId: null };
    expect(shown(state)?.offer).toBe('a');
    state.dispose();
  });

  test('waits for the stock an inventory bound reads, and for the country a rule names', async () => {
    onTee();
    const fake = sources({ country: 'NL' });
    fake.hold();
    const state = createOfferState([offer('a', {}, { inventory: { min: 1, max: null }, countries: ['NL'] })], 'product', fake.api);
    await settle();
    expect(shown(state)).toBeNull();
    fake.release();
    await settle();
    fake.release();
    await settle();
    expect(shown(state)?.offer).toBe('a');
    expect(fake.calls).toContain('country');
    state.dispose();
  });

  test("a visitor outside the rule's countries sees nothing", async () => {
    onTee();
    const state = createOfferState([offer('a', {}, { countries: ['NL'] })], 'product', sources({ country: 'US' }).api);
    await settle();
    expect(shown(state)).toBeNull();
    state.dispose();
  });

  test("the page's own product is not offered to it; products that fail to load are left out, all failing shows nothing", async () => {
    productData.value = { status: 7, product: tote };
    selectedVariant.value = { variant: tote.variants[0]!, rule: 'single', unknownId: null };
    const state = createOfferState([offer('a', { products: ['canvas-tote-bag', 'missing', 'rain-jacket'] })], 'product', sources().api);
    await settle();
    expect(shown(state)).toEqual({ offer: 'a', products: ['rain-jacket'] });
    state.dispose();
    const none = createOfferState([offer('b', { products: ['missing'] })], 'product', sources().api);
    await settle();
    expect(shown(none)).toBeNull();
    none.dispose();
  });

  test("the provider's stock is on the offered variants: pre-order and quantity", async () => {
    onTee();
    const variant = tote.variants[0]!;
    const fake = sources({ stock: new Map([[variant.id, { quantity: 0, management: 'shopify', policy: 'continue' }]]) });
    const state = createOfferState([offer('a', { products: ['canvas-tote-bag'] })], 'product', fake.api);
    await settle();
    expect(state.view.value!.products[0]!.variants[0]).toMatchObject({ inventoryQuantity: 0, preorder: true });
    state.dispose();
  });
});

describe('createOfferState on the cart page', () => {
  test('follows the cart: an offer for a product in it shows once that product is added', async () => {
    const fake = sources();
    const state = createOfferState([offer('a', {}, { productIds: [tee.id], inventory: { min: 1, max: null } })], 'cart', fake.api);
    await settle();
    expect(shown(state)).toBeNull();
    cart.value = { token: 't', itemCount: 1, items: [{ productId: jacket.id, variantId: jacket.variants[0]!.id, quantity: 1 }] };
    await settle();
    expect(shown(state)).toBeNull();
    expect(fake.calls).toEqual([]);
    cart.value = {
      token: 't',
      itemCount: 2,
      items: [...cart.value.items, { productId: tee.id, variantId: tee.variants[0]!.id, quantity: 1 }],
    };
    await settle();
    // No selected variant on the cart page: the inventory bound does not apply there.
    expect(shown(state)).toEqual({ offer: 'a', products: ['canvas-tote-bag', 'rain-jacket'] });
    state.dispose();
  });

  test('dispose stops following', async () => {
    const fake = sources();
    const state = createOfferState([offer('a')], 'cart', fake.api);
    state.dispose();
    cart.value = { token: 't', itemCount: 0, items: [] };
    await settle();
    expect(fake.calls).toEqual([]);
    vi.restoreAllMocks();
  });
});
