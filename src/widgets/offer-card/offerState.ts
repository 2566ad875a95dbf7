/**
 * The offer card's state, framework-free (signals): which offer shows, with which products, for
 * the page as it is now. It follows the product page's selected variant (`selectedVariant`, kept
 * by the commerce chunk) and the cart (`cart`), and loads only what an offer that can show needs:
 *
 * 1. Nothing until the page is known (the selected variant on a product page, the cart on the
 *    cart page). Offers whose product ids exclude the page load nothing at all.
 * 2. For the others: their products, the inventory of the page's variants (when a rule bounds it)
 *    and of the offered ones (for pre-order labels), in one request, and the visitor's country
 *    (when a rule names countries).
 * 3. `view`: the first offer (settings order) the rule finds eligible whose products loaded, with
 *    them, in the shop's order; null (nothing shown, no space taken) otherwise, and while what the
 *    decision needs is still loading.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { Product } from '../../core/productData';
import { cart } from '../../state/cart';
import { productData, selectedVariant } from '../../state/product';
import type { Inventory } from './data';
import { withInventory } from './data';
import { checkEligibility, needsCountry, needsInventory, productMatches, type EligibilitySubject } from './eligibility';
import type { Offer } from './settings';

/** What the card shows: an offer and its products (at least one). */
export interface OfferView {
  offer: Offer;
  products: Product[];
}

/** How the state gets what it loads (the real ones in data.ts; tests hand their own). */
export interface OfferSources {
  product(handle: string): Promise<Product | null>;
  inventory(variantIds: number[]): Promise<Inventory>;
  country(): Promise<string | null>;
}

export interface OfferState {
  view: ReadonlySignal<OfferView | null>;
  /** Stops following the page. */
  dispose(): void;
}

/** Creates the state of the card on a `pageType` page ('product' or 'cart'). */
export function createOfferState(offers: Offer[], pageType: string, sources: OfferSources): OfferState {
  /** Offered products by handle: a product, null when it could not be had; missing while loading. */
  const products = signal<ReadonlyMap<string, Product | null>>(new Map());
  const inventory = signal<Inventory>(new Map());
  /** undefined while loading (or not asked for), null when unknown. */
  const country = signal<string | null | undefined>(undefined);
  const requested = new Set<string>();
  const stockRequested = new Set<number>();
  let countryAsked = false;
  let disposed = false;

  /** The page's product id (product page) or the cart's product ids; null until known. */
  const page = computed(() => {
    if (pageType === 'product') {
      const selected = selectedVariant.value;
      const product = productData.value.product;
      return selected && product ? { product, variant: selected.variant, cartProductIds: [] as number[] } : null;
    }
    const current = cart.value;
    return current ? { product: null, variant: null, cartProductIds: current.items.map((item) => item.productId) } : null;
  });

  /** Offers that may show on this page (their product ids allow it). */
  const candidates = computed(() => {
    const known = page.value;
    return known ? offers.filter((offer) => productMatches(offer.rule, known.product?.id ?? null, known.cartProductIds)) : [];
  });

  const subject = computed((): EligibilitySubject | null => {
    const known = page.value;
    if (!known) return null;
    const variant = known.variant;
    return {
      product:
        known.product && variant
          ? {
              id: known.product.id,
              price: variant.price,
              discountPercent: variant.discountPercent,
              inventory: inventory.value.get(variant.id)?.quantity ?? variant.inventoryQuantity,
            }
          : null,
      cartProductIds: known.cartProductIds,
      country: country.value ?? null,
    };
  });

  /** The inventory request for the page's variants was answered (or failed). */
  const stockKnown = signal(false);

  const view = computed((): OfferView | null => {
    const current = subject.value;
    if (!current) return null;
    for (const offer of candidates.value) {
      // A decision waits for what it needs: the stock a bound reads, the country a rule names.
      if (needsInventory(offer.rule) && current.product && !stockKnown.value) return null;
      if (needsCountry(offer.rule) && country.value === undefined) return null;
      if (!checkEligibility(offer.rule, current).eligible) continue;
      const loaded = offer.products.map((handle) => products.value.get(handle));
      if (loaded.some((product) => product === undefined)) return null; // still loading: keep the order
      const shown = loaded
        .filter((product): product is Product => !!product && product.id !== current.product?.id)
        .map((product) => withInventory(product, inventory.value));
      if (shown.length) return { offer, products: shown };
    }
    return null;
  });

  const load = async (): Promise<void> => {
    const known = page.value;
    const wanted = candidates.value;
    if (!known || !wanted.length) return;
    if (!countryAsked && wanted.some((offer) => needsCountry(offer.rule))) {
      countryAsked = true;
      void sources.country().then((code) => !disposed && (country.value = code));
    }
    const handles = [...new Set(wanted.flatMap((offer) => offer.products))].filter((handle) => !requested.has(handle));
    handles.forEach((handle) => requested.add(handle));
    const fetched = await Promise.all(handles.map((handle) => sources.product(handle).catch(() => null)));
    if (disposed) return;
    if (handles.length) {
      const next = new Map(products.value);
      handles.forEach((handle, index) => next.set(handle, fetched[index]!));
      products.value = next;
    }
    // One inventory request: the page's variants (when a rule bounds them) and the offered ones.
    const ids = [
      ...(known.product && wanted.some((offer) => needsInventory(offer.rule)) ? known.product.variants.map((variant) => variant.id) : []),
      ...fetched.flatMap((product) => product?.variants.map((variant) => variant.id) ?? []),
    ].filter((id) => !stockRequested.has(id));
    if (!ids.length) {
      stockKnown.value = true;
      return;
    }
    ids.forEach((id) => stockRequested.add(id));
    const stock = await sources.inventory(ids).catch((): Inventory => new Map());
    if (disposed) return;
    inventory.value = new Map([...inventory.value, ...stock]);
    stockKnown.value = true;
  };

  // Loads again when the page brings new candidates (the cart page's cart changes).
  const stop = effect(() => {
    void candidates.value;
    void load();
  });

  return {
    view,
    dispose() {
      disposed = true;
      stop();
    },
  };
}
