/**
 * The product page (Dawn's `main-product` section) and the product JSON endpoints
 * (`/products/{handle}.js`, `.json`).
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { esc, safeJson } from '../lib/html.ts';
import { renderAppBlock, themePage, type ThemePage } from './appExtension.ts';
import { getProduct, type Product, type Variant } from './catalog.ts';
import { renderPage, type PageCtx } from './layout.ts';
import { t } from './locale.ts';
import { presentment, type Market } from './markets.ts';
import { ratingHtml } from './ratings.ts';
import { imageHostOf, imageTag, PRODUCT_MEDIA_IMAGE, PRODUCT_THUMBNAIL_IMAGE, withImageHost } from './media.ts';
import { queryOf, sendHtml, type PageRoutes } from './pageContext.ts';
import { inlineScript } from './inlineScript.ts';
import { analyticsProduct, priceHtml } from './sections.ts';

const SECTION_ID = 'template--1__main';

/**
 * The alternate product template (`?view=blocks`, the platform's `product.blocks.json`): the
 * theme's sections with Vitrine's app blocks where a merchant dragged them, each where the
 * widgets' own defaults would not go (the reviews widget above the description, the stars line
 * under the price, the offer card under the media, the currency selector in the header), so
 * the browser tests can tell a block's place from a default one.
 */
const BLOCKS_VIEW = 'blocks';

/** The app blocks of the alternate template, as rendered HTML for their places in the main section. */
interface MainSectionBlocks {
  underPrice: string;
  aboveDescription: string;
  underMedia: string;
}

/** The alternate template's app blocks in the main section (ids as the platform names app blocks: `<app>_<block>_<random>`). */
function mainSectionBlocks(page: ThemePage, product: Product): MainSectionBlocks {
  const forProduct = { id: product.id, handle: product.handle };
  return {
    underPrice: renderAppBlock({ name: 'star-rating', id: 'vitrine_star_rating_St3Mx9' }, page, forProduct),
    aboveDescription: renderAppBlock({ name: 'reviews', id: 'vitrine_reviews_Rv7Kq2' }, page, forProduct),
    underMedia: renderAppBlock({ name: 'offer-card', id: 'vitrine_offer_card_Of5Pz4' }, page, forProduct),
  };
}

/** The variant selects and add-to-cart form script (server/shop/assets/product-form.js), read once at start. */
const PRODUCT_FORM_SCRIPT = inlineScript(fs.readFileSync(new URL('./assets/product-form.js', import.meta.url), 'utf8'));

/** The product as the platform's product JSON has it (without the catalogue-only helpers). */
function productJson(product: Product) {
  const { collection_ids: _collectionIds, ...json } = product;
  return json;
}

/** The product JSON a theme embeds in its page: prices in the page's market currency (cents). */
function marketProductJson(product: Product, market: Market) {
  const inMarket = (cents: number | null) => (cents === null ? null : presentment(cents, market));
  const json = productJson(product);
  return {
    ...json,
    price: inMarket(json.price),
    price_min: inMarket(json.price_min),
    price_max: inMarket(json.price_max),
    compare_at_price: inMarket(json.compare_at_price),
    compare_at_price_min: inMarket(json.compare_at_price_min),
    compare_at_price_max: inMarket(json.compare_at_price_max),
    variants: json.variants.map((variant) => ({
      ...variant,
      price: inMarket(variant.price),
      compare_at_price: inMarket(variant.compare_at_price),
    })),
  };
}

/** `/products/{handle}.json` shape: `{product}` with extra Shopify-admin-style aliases; image URLs at `host`. */
function productApiJson(product: Product, host: string) {
  const json = withImageHost(productJson(product), host);
  const media = json.media[0];
  const image = media ? { src: media.src, width: media.width, height: media.height, alt: product.title } : null;
  return { ...json, body_html: product.description, product_type: product.type, image };
}

/** One dropdown per option, the selected variant's values selected. */
function variantSelects(product: Product, selected: Variant): string {
  const dropdowns = product.options_with_values.map((option, index) => {
    const choices = option.values
      .map((value) => `<option value="${esc(value)}"${selected.options[index] === value ? ' selected' : ''}>${esc(value)}</option>`)
      .join('');
    return `<div class="product-form__input product-form__input--dropdown"><label class="form__label" for="Option-${SECTION_ID}-${index}">${esc(option.name)}</label><div class="select"><select id="Option-${SECTION_ID}-${index}" class="select__select" name="options[${esc(option.name)}]" form="product-form-${SECTION_ID}">${choices}</select></div></div>`;
  });
  return `<variant-selects id="variant-selects-${SECTION_ID}" data-section="${SECTION_ID}">${dropdowns.join('')}</variant-selects>`;
}

/**
 * The main image (the selected variant's, else the product's: eager, high fetch priority, as the
 * page's largest paint should be) and, with more than one, the other images as thumbnails;
 * srcset and sizes as Dawn writes them; then `after` (the alternate template's app blocks).
 * Nothing but `after` for a product without images.
 */
function productMedia(ctx: PageCtx, product: Product, selected: Variant, after = ''): string {
  const main = selected.featured_image ?? product.media[0];
  if (!main) return after;
  const thumbnails =
    product.media.length > 1
      ? `<ul class="list-menu product__media-list" role="list" style="margin-top:1rem">${product.media
          .slice(1)
          .map(
            (media) =>
              `<li style="width:7rem">${imageTag(media, ctx.imageHost, { ...PRODUCT_THUMBNAIL_IMAGE, alt: media.alt, attributes: 'loading="lazy"' })}</li>`,
          )
          .join('')}</ul>`
      : '';
  const image = imageTag(main, ctx.imageHost, {
    ...PRODUCT_MEDIA_IMAGE,
    alt: product.title,
    attributes: 'loading="eager" fetchpriority="high"',
  });
  return `<div class="product__media-wrapper"><div class="product__media media">${image}</div>${thumbnails}${after}</div>`;
}

/** The quantity input and the add-to-cart form (the button says sold out or pre-order when it should). */
function addToCartForm(ctx: PageCtx, selected: Variant): string {
  const locale = ctx.locale;
  const preorder = selected.available && selected.inventory_policy === 'continue' && selected.inventory_quantity <= 0;
  const buttonLabel = !selected.available ? t(locale, 'soldOut') : preorder ? t(locale, 'preorder') : t(locale, 'addToCart');
  const labels = `${t(locale, 'addToCart')}|${t(locale, 'soldOut')}|${t(locale, 'preorder')}`;
  const quantity = `<div class="product-form__input product-form__quantity"><label class="form__label" for="Quantity-${SECTION_ID}">${esc(t(locale, 'quantity'))}</label><input class="quantity__input" type="number" name="quantity" id="Quantity-${SECTION_ID}" min="1" max="99" value="1" form="product-form-${SECTION_ID}"></div>`;
  const button = `<button id="ProductSubmitButton-${SECTION_ID}" type="submit" name="add" class="product-form__submit button button--full-width button--secondary" data-labels="${esc(labels)}"${selected.available ? '' : ' disabled'}><span>${esc(buttonLabel)}</span></button>`;
  const form = `<form method="post" action="${esc(ctx.root)}cart/add" id="product-form-${SECTION_ID}" accept-charset="UTF-8" class="form product-form" enctype="multipart/form-data" novalidate data-type="add-to-cart-form"><input type="hidden" name="form_type" value="product"><input type="hidden" name="utf8" value="✓"><input type="hidden" name="id" value="${selected.id}" class="product-variant-id"><div class="product-form__buttons">${button}</div></form>`;
  return `${quantity}<div><product-form class="product-form" data-section-id="${SECTION_ID}"><div class="product-form__error-message-wrapper" role="alert" hidden></div>${form}</product-form></div>`;
}

/**
 * Dawn's `rating` block of the main product section, under the title: the product's review
 * rating when the theme shows ratings (`ctx.ratings` holds it only then). The alternate template
 * has the app's "Star rating" block instead.
 */
function ratingBlock(ctx: PageCtx, product: Product): string {
  const rating = ctx.ratings.get(product.id);
  return rating ? `<div class="rating-wrapper">${ratingHtml(ctx.locale, rating)}</div>` : '';
}

/** Vendor, title, rating, price, variant selects, add-to-cart form and description, with the alternate template's app blocks. */
function productInfo(ctx: PageCtx, product: Product, selected: Variant, blocks: MainSectionBlocks | null): string {
  const hasVariants = !(product.variants.length === 1 && selected.title === 'Default Title');
  const price = priceHtml(ctx, selected.price, selected.compare_at_price, selected.available, { large: true });
  return `<div class="product__info-wrapper"><div id="ProductInfo-${SECTION_ID}" class="product__info-container"><p class="product__text caption-with-letter-spacing">${esc(product.vendor)}</p><div class="product__title"><h1>${esc(product.title)}</h1></div>${blocks ? '' : ratingBlock(ctx, product)}<div class="no-js-hidden" id="price-${SECTION_ID}" role="status">${price}</div>${blocks?.underPrice ?? ''}<p class="product__tax caption rte">${esc(t(ctx.locale, 'taxes'))}</p>${hasVariants ? variantSelects(product, selected) : ''}${addToCartForm(ctx, selected)}${blocks?.aboveDescription ?? ''}<div class="product__description rte">${product.description}</div></div></div>`;
}

/**
 * The product section: media, info, the product JSON and the product form script. `variantId`
 * from `?variant=`; `blocks`, the alternate template's app blocks (null for the default template).
 */
function productBody(ctx: PageCtx, product: Product, variantId: number | null, blocks: MainSectionBlocks | null): string {
  const selected =
    product.variants.find((variant) => variant.id === variantId) ??
    product.variants.find((variant) => variant.available) ??
    product.variants[0]!;
  const productJsonScript = `<script type="application/json" id="ProductJson-${SECTION_ID}">${safeJson(withImageHost(marketProductJson(product, ctx.market), ctx.imageHost))}</script>`;
  const formScript = `<script data-section="${SECTION_ID}" data-money-format="${esc(ctx.market.format)}">${PRODUCT_FORM_SCRIPT}</script>`;
  return `<section id="shopify-section-${SECTION_ID}" class="shopify-section section"><product-info id="MainProduct-${SECTION_ID}" class="page-width" data-section="${SECTION_ID}" data-product-id="${product.id}"><div class="product product--medium grid--1-col${product.media.length ? '' : ' product--no-media'}">${productMedia(ctx, product, selected, blocks?.underMedia)}${productInfo(ctx, product, selected, blocks)}</div></product-info>${productJsonScript}${formScript}</section>`;
}

/** `/products/{handle}` (HTML) and `/products/{handle}.js` / `.json` (the platform's product JSON, CORS `*`). */
export function registerProductPages(app: FastifyInstance, pages: PageRoutes): void {
  app.get<{ Params: { handle: string } }>('/products/:handle', async (request, reply) => {
    const match = /^(.+?)(\.js|\.json|\.oembed)?$/.exec(request.params.handle);
    const entry = match ? getProduct(match[1]!) : undefined;
    const suffix = match?.[2];
    if (suffix === '.js' || suffix === '.json') {
      reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*').type('application/json; charset=utf-8');
      if (!entry) return reply.code(404).send({ status: 404, message: 'Not Found', description: 'Not Found' });
      const host = imageHostOf(request);
      return reply.send(
        suffix === '.js' ? withImageHost(productJson(entry.product), host) : { product: productApiJson(entry.product, host) },
      );
    }
    if (!entry || suffix) return pages.notFound(request, reply);
    const product = entry.product;
    const query = queryOf(request);
    const variantId = query.variant && /^\d{1,20}$/.test(query.variant) ? Number(query.variant) : null;
    // Another `view` has no template of its own: the platform renders the default one.
    const templateSuffix = query.view === BLOCKS_VIEW ? BLOCKS_VIEW : undefined;
    // Only the default template has the theme's rating block.
    const ctx = await pages.withRatings(await pages.pageCtx(request), templateSuffix ? [] : [product.id]);
    const page = templateSuffix && themePage('product', { suffix: templateSuffix, designMode: ctx.designMode, locale: ctx.locale.lang });
    return sendHtml(
      reply,
      renderPage(ctx, {
        title: product.title,
        description: product.description.replace(/<[^>]+>/g, ''),
        pageType: 'product',
        resourceType: 'product',
        resourceId: product.id,
        productMeta: analyticsProduct(product),
        body: productBody(ctx, product, variantId, page ? mainSectionBlocks(page, product) : null),
        canonicalPath: `/products/${product.handle}`,
        templateSuffix,
        headerBlocks: page ? renderAppBlock({ name: 'currency-selector', id: 'vitrine_currency_selector_Cs8Ln6' }, page) : undefined,
      }),
    );
  });
}
