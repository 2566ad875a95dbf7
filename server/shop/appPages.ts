/**
 * The app's own shop pages (SPEC §2 "the product's own sub-paths", "A reviews page is supported",
 * "Order-review flow"): `/pages/top-reviews`, a plain Dawn page the reviews widget fills with the
 * featured reviews, and `/pages/review-order?code=…&product=<handle>[&name=…&email=…]`, which
 * carries the review-order data (SPEC §3) as `<script type="application/json"
 * id="vitrine-review-order">` so the widget sends the shopper on to the product page. Both are
 * platform "pages" (`pageType: 'page'`); the script tells them apart by their path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { esc, safeJson } from '../lib/html.ts';
import { getProduct } from './catalog.ts';
import { renderPage } from './layout.ts';
import { t } from './locale.ts';
import { sendHtml, type PageRoutes } from './pageContext.ts';

const TOP_REVIEWS_PATH = '/pages/top-reviews';
const REVIEW_ORDER_PATH = '/pages/review-order';

/** A query parameter (the first of repeated ones), trimmed and cut to `max`; null when absent or blank. */
const param = (request: FastifyRequest, key: string, max: number): string | null => {
  const raw: unknown = ((request.query ?? {}) as Record<string, unknown>)[key];
  const value: unknown = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
};

/** The review-order data of a request: null unless `product` names a product of the catalogue. */
function reviewOrderData(
  request: FastifyRequest,
): { productHandle: string; code: string | null; customerName: string | null; customerEmail: string | null } | null {
  const handle = param(request, 'product', 255);
  if (!handle || !getProduct(handle)) return null;
  return {
    productHandle: handle,
    code: param(request, 'code', 100),
    customerName: param(request, 'name', 200),
    customerEmail: param(request, 'email', 200),
  };
}

/** `/pages/top-reviews` and `/pages/review-order` (see above). */
export function registerAppPages(app: FastifyInstance, pages: PageRoutes): void {
  app.get(TOP_REVIEWS_PATH, async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const title = t(ctx.locale, 'reviewsTitle');
    const body = `<div class="page-width section"><h1 class="main-page-title page-title h0">${esc(title)}</h1><div class="rte">${esc(t(ctx.locale, 'reviewsText'))}</div></div>`;
    return sendHtml(
      reply,
      renderPage(ctx, { title, description: t(ctx.locale, 'reviewsText'), pageType: 'page', body, canonicalPath: TOP_REVIEWS_PATH }),
    );
  });

  app.get(REVIEW_ORDER_PATH, async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const data = reviewOrderData(request);
    const title = t(ctx.locale, 'reviewOrderTitle');
    const link = data
      ? `<p><a class="link" href="${esc(`${ctx.root}products/${data.productHandle}`)}">${esc(getProduct(data.productHandle)!.product.title)}</a></p>`
      : '';
    const script = data ? `<script type="application/json" id="vitrine-review-order">${safeJson(data)}</script>` : '';
    const body = `<div class="page-width section"><h1 class="main-page-title page-title h0">${esc(title)}</h1><div class="rte"><p>${esc(t(ctx.locale, data ? 'reviewOrderText' : 'reviewOrderMissing'))}</p>${link}</div>${script}</div>`;
    // The page carries a customer's name and e-mail: never cached.
    return sendHtml(
      reply,
      renderPage(ctx, { title, description: title, pageType: 'page', body, canonicalPath: REVIEW_ORDER_PATH }),
      200,
      'no-store',
    );
  });
}
