/**
 * The e-mail a shopper typed into the form and left, sent to the provider when the form closes
 * without a stored review (`POST {providerBase}store-captured-email`, JSON
 * `{ shopId, email, productHandle }`, answered 204) — once per address and page view, and never
 * when the platform's privacy API says marketing or tracking is not allowed.
 */
import type { WidgetContext } from '../../types';

/** Addresses sent in this page view. */
const sent = new Set<string>();

/** The platform's consent API (`Shopify.customerPrivacy`), when the page has one. */
interface CustomerPrivacy {
  marketingAllowed?(): boolean;
  userCanBeTracked?(): boolean;
}

/** False when the privacy API says no (or throws when asked); true without one. */
export function privacyAllows(win: Window = window): boolean {
  const privacy = (win as unknown as { Shopify?: { customerPrivacy?: CustomerPrivacy } }).Shopify?.customerPrivacy;
  try {
    return !privacy || (privacy.marketingAllowed?.() !== false && privacy.userCanBeTracked?.() !== false);
  } catch {
    return false;
  }
}

/** Sends `email` for `productHandle` once, when privacy allows; failures stay silent (the wrapper reports them). */
export function sendCapturedEmail(ctx: WidgetContext, email: string, productHandle: string): void {
  if (sent.has(email) || !privacyAllows()) return;
  sent.add(email);
  const { providerBase, shopId } = ctx.settings;
  ctx.request(`${providerBase}store-captured-email`, { json: { shopId, email, productHandle } }).catch(() => {});
}
