/**
 * The demo shop's pages of one locale: home, collections, search and the discount link here; the
 * product, cart and app pages in their own modules.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { esc } from '../lib/html.ts';
import { safeRedirectPath } from '../lib/safePath.ts';
import { issueEditorToken } from '../provider/editorToken.ts';
import { registerAppPages } from './appPages.ts';
import { CartStore } from './cart/store.ts';
import { registerCartPages } from './cartPage.ts';
import { DISCOUNT_COOKIE, discountRedirect } from './discounts.ts';
import {
  COLLECTIONS,
  getCollection,
  PRODUCTS,
  productsOf,
  SORT_OPTIONS,
  sortProducts,
  type CatalogProduct,
  type Collection,
} from './catalog.ts';
import { renderPage, type PageCtx } from './layout.ts';
import { t, type Locale } from './locale.ts';
import { pageRoutes, queryOf, sendHtml, type PageRoutes } from './pageContext.ts';
import { registerProductPages } from './productPage.ts';
import { productGrid } from './sections.ts';

/** The home page's featured products: the first 8 of `frontpage`. */
const featuredProducts = (): CatalogProduct[] => productsOf(getCollection('frontpage')!).slice(0, 8);

/** Dawn's `image-banner` and `featured-collection` sections (the first 8 products of `frontpage`). */
function homeBody(ctx: PageCtx): string {
  const locale = ctx.locale;
  const featured = featuredProducts();
  const banner = `<section id="shopify-section-template--2__image_banner" class="shopify-section"><div class="banner"><div class="page-width"><h2 class="banner__heading h1">${esc(t(locale, 'heroText'))}</h2><p class="banner__text">Organic cotton, hand-thrown ceramics and small-batch goods.</p><a class="button" href="${esc(ctx.root)}collections/all">${esc(t(locale, 'shopNow'))}</a></div></div></section>`;
  const grid = productGrid(ctx, featured, 'template--2__featured_collection', 2, 'Slider-template--2__featured_collection');
  return `${banner}<section id="shopify-section-template--2__featured_collection" class="shopify-section section"><div class="page-width"><div class="title-wrapper"><h2 class="title">${esc(t(locale, 'featured'))}</h2><a href="${esc(ctx.root)}collections/frontpage" class="link">${esc(t(locale, 'viewAll'))}</a></div>${grid}</div></section>`;
}

/** The list of collections (all but `frontpage`), with their product counts. */
function collectionsBody(ctx: PageCtx): string {
  const list = COLLECTIONS.filter((collection) => collection.handle !== 'frontpage')
    .map(
      (collection) =>
        `<li class="grid__item"><a class="button button--secondary button--full-width" href="${esc(ctx.root)}collections/${collection.handle}">${esc(collection.title)} (${collection.productHandles.length})</a></li>`,
    )
    .join('');
  return `<div class="page-width section"><h1>Collections</h1><ul class="grid" role="list">${list}</ul></div>`;
}

/** The collection's sort dropdown (submits on change; a button without JS). */
function sortSelect(ctx: PageCtx, sortBy: string): string {
  const options = SORT_OPTIONS.map(
    (option) => `<option value="${option.value}"${option.value === sortBy ? ' selected' : ''}>${esc(option.label)}</option>`,
  ).join('');
  return `<form class="facets" method="get" action=""><div><label class="form__label" for="SortBy">${esc(t(ctx.locale, 'sortBy'))}</label><div class="select"><select name="sort_by" class="facet-filters__sort select__select" id="SortBy" aria-describedby="a11y-refresh-page-message" onchange="this.form.submit()">${options}</select></div><span id="a11y-refresh-page-message" class="visually-hidden">Choosing a sort option reloads the page.</span></div><noscript><button type="submit" class="button button--secondary">${esc(t(ctx.locale, 'update'))}</button></noscript></form>`;
}

/** The collection page's product-grid section (its wrapper's id and the grid's `data-id`). */
const GRID_SECTION = 'template--3__product-grid';

/** Dawn's `main-collection-product-grid`, sorted by `sortBy` (a SORT_OPTIONS value). */
function collectionBody(ctx: PageCtx, collection: Collection, sortBy: string): string {
  const products = sortProducts(productsOf(collection), sortBy);
  const hero = `<div class="collection-hero"><h1 class="collection-hero__title"><span class="visually-hidden">Collection: </span>${esc(collection.title)}</h1><p class="collection-hero__description">${esc(collection.description)}</p></div>`;
  // Wrapped as the platform wraps every section a template renders (the theme's "Show product
  // rating" and the other settings are a section's).
  return `<div id="shopify-section-${GRID_SECTION}" class="shopify-section"><div class="page-width section">${hero}<div id="ProductGridContainer"><h2 class="visually-hidden">${esc(t(ctx.locale, 'listProducts'))}</h2>${sortSelect(ctx, sortBy)}<p class="product-count" role="status">${products.length} ${esc(t(ctx.locale, 'products'))}</p>${productGrid(ctx, products, GRID_SECTION, 4)}</div></div></div>`;
}

/** The products whose title contains `query` (case-insensitive); none for an empty query. */
const searchHits = (query: string): CatalogProduct[] =>
  query ? PRODUCTS.filter((entry) => entry.product.title.toLowerCase().includes(query.toLowerCase())) : [];

/** The search form and the products whose title contains `query` (case-insensitive). */
function searchBody(ctx: PageCtx, query: string): string {
  const locale = ctx.locale;
  const hits = searchHits(query);
  const form = `<form action="${esc(ctx.root)}search" method="get" class="facets"><label class="visually-hidden" for="Search-In-Template">${esc(t(locale, 'search'))}</label><input class="field__input" id="Search-In-Template" type="search" name="q" value="${esc(query)}"><button class="button" type="submit">${esc(t(locale, 'search'))}</button></form>`;
  const results = hits.length
    ? `<h2 class="visually-hidden">${esc(t(locale, 'listProducts'))}</h2>${productGrid(ctx, hits, 'template--4__main', 4)}`
    : '';
  return `<div class="page-width section"><h1>${esc(t(locale, 'search'))}</h1>${form}${results}</div>`;
}

function registerCatalogPages(app: FastifyInstance, pages: PageRoutes): void {
  app.get('/', async (request, reply) => {
    const ctx = await pages.withRatings(
      await pages.pageCtx(request),
      featuredProducts().map((entry) => entry.product.id),
    );
    const description = 'Vitrine Demo shop: thoughtfully made goods for everyday life.';
    return sendHtml(reply, renderPage(ctx, { title: 'Home', description, pageType: 'home', body: homeBody(ctx), logoIsH1: true }));
  });

  app.get('/collections', async (request, reply) => {
    const ctx = await pages.pageCtx(request);
    const description = 'All collections of the Vitrine Demo shop.';
    return sendHtml(reply, renderPage(ctx, { title: 'Collections', description, pageType: 'collections', body: collectionsBody(ctx) }));
  });

  app.get<{ Params: { handle: string } }>('/collections/:handle', async (request, reply) => {
    const collection = getCollection(request.params.handle);
    if (!collection) return pages.notFound(request, reply);
    const ctx = await pages.withRatings(
      await pages.pageCtx(request),
      productsOf(collection).map((entry) => entry.product.id),
    );
    const requested = queryOf(request).sort_by;
    const sortBy = SORT_OPTIONS.some((option) => option.value === requested) ? requested! : 'manual';
    const body = collectionBody(ctx, collection, sortBy);
    const description = `${collection.title}: ${collection.description}`;
    return sendHtml(
      reply,
      renderPage(ctx, {
        title: collection.title,
        description,
        pageType: 'collection',
        resourceType: 'collection',
        resourceId: collection.id,
        body,
      }),
    );
  });

  app.get('/search', async (request, reply) => {
    const query = (queryOf(request).q ?? '').slice(0, 100);
    const ctx = await pages.withRatings(
      await pages.pageCtx(request),
      searchHits(query).map((entry) => entry.product.id),
    );
    return sendHtml(
      reply,
      renderPage(ctx, {
        title: t(ctx.locale, 'search'),
        description: 'Search the shop',
        pageType: 'searchresults',
        body: searchBody(ctx, query),
      }),
    );
  });
}

/**
 * `/discount/{code}`: sets the `discount_code` cookie (the cart shows a code the shop knows on its
 * lines, discounts.ts) and redirects to `?redirect=` when it stays on the site, else home; a
 * redirect link with `discount[` in it goes to checkout instead (spec §2).
 */
function registerDiscountLink(app: FastifyInstance, locale: Locale): void {
  app.get<{ Params: { code: string } }>('/discount/:code', async (request, reply) => {
    reply.setCookie(DISCOUNT_COOKIE, request.params.code.slice(0, 100), { path: '/', sameSite: 'lax' });
    const target = safeRedirectPath(queryOf(request).redirect, `${locale.prefix}/`);
    return reply.redirect(discountRedirect(target, `${locale.prefix}/`), 302);
  });
}

/** Every page of the demo shop for one locale (registered in that locale's prefixed scope). */
export function registerPages(app: FastifyInstance, ctx: AppContext, locale: Locale): void {
  // The platform's part, played by the demo: the app's backend issues the owner's editor token.
  const editorToken = () => issueEditorToken(ctx, DEMO_SHOP_ID).then((issued) => issued.token);
  const pages = pageRoutes(new CartStore(ctx.storage.carts), locale, ctx.storage.platformMetafields, { editorToken, theme: ctx.demoTheme });
  registerAppPages(app, pages, ctx.storage.orders);
  registerCatalogPages(app, pages);
  registerProductPages(app, pages);
  registerCartPages(app, pages);
  registerDiscountLink(app, locale);
}
