import { esc } from '../lib/html.ts';
import type { CatalogProduct, Product, Variant } from './catalog.ts';
import { money, type PageCtx } from './layout.ts';
import { t } from './locale.ts';
import { CARD_IMAGE, imageTag } from './media.ts';
import { ratingHtml } from './ratings.ts';

/** Dawn's price block (`price__container` with regular and sale variants). */
export function priceHtml(
  ctx: PageCtx,
  price: number,
  compareAt: number | null,
  available: boolean,
  opts: { large?: boolean; varies?: boolean } = {},
): string {
  const onSale = compareAt !== null && compareAt > price;
  const locale = ctx.locale;
  const from = opts.varies ? 'From ' : '';
  const classes = ['price', opts.large ? 'price--large' : '', onSale ? 'price--on-sale' : '', available ? '' : 'price--sold-out']
    .filter(Boolean)
    .join(' ');
  // Only the visible half of Dawn's regular/sale pair is rendered (keeps the DOM small);
  // both halves are rendered on the product page where the variant script toggles them.
  const regular = `<div class="price__regular"><span class="visually-hidden visually-hidden--inline">${esc(t(locale, 'regular'))}</span><span class="price-item price-item--regular">${from}${money(price, ctx)}</span></div>`;
  const sale = `<div class="price__sale"><span class="visually-hidden visually-hidden--inline">${esc(t(locale, 'regular'))}</span><span><s class="price-item price-item--regular">${onSale ? money(compareAt, ctx) : ''}</s></span><span class="visually-hidden visually-hidden--inline">${esc(t(locale, 'salePrice'))}</span><span class="price-item price-item--sale price-item--last">${from}${money(price, ctx)}</span></div>`;
  const both = opts.large;
  return `<div class="${classes}"><div class="price__container">${both || !onSale ? regular : ''}${both || onSale ? sale : ''}</div>${both ? `<span class="badge price__badge-sale">${esc(t(locale, 'sale'))}</span><span class="badge price__badge-sold-out">${esc(t(locale, 'soldOut'))}</span>` : ''}</div>`;
}

/**
 * Dawn's `card-product` snippet: the product's image (its srcset and sizes as Dawn writes them;
 * `eager` cards, above the fold, skip lazy loading, the first with high fetch priority), or for
 * a product without images Dawn's text card, whose grey box repeats the title; the product's
 * review rating between vendor and price when the theme shows ratings and the product has one.
 */
function productCard(ctx: PageCtx, entry: CatalogProduct, sectionId: string, eager: boolean, first = false): string {
  const product = entry.product;
  const onSale = product.compare_at_price !== null && product.compare_at_price > product.price;
  const href = `${ctx.root}products/${product.handle}`;
  const locale = ctx.locale;
  const badge = !product.available
    ? `<div class="card__badge bottom left"><span id="Badge-${sectionId}-${product.id}" class="badge badge--bottom-left badge--sold-out">${esc(t(locale, 'soldOut'))}</span></div>`
    : onSale
      ? `<div class="card__badge bottom left"><span id="Badge-${sectionId}-${product.id}" class="badge badge--bottom-left">${esc(t(locale, 'sale'))}</span></div>`
      : '';
  const media = product.media[0];
  const rating = ctx.showRating ? ctx.ratings.get(product.id) : undefined;
  const loading = eager ? (first ? 'fetchpriority="high"' : '') : 'loading="lazy"';
  const titleId = `title-${sectionId}-${product.id}`;
  // As Dawn's card-product: the inner content (title link and badge) is in every card, shown on
  // cards without media only (the theme's CSS), so each card links its product twice.
  const inner = `<div class="card__inner ratio">${media ? `<div class="card__media"><div class="media media--transparent">${imageTag(media, ctx.imageHost, { ...CARD_IMAGE, alt: product.title, attributes: `class="motion-reduce" ${loading}`.trim() })}</div></div>` : ''}<div class="card__content"><div class="card__information"><h3 class="card__heading"${media ? '' : ` id="${titleId}"`}><a href="${esc(href)}" id="StandardCardNoMediaLink-${sectionId}-${product.id}" class="full-unstyled-link">${esc(product.title)}</a></h3></div>${badge}</div></div>`;
  return `<li class="grid__item"><div class="card-wrapper product-card-wrapper underline-links-hover"><div class="card card--standard ${media ? 'card--media' : 'card--text'}">${inner}<div class="card__content"><div class="card__information"><h3 class="card__heading${media ? ' h5' : ''}"${media ? ` id="${titleId}"` : ''}><a href="${esc(href)}" id="CardLink-${sectionId}-${product.id}" class="full-unstyled-link">${esc(product.title)}</a></h3><div class="card-information"><span class="caption-large light">${esc(product.vendor)}</span>${rating ? ratingHtml(locale, rating) : ''}${priceHtml(ctx, product.price, product.compare_at_price, product.available, { varies: product.price_varies })}</div></div></div></div></div></li>`;
}

/** Dawn's product grid; the first `eagerCount` cards load eagerly (the first with high fetch priority). */
export function productGrid(ctx: PageCtx, list: CatalogProduct[], sectionId: string, eagerCount: number, id = 'product-grid'): string {
  return `<ul id="${id}" data-id="${sectionId}" class="grid product-grid grid--2-col-tablet-down grid--4-col-desktop" role="list">${list
    .map((entry, index) => productCard(ctx, entry, sectionId, index < eagerCount, index === 0))
    .join('')}</ul>`;
}

/** `ShopifyAnalytics.meta.product` as Shopify emits it. */
export function analyticsProduct(product: Product) {
  return {
    id: product.id,
    gid: `gid://shopify/Product/${product.id}`,
    vendor: product.vendor,
    type: product.type,
    variants: product.variants.map((variant: Variant) => ({
      id: variant.id,
      price: variant.price,
      name: variant.name,
      public_title: variant.public_title,
      sku: variant.sku,
    })),
  };
}
