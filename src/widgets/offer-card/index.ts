/**
 * Lazy entry of the offer card (module 47, spec §2 "Offer card", §3 "Offer", "Module eligibility
 * rule"): loaded when its mount point nears the viewport, under the product page's add-to-cart
 * form and after the cart page's title (or where `placements[47]` says). Validates
 * `settings.offer` (one console warning listing every problem), starts the commerce services at
 * once (product data and selected variant, the cart watcher: the card follows them), and renders
 * into the host's shadow root the first offer the page and visitor are eligible for, with the
 * recommended-products selector when it offers several products. Shows nothing, and takes no
 * space, otherwise. The host carries the shown offer's id (`data-vitrine-offer-id`) for
 * `#vtlHighlightOfferId=`.
 */
import { effect, signal } from '@preact/signals-react';
import { createElement, type ComponentType } from 'react';
import { OFFER_ID_ATTRIBUTE, PRODUCT_NAME } from '../../core/constants';
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { pickTexts } from '../../core/i18n';
import { announceRendered } from '../../core/lib/announceRendered';
import type { DropdownProps } from '../../ui/Dropdown';
import { followCart } from '../../state/cart';
import { renderInShadow } from '../../ui/renderInShadow';
import type { MountWidget } from '../types';
import { acceptOffer } from './accept';
import { fetchCountry, fetchInventory, fetchOfferedProduct } from './data';
import { followProduct } from './followProduct';
import { OfferCard } from './OfferCard';
import { createOfferState } from './offerState';
import { parseOfferSettings } from './settings';
import { CSS } from './styles';
import { TEXTS } from './texts';
import type * as VariantsPart from './lazy/variants';
import VARIANTS_PART from './lazy/variants?part';
import PRODUCT_PART from '../commerce/lazy/product?part';

export const mount: MountWidget = (host, ctx) => {
  const { value: section, problems } = parseOfferSettings(ctx.settings.offer);
  if (problems.length) console.warn(`${PRODUCT_NAME} settings: ${problems.join('; ')}`);
  const pageType = ctx.page.pageType;
  if (!section.offers.length || (pageType !== 'product' && pageType !== 'cart')) return;
  // The card follows the product data, the selected variant and the cart now, not at idle.
  const commerce = ctx.load<typeof import('../commerce/index')>('commerce').then((chunk) => {
    chunk.mount(host, ctx);
    followCart(chunk.onCart);
    return chunk;
  });
  // The product page's product and selected variant: the commerce chunk's product part (the same
  // module its mount starts) publishes them, the card's signals follow.
  const product =
    pageType === 'product' &&
    ctx.load<typeof import('../commerce/lazy/product')>(PRODUCT_PART).then((part) => followProduct(part.onProduct));
  for (const pending of [commerce, product])
    if (pending) pending.catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'offer-card' }));
  const texts = pickTexts(TEXTS, ctx.language);
  const state = createOfferState(section.offers, pageType, {
    product: (handle) => fetchOfferedProduct(ctx, handle),
    inventory: (ids) => fetchInventory(ctx, ids),
    country: () => fetchCountry(ctx),
  });
  // The variant dropdown, once an offer to show has a product with several variants.
  const dropdown = signal<ComponentType<DropdownProps> | null>(null);
  let dropdownAsked = false;
  const stopDropdown = effect(() => {
    if (dropdownAsked || !state.view.value?.products.some((product) => product.variants.length > 1)) return;
    dropdownAsked = true;
    ctx
      .load<typeof VariantsPart>(VARIANTS_PART)
      .then((part) => (dropdown.value = part.Dropdown))
      .catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'offer-card', step: 'variants' }));
  });
  let rendered = 0;
  const unmount = renderInShadow(
    host,
    CSS,
    createElement(OfferCard, {
      view: state.view,
      texts,
      moneyFormat: ctx.settings.moneyFormat,
      root: ctx.page.store.root,
      onAccept: (offer, variant) =>
        acceptOffer(ctx, (call) => commerce.then((chunk) => chunk.cartCall(call)), offer, variant, texts.failed),
      onShown: (offerId) => {
        if (!offerId) return host.removeAttribute(OFFER_ID_ATTRIBUTE);
        // The first offer shown is the card's first render; another one later is not announced.
        if (!rendered++) announceRendered(host, 'offer-card');
        host.setAttribute(OFFER_ID_ATTRIBUTE, offerId);
      },
      dropdown,
    }),
    { report: ctx.report, name: 'offer-card', onError: () => host.removeAttribute(OFFER_ID_ATTRIBUTE) },
  );
  return () => {
    stopDropdown();
    state.dispose();
    unmount();
  };
};
