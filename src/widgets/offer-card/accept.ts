/**
 * Accepting an offer: the chosen variant goes into the cart through our cart calls (spec §7: a
 * 422 shows the platform's message in a browser alert; a cart that disagrees afterwards gives
 * spec §8's message), then the offer's discount is applied the platform's way,
 * `GET {root}/discount/{code}` (it stores the code for the cart and checkout), asked to redirect to
 * the cart JSON so it costs one request. The line carries the offer's id as a hidden property
 * (`_vitrine_offer`, hidden at checkout like every `_` property).
 */
import type { CartCall, CartResult } from '../../core/cartApi';
import { announceInteraction } from '../../core/lib/announceInteraction';
import type { Variant } from '../../core/productData';
import type { WidgetContext } from '../types';
import type { AcceptOutcome } from './OfferCard';
import type { Offer } from './settings';

/** The line property that names the offer a line came from. */
export const OFFER_PROPERTY = '_vitrine_offer';

/** What the card tells the shopper for a cart call's result (`failed`: its own text). */
export function acceptOutcome(result: CartResult, failedText: string): AcceptOutcome {
  switch (result.kind) {
    case 'ok':
      return { kind: 'added' };
    case 'outOfSync':
      return { kind: 'message', message: result.message };
    case 'rejected':
      return { kind: 'silent' };
    case 'failed':
      return { kind: 'message', message: failedText };
  }
}

/**
 * Adds `variant` for `offer` and applies its discount code (see the module comment). `cartCall` is
 * the commerce chunk's (it goes through the page's one cart reader, so the `cart` signal, the
 * stored snapshot and `vitrine:cart-changed` follow). Never rejects.
 */
export async function acceptOffer(
  ctx: WidgetContext,
  cartCall: (call: CartCall) => Promise<CartResult>,
  offer: Offer,
  variant: Variant,
  failedText: string,
): Promise<AcceptOutcome> {
  const root = ctx.page.store.root;
  const result = await cartCall({
    kind: 'add',
    items: [{ id: variant.id, quantity: 1, properties: { [OFFER_PROPERTY]: offer.id } }],
  }).catch((error: unknown): CartResult => ({ kind: 'failed', reason: String(error) }));
  if (result.kind === 'ok' || result.kind === 'outOfSync')
    announceInteraction('offer-accepted', { offerId: offer.id, variantId: variant.id });
  if ((result.kind === 'ok' || result.kind === 'outOfSync') && offer.discountCode) {
    const cartJson = encodeURIComponent(`${root}/cart.js`);
    // A failure is the request wrapper's to report; the item is in the cart either way.
    await ctx
      .request(`${root}/discount/${encodeURIComponent(offer.discountCode)}?redirect=${cartJson}`, { cache: 'no-store' })
      .catch(() => null);
  }
  return acceptOutcome(result, failedText);
}
