/**
 * The app's own shop pages (SPEC §2 "the product's own sub-paths", "A reviews page is supported",
 * "Order-review flow"):
 *
 * - `/pages/top-reviews`, a plain Dawn page the reviews widget fills with the featured reviews;
 * - `/pages/review-order?code=…`, which carries the review-order data (SPEC §3: productHandle,
 *   code, customerName, customerEmail) as `<script type="application/json" id="vitrine-review-order">`
 *   so the widget sends the shopper on to the product page. With the code alone the order is looked
 *   up in the provider's storage (an unknown or used code has no data); with
 *   `&product=<handle>[&name=…&email=…]` the data comes from the query as given (a platform's own
 *   link);
 * - `/pages/demo-orders`, the demo shop's orders with their review links (a way to try them).
 *
 * They are platform "pages" (`pageType: 'page'`); the script tells them apart by their path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { firstText } from '../lib/fieldText.ts';
import { esc, safeJson } from '../lib/html.ts';
import type { OrderStore } from '../storage/orders.ts';
import { getProduct } from './catalog.ts';
import { renderPage, type PageCtx } from './layout.ts';
import { t } from './locale.ts';
import { sendHtml, type PageRoutes } from './pageContext.ts';

const TOP_REVIEWS_PATH = '/pages/top-reviews';
const REVIEW_ORDER_PATH = '/pages/review-order';
const DEMO_ORDERS_PATH = '/pages/demo-orders';
/** Orders listed on the demo orders page. */
const DEMO_ORDERS_SHOWN = 20;

/** A query parameter (the first of repeated ones), trimmed and cut to `max`; null when absent or blank. */
const param = (request: FastifyRequest, key: string, max: number): string | null => {
  const raw: unknown = ((request.query ?? {}) as Record<string, unknown>)[key];
  const value = firstText(raw)?.trim();
  return value ? value.slice(0, max) : null;
};

/** The review-order data of SPEC §3. */
interface ReviewOrderData {
  productHandle: string;
  code: string | null;
  customerName: string | null;
  customerEmail: string | null;
}

/** What the review-order page shows: the data, or why there is none. */
type ReviewOrderLookup = { data: ReviewOrderData } | { missing: 'reviewOrderMissing' | 'reviewOrderUsed' };

/** The data from the query: none unless `product` names a product of the catalogue. */
function dataFromQuery(request: FastifyRequest, handle: string): ReviewOrderLookup {
  if (!getProduct(handle)) return { missing: 'reviewOrderMissing' };
  return {
    data: {
      productHandle: handle,
      code: param(request, 'code', 100),
      customerName: param(request, 'name', 200),
      customerEmail: param(request, 'email', 200),
    },
  };
}

/** The data of the stored order with this code: none when unknown, used, or of a product not in the catalogue. */
async function dataFromOrder(orders: OrderStore, code: string): Promise<ReviewOrderLookup> {
  const order = await orders.find(DEMO_SHOP_ID, code);
  if (!order || !getProduct(order.product_handle)) return { missing: 'reviewOrderMissing' };
  if (order.review_id !== null) return { missing: 'reviewOrderUsed' };
  return {
    data: { productHandle: order.product_handle, code: order.code, customerName: order.customer_name, customerEmail: order.customer_email },
  };
}

/** The review-order data of a request (see the module comment). */
async function reviewOrderLookup(request: FastifyRequest, orders: OrderStore): Promise<ReviewOrderLookup> {
  const handle = param(request, 'product', 255);
  if (handle) return dataFromQuery(request, handle);
  const code = param(request, 'code', 100);
  return code ? dataFromOrder(orders, code) : { missing: 'reviewOrderMissing' };
}

/** A page of the theme: a title and its content, with the page's metadata. */
function simplePage(ctx: PageCtx, title: string, content: string, canonicalPath: string): string {
  const body = `<div class="page-width section"><h1 class="main-page-title page-title h0">${esc(title)}</h1><div class="rte">${content}</div></div>`;
  return renderPage(ctx, { title, description: title, pageType: 'page', body, canonicalPath });
}

/** The demo orders as a list of review links. */
async function demoOrdersList(ctx: PageCtx, orders: OrderStore): Promise<string> {
  const items = (await orders.list(DEMO_SHOP_ID, DEMO_ORDERS_SHOWN)).map((order) => {
    const title = getProduct(order.product_handle)?.product.title ?? order.product_handle;
    const href = `${ctx.root}pages/review-order?code=${encodeURIComponent(order.code)}`;
    const who = order.customer_name ? ` (${esc(order.customer_name)})` : '';
    const used = order.review_id === null ? '' : ` — ${esc(t(ctx.locale, 'demoOrdersUsed'))}`;
    return `<li><a class="link" href="${esc(href)}">${esc(order.code)}</a>: ${esc(title)}${who}${used}</li>`;
  });
  return `<p>${esc(t(ctx.locale, 'demoOrdersText'))}</p><ul>${items.join('')}</ul>`;
}

/** `/pages/top-reviews`, `/pages/review-order` and `/pages/demo-orders` (see above). */
export function registerAppPages(app: FastifyInstance, pages: PageRoutes, orders: OrderStore): void {
  app.get(TOP_REVIEWS_PATH, async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const title = t(ctx.locale, 'reviewsTitle');
    const demoLink = `<p><a class="link" href="${esc(`${ctx.root}pages/demo-orders`)}">${esc(t(ctx.locale, 'demoOrdersLink'))}</a></p>`;
    const body = `<div class="page-width section"><h1 class="main-page-title page-title h0">${esc(title)}</h1><div class="rte">${esc(t(ctx.locale, 'reviewsText'))}${demoLink}</div></div>`;
    return sendHtml(
      reply,
      renderPage(ctx, { title, description: t(ctx.locale, 'reviewsText'), pageType: 'page', body, canonicalPath: TOP_REVIEWS_PATH }),
    );
  });

  app.get(REVIEW_ORDER_PATH, async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const lookup = await reviewOrderLookup(request, orders);
    const title = t(ctx.locale, 'reviewOrderTitle');
    let content = `<p>${esc(t(ctx.locale, 'missing' in lookup ? lookup.missing : 'reviewOrderText'))}</p>`;
    if ('data' in lookup) {
      const { productHandle } = lookup.data;
      content += `<p><a class="link" href="${esc(`${ctx.root}products/${productHandle}`)}">${esc(getProduct(productHandle)!.product.title)}</a></p>`;
      content += `<script type="application/json" id="vitrine-review-order">${safeJson(lookup.data)}</script>`;
    }
    // The page carries a customer's name and e-mail: never cached.
    return sendHtml(reply, simplePage(ctx, title, content, REVIEW_ORDER_PATH), 200, 'no-store');
  });

  app.get(DEMO_ORDERS_PATH, async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    // Names of customers and whether they reviewed: never cached.
    return sendHtml(
      reply,
      simplePage(ctx, t(ctx.locale, 'demoOrdersTitle'), await demoOrdersList(ctx, orders), DEMO_ORDERS_PATH),
      200,
      'no-store',
    );
  });
}
