/** The cart page (Dawn's `main-cart-items` and footer) and the demo checkout page. */
import type { FastifyInstance } from 'fastify';
import { esc } from '../lib/html.ts';
import { cartJson } from './cart/json.ts';
import { CART_COOKIE } from './cart/store.ts';
import { DISCOUNT_COOKIE, discountFor } from './discounts.ts';
import { money, renderPage, type PageCtx } from './layout.ts';
import { t } from './locale.ts';
import { cdnUrl } from './media.ts';
import { queryOf, sendHtml, type PageRoutes } from './pageContext.ts';

type CartJson = ReturnType<typeof cartJson>;

/** The discount codes on a line (`BUNDLE15 (-$3.60)`), as Dawn lists them under the line. */
function discountNote(ctx: PageCtx, item: CartJson['items'][number]): string {
  return item.line_level_discount_allocations
    .map(
      (allocation) =>
        `<div class="product-option discounts"><span class="discounts__discount">${esc(allocation.discount_application.title)} (-${money(allocation.amount, ctx)})</span></div>`,
    )
    .join('');
}

/** One cart row: image, name, variant, unit price, the discount codes on it, quantity input, remove link, line total (before and after discounts). */
function cartRow(ctx: PageCtx, item: CartJson['items'][number], lineNumber: number): string {
  const locale = ctx.locale;
  const details = `<td class="cart-item__details"><a href="${esc(item.url)}" class="cart-item__name link">${esc(item.product_title)}</a>${item.variant_title ? `<div class="product-option">${esc(item.variant_title)}</div>` : ''}<div class="product-option">${money(item.price, ctx)}</div>${discountNote(ctx, item)}</td>`;
  const quantity = `<td class="cart-item__quantity"><label class="visually-hidden" for="Quantity-${lineNumber}">${esc(t(locale, 'quantity'))}: ${esc(item.title)}</label><input class="quantity__input" type="number" name="updates[]" value="${item.quantity}" min="0" id="Quantity-${lineNumber}" data-index="${lineNumber}" style="width:8rem"> <a href="${esc(ctx.root)}cart/change?line=${lineNumber}&amp;quantity=0" class="button button--secondary cart-remove-button" aria-label="${esc(`${t(locale, 'remove')} ${item.title}`)}">×</a></td>`;
  return `<tr class="cart-item" id="CartItem-${lineNumber}"><td class="cart-item__media">${item.image ? `<img src="${esc(cdnUrl(item.image, ctx.imageHost, 300))}" alt="${esc(item.product_title)}" width="80" height="80" loading="lazy">` : ''}</td>${details}${quantity}<td class="cart-item__totals right">${item.total_discount ? `<s class="price price--end">${money(item.original_line_price, ctx)}</s> ` : ''}<span class="price price--end">${money(item.final_line_price, ctx)}</span></td></tr>`;
}

/** The cart form: the rows, the total and the update and checkout buttons. */
function cartForm(ctx: PageCtx, cart: CartJson): string {
  const locale = ctx.locale;
  const rows = cart.items.map((item, index) => cartRow(ctx, item, index + 1)).join('');
  const table = `<table class="cart-items"><caption class="visually-hidden">${esc(t(locale, 'yourCart'))}</caption><thead><tr><th scope="col" class="caption-with-letter-spacing" colspan="2">${esc(t(locale, 'product'))}</th><th scope="col">${esc(t(locale, 'quantity'))}</th><th scope="col">Total</th></tr></thead><tbody>${rows}</tbody></table>`;
  const footer = `<div class="cart__footer"><p class="totals"><span class="totals__total">${esc(t(locale, 'total'))}</span> <span class="totals__total-value">${money(cart.total_price, ctx)} ${ctx.market.currency}</span></p><small class="tax-note caption-large rte">${esc(t(locale, 'taxes'))}</small><button type="submit" class="button button--secondary" name="update">${esc(t(locale, 'update'))}</button><button type="submit" id="checkout" class="cart__checkout-button button" name="checkout" form="cart">${esc(t(locale, 'checkout'))}</button></div>`;
  return `<form action="${esc(ctx.root)}cart/update" class="cart__contents critical-hidden" method="post" id="cart">${table}${footer}</form>`;
}

/** The cart page body; `error` is a cart error the form post redirected with (`?error=`). */
function cartBody(ctx: PageCtx, cart: CartJson, error: string | undefined): string {
  const locale = ctx.locale;
  const errorHtml = error ? `<p class="product-form__error-message-wrapper" role="alert">${esc(error.slice(0, 300))}</p>` : '';
  const continueShopping = esc(t(locale, 'continueShopping'));
  if (!cart.items.length) {
    return `<div class="page-width section"><h1>${esc(t(locale, 'emptyCart'))}</h1>${errorHtml}<a href="${esc(ctx.root)}collections/all" class="button">${continueShopping}</a></div>`;
  }
  return `<div class="page-width section"><cart-items class="is-empty-false"><div class="title-wrapper"><h1 class="title title--primary">${esc(t(locale, 'yourCart'))}</h1><a href="${esc(ctx.root)}collections/all" class="underlined-link">${continueShopping}</a></div>${errorHtml}${cartForm(ctx, cart)}</cart-items></div>`;
}

/** `/cart` and `/checkout` (a demo: it shows the total, no payment is taken). */
export function registerCartPages(app: FastifyInstance, pages: PageRoutes): void {
  app.get('/cart', async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const cart = cartJson(await pages.store.peek(request.cookies[CART_COOKIE]), ctx.root, discountFor(request.cookies[DISCOUNT_COOKIE]));
    const body = cartBody(ctx, cart, queryOf(request).error);
    return sendHtml(
      reply,
      renderPage(ctx, { title: t(ctx.locale, 'yourCart'), description: 'Your shopping cart.', pageType: 'cart', body }),
    );
  });

  app.get('/checkout', async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const cart = cartJson(await pages.store.peek(request.cookies[CART_COOKIE]), ctx.root, discountFor(request.cookies[DISCOUNT_COOKIE]));
    const body = `<div class="page-width section"><h1>Checkout</h1><p>This is a demo shop: no payment is taken. ${cart.item_count} ${esc(t(ctx.locale, 'itemsCount'))}, ${money(cart.total_price, ctx)} ${ctx.market.currency}.</p><a href="${esc(ctx.root)}cart" class="button button--secondary">${esc(t(ctx.locale, 'cart'))}</a></div>`;
    return sendHtml(reply, renderPage(ctx, { title: 'Checkout', description: 'Checkout', pageType: 'checkout', body }));
  });
}
