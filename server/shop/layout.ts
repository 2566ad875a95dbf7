import fs from 'node:fs';
import { DEMO_SHOP_DOMAIN } from '../lib/demoShop.ts';
import { esc, safeJson } from '../lib/html.ts';
import { renderAppEmbed, themePage } from './appExtension.ts';
import { COLLECTIONS } from './catalog.ts';
import { inlineScript } from './inlineScript.ts';
import { LOCALES, t, type Locale } from './locale.ts';
import { marketMoney, type Market } from './markets.ts';
import { RATING_CSS, type ProductRating } from './ratings.ts';

const SHOP_NAME = 'Vitrine Demo';

/** A shop-currency amount (cents) as this page's market shows it. */
export const money = (cents: number, ctx: PageCtx) => marketMoney(cents, ctx.market);

/** Per-request rendering state. */
export interface PageCtx {
  locale: Locale;
  /** '' or '/es' etc. */
  prefix: string;
  /** '/' or '/es/'. */
  root: string;
  designMode: boolean;
  previewThemeId: string | null;
  cartCount: number;
  country: string;
  /** The country's market: the currency every price on the page is shown in (markets.ts). */
  market: Market;
  /** The app embed is on (Theme settings > App embeds); `?vitrine=0` turns it off. */
  includeScript: boolean;
  /** What the app hands the theme editor for owner-mode calls (the app embed writes it in design mode only); null outside it. */
  editorToken: string | null;
  /** Request path without prefix and query, e.g. '/products/x'. */
  path: string;
  /** `//host[:port]` that image URLs are written with, as the platform writes them ('' for root-relative ones; media.ts). */
  imageHost: string;
  /** The theme shows products' review ratings (Dawn's "Show product rating"; ratings.ts). */
  showRating: boolean;
  /** The review metafields of the products this page shows, by product id (read only when `showRating`). */
  ratings: ReadonlyMap<number, ProductRating>;
}

/** What a page puts into the layout. */
export interface PageOptions {
  title: string;
  description: string;
  pageType: string;
  resourceType?: string;
  resourceId?: number;
  productMeta?: Record<string, unknown>;
  body: string;
  /** The home page renders the logo as its <h1> (like Dawn). */
  logoIsH1?: boolean;
  /** Extra markup at the end of <body> (e.g. page scripts). */
  bodyEnd?: string;
  canonicalPath?: string;
  /** The alternate template the page is rendered with (`?view=blocks` → 'blocks'; Liquid's `template.suffix`). */
  templateSuffix?: string;
  /** App blocks in the header section, before the cart icon (the product page's alternate template puts one there). */
  headerBlocks?: string;
}

const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-size:62.5%;-webkit-text-size-adjust:100%}
body{margin:0;font:1.6rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#121212;background:#fff;letter-spacing:.02em}
a{color:#121212}
img{max-width:100%;height:auto;display:block}
h1,h2,h3,.h1,.h2{font-weight:600;line-height:1.25;margin:0 0 1rem;letter-spacing:.04em}
h1,.h1{font-size:3.2rem}h2,.h2{font-size:2.4rem}h3{font-size:1.6rem}
.page-width{max-width:120rem;margin:0 auto;padding:0 1.5rem}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip-to-content-link{position:absolute;left:1rem;top:1rem;z-index:10}
.skip-to-content-link:focus{clip:auto;width:auto;height:auto;margin:0;padding:1rem 2rem;background:#fff;overflow:visible}
.announcement-bar{background:#121212;color:#fff;text-align:center;font-size:1.3rem;padding:.8rem 1rem;margin:0}
.header-wrapper{border-bottom:1px solid #e6e6e6}
.header{display:grid;grid-template-columns:1fr auto;align-items:center;gap:0 1rem;padding-top:.8rem;padding-bottom:.8rem}
.header__inline-menu{grid-column:1/-1;order:3}
@media (min-width:990px){.header{grid-template-columns:auto 1fr auto}.header__inline-menu{grid-column:auto;order:0;justify-self:center}}
product-info,variant-selects,product-form,cart-items,.card-information{display:block}
.caption-large{display:block;font-size:1.3rem;color:#595959}
.header__heading{margin:0;font-size:2rem}.header__heading-link{text-decoration:none;font-size:2rem;font-weight:700;color:#121212}
.list-menu{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1.6rem}
.header__menu-item{display:inline-block;padding:.8rem 0;min-height:4.4rem;line-height:2.8rem;text-decoration:none;font-size:1.5rem}
.header__menu-item:hover{text-decoration:underline}
.header__icon--cart{position:relative;display:flex;align-items:center;justify-content:center;width:4.4rem;height:4.4rem;color:#121212}
.cart-count-bubble{position:absolute;right:.2rem;bottom:.6rem;background:#121212;color:#fff;border-radius:50%;min-width:1.9rem;height:1.9rem;font-size:1.1rem;display:flex;align-items:center;justify-content:center;line-height:1}
main{display:block;min-height:50vh}
.banner{background:#f3f3f3;padding:4.8rem 0;text-align:center}
.banner__text{font-size:1.8rem;margin:0 0 2rem}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:4.6rem;padding:0 3rem;border:1px solid #121212;background:#121212;color:#fff;font:inherit;font-size:1.5rem;text-decoration:none;cursor:pointer;letter-spacing:.06em}
.button--secondary{background:#fff;color:#121212}
.button:disabled{opacity:.6;cursor:not-allowed}
.button--full-width{width:100%}
.section{padding:3.6rem 0}
.title-wrapper{display:flex;justify-content:space-between;align-items:baseline;gap:1rem}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:2.4rem .8rem}
@media (min-width:750px){.grid{grid-template-columns:repeat(3,minmax(0,1fr));gap:3.2rem 1.6rem}}
@media (min-width:990px){.grid--4-col-desktop{grid-template-columns:repeat(4,minmax(0,1fr))}}
.card{position:relative}
.card__inner{position:relative;background:#f3f3f3;aspect-ratio:1/1;overflow:hidden}
.card__inner img{width:100%;height:100%;object-fit:cover}
.card__inner>.card__content{padding:1.6rem}.card--text .card__inner .card__heading{font-size:2rem;margin:0}
.card--standard.card--media .card__inner .card__information,.card--standard.card--text>.card__content .card__heading{display:none}
.card__heading{font-size:1.5rem;font-weight:500;margin:1rem 0 .4rem}
.full-unstyled-link{text-decoration:none;color:inherit}
.full-unstyled-link::after{content:"";position:absolute;inset:0}
.full-unstyled-link:hover{text-decoration:underline}
.card__badge{position:absolute;left:.8rem;bottom:.8rem}
.badge{display:inline-block;border-radius:4rem;padding:.3rem 1.2rem;font-size:1.2rem;letter-spacing:.1rem;background:#2948a3;color:#fff}
.badge--sold-out{background:#121212}
.price{font-size:1.5rem;letter-spacing:.1rem;line-height:1.5}
.price__sale{display:none}.price--on-sale .price__sale{display:inline}.price--on-sale .price__regular{display:none}
.price--on-sale .price-item--regular{text-decoration:line-through;color:#4d4d4d;font-size:1.3rem;margin-right:.6rem}
.price-item--sale{color:#121212}
.price__badge-sale,.price__badge-sold-out{display:none}
.price--large{font-size:2rem}
.facets{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin:0 0 2rem;flex-wrap:wrap}
.select__select,.quantity__input,.field__input{font:inherit;font-size:1.5rem;min-height:4.4rem;padding:0 1rem;border:1px solid #767676;background:#fff;color:#121212;border-radius:0}
.product{display:grid;gap:2rem;padding:0}
@media (min-width:750px){.product{grid-template-columns:1.2fr 1fr}.product--no-media{grid-template-columns:1fr;max-width:57rem;margin:0 auto}}
.product__media img{width:100%;background:#f3f3f3}
.product__title h1{font-size:2.8rem}
.product-form__input{border:0;padding:0;margin:0 0 1.6rem}
.form__label{display:block;margin-bottom:.6rem;font-size:1.4rem}
.product-form__buttons{margin-top:1.6rem;display:grid;gap:1rem}
.product-form__error-message-wrapper{color:#b3261e;margin:1rem 0}
.product__description{margin-top:2rem;color:#3d3d3d}
.cart-items{width:100%;border-collapse:collapse}
.cart-items th,.cart-items td{text-align:left;padding:1.2rem .6rem;border-bottom:1px solid #e6e6e6;vertical-align:middle}
.cart-item__media img{width:8rem;height:8rem}
.cart__footer{display:flex;flex-direction:column;align-items:flex-end;gap:1rem;margin-top:2rem}
.totals{font-size:1.8rem;margin:0}
.footer{background:#f3f3f3;margin-top:4rem;padding:3.6rem 0;font-size:1.4rem}
.footer__blocks{display:grid;gap:2rem}
@media (min-width:750px){.footer__blocks{grid-template-columns:repeat(3,1fr)}}
.footer h2{font-size:1.6rem}
.footer .list-menu{flex-direction:column;gap:0}.footer .list-menu__item{display:inline-block;padding:.6rem 0;min-height:4.4rem;line-height:3.2rem}
.localization-form{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end}
.copyright{margin-top:2rem;color:#3d3d3d}
.preview-bar{position:fixed;bottom:0;left:0;right:0;background:#1a1a1a;color:#fff;padding:.8rem 1.5rem;font-size:1.3rem;z-index:5}
.preview-bar select,.preview-bar button{font:inherit;margin-left:.6rem}
.header__icons{display:flex;align-items:center;gap:1rem}
:focus-visible{outline:2px solid #2948a3;outline-offset:2px}
`
  .replace(/\n/g, '')
  .trim();

const CART_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" width="44" height="44" viewBox="0 0 40 40" fill="none"><path fill="currentColor" fill-rule="evenodd" d="M20.5 6.5a4.75 4.75 0 00-4.75 4.75v.56h-3.16l-.77 11.6a5 5 0 004.99 5.34h7.38a5 5 0 004.99-5.33l-.77-11.6h-3.16v-.57A4.75 4.75 0 0020.5 6.5zm3.75 5.31v-.56a3.75 3.75 0 10-7.5 0v.56h7.5zm-7.5 1h7.5v.56a3.75 3.75 0 11-7.5 0v-.56zm-1 0v.56a4.75 4.75 0 109.5 0v-.56h2.22l.71 10.67a4 4 0 01-3.99 4.27h-7.38a4 4 0 01-4-4.27l.72-10.67h2.22z"/></svg>';

/** The header's cart count (none for an empty cart). */
function cartBubble(ctx: PageCtx): string {
  if (ctx.cartCount <= 0) return '';
  return `<div class="cart-count-bubble"><span aria-hidden="true">${ctx.cartCount}</span><span class="visually-hidden">${ctx.cartCount} ${esc(t(ctx.locale, 'itemsCount'))}</span></div>`;
}

function globalsScript(ctx: PageCtx, opts: PageOptions): string {
  const shopify = {
    shop: DEMO_SHOP_DOMAIN,
    locale: ctx.locale.lang,
    currency: {
      active: ctx.market.currency,
      rate: Number.isInteger(ctx.market.rate) ? ctx.market.rate.toFixed(1) : String(ctx.market.rate),
    },
    country: ctx.country,
    theme: {
      name: 'Dawn',
      id: ctx.previewThemeId && /^\d{1,20}$/.test(ctx.previewThemeId) ? Number(ctx.previewThemeId) : 1,
      schema_name: 'Dawn',
      schema_version: '15.0.0',
      theme_store_id: 887,
      role: ctx.previewThemeId ? 'unpublished' : 'main',
    },
    routes: { root: ctx.root },
    designMode: ctx.designMode,
  };
  const meta: Record<string, unknown> = { currency: ctx.market.currency, page: { pageType: opts.pageType } };
  const page = meta.page as Record<string, unknown>;
  if (opts.resourceType) page.resourceType = opts.resourceType;
  if (opts.resourceId !== undefined) page.resourceId = opts.resourceId;
  if (opts.productMeta) meta.product = opts.productMeta;
  const routes = {
    cart_add_url: `${ctx.root}cart/add`,
    cart_change_url: `${ctx.root}cart/change`,
    cart_update_url: `${ctx.root}cart/update`,
    cart_url: `${ctx.root}cart`,
    predictive_search_url: `${ctx.root}search/suggest`,
  };
  return (
    `window.Shopify=window.Shopify||{};Object.assign(window.Shopify,${safeJson(shopify)});` +
    `window.ShopifyAnalytics=window.ShopifyAnalytics||{};window.ShopifyAnalytics.meta=${safeJson(meta)};` +
    `window.routes=${safeJson(routes)};window.shopUrl=${safeJson(`https://${DEMO_SHOP_DOMAIN}`)};`
  );
}

function localizationForm(ctx: PageCtx): string {
  const returnTo = `${ctx.prefix}${ctx.path}`;
  const countries: [string, string][] = [
    ['US', 'United States (USD $)'],
    ['ES', 'España (EUR €)'],
    ['NL', 'Nederland (EUR €)'],
    ['GB', 'United Kingdom (GBP £)'],
    ['CA', 'Canada (CAD $)'],
  ];
  const langs: [string, string][] = [
    ['en', 'English'],
    ['es', 'Español'],
    ['nl', 'Nederlands'],
  ];
  return `<form method="post" action="${esc(ctx.root)}localization" id="FooterLocalizationForm" accept-charset="UTF-8" class="localization-form"><input type="hidden" name="form_type" value="localization"><input type="hidden" name="utf8" value="✓"><input type="hidden" name="_method" value="put"><input type="hidden" name="return_to" value="${esc(returnTo)}"><div><label class="form__label" for="FooterCountry">${esc(t(ctx.locale, 'country'))}</label><select class="select__select" id="FooterCountry" name="country_code">${countries
    .map(([code, name]) => `<option value="${code}"${code === ctx.country ? ' selected' : ''}>${esc(name)}</option>`)
    .join(
      '',
    )}</select></div><div><label class="form__label" for="FooterLanguage">${esc(t(ctx.locale, 'language'))}</label><select class="select__select" id="FooterLanguage" name="locale_code">${langs
    .map(([code, name]) => `<option value="${code}"${code === ctx.locale.lang ? ' selected' : ''} lang="${code}">${esc(name)}</option>`)
    .join('')}</select></div><button type="submit" class="button button--secondary">${esc(t(ctx.locale, 'update'))}</button></form>`;
}

type Link = [href: string, label: string];

/** The main menu: home, catalogue, two collections, sale. */
function mainMenu(ctx: PageCtx): Link[] {
  const locale = ctx.locale;
  const root = ctx.root;
  return [
    [root, t(locale, 'home')],
    [`${root}collections/all`, t(locale, 'catalog')],
    [`${root}collections/apparel`, COLLECTIONS.find((collection) => collection.handle === 'apparel')!.title],
    [`${root}collections/home-living`, COLLECTIONS.find((collection) => collection.handle === 'home-living')!.title],
    [`${root}collections/sale`, t(locale, 'sale')],
  ];
}

/** The app embed's output (server/shop/appExtension.ts) and where it goes; none when the embed is off (`?vitrine=0`). */
function appEmbed(ctx: PageCtx, opts: PageOptions): { target: 'head' | 'body'; html: string } {
  if (!ctx.includeScript) return { target: 'head', html: '' };
  const page = themePage(opts.pageType, { suffix: opts.templateSuffix, designMode: ctx.designMode, locale: ctx.locale.lang });
  return renderAppEmbed(page, ctx.editorToken);
}

/** `<head>`: meta, canonical and alternate links, the platform globals, the app embed when it targets the head, the CSS. */
function pageHead(ctx: PageCtx, opts: PageOptions, embed: { target: 'head' | 'body'; html: string }): string {
  const pagePath = opts.canonicalPath ?? ctx.path;
  const canonical = `https://${DEMO_SHOP_DOMAIN}${ctx.prefix}${pagePath}`;
  const alternates = LOCALES.filter((locale) => locale.prefix !== '/en-us')
    .map(
      (locale) =>
        `<link rel="alternate" hreflang="${esc(locale.lang)}" href="${esc(`https://${DEMO_SHOP_DOMAIN}${locale.prefix}${pagePath}`)}">`,
    )
    .join('');
  const appScript = embed.target === 'head' ? embed.html : '';
  return `<head><meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="theme-color" content="#ffffff"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="canonical" href="${esc(canonical)}">${alternates}<title>${esc(opts.title)} – ${esc(SHOP_NAME)}</title><meta name="description" content="${esc(opts.description)}"><meta property="og:site_name" content="${esc(SHOP_NAME)}"><meta property="og:title" content="${esc(opts.title)}"><script>${globalsScript(ctx, opts)}${LOAD_FEATURES_SCRIPT}</script>${appScript}<style>${CSS}${ctx.showRating ? RATING_CSS : ''}</style></head>`;
}

/** The announcement bar and Dawn's header: logo (the h1 on the home page), main menu, cart icon with its count. */
function pageHeader(ctx: PageCtx, opts: PageOptions, menu: Link[]): string {
  const current = `${ctx.prefix}${ctx.path}`.replace(/\/$/, '');
  const menuItems = menu
    .map(
      ([href, label]) =>
        `<li><a href="${esc(href)}" class="header__menu-item list-menu__item link"${href.replace(/\/$/, '') === current ? ' aria-current="page"' : ''}>${esc(label)}</a></li>`,
    )
    .join('');
  const logo = `<a href="${esc(ctx.root)}" class="header__heading-link link">${esc(SHOP_NAME)}</a>`;
  const heading = opts.logoIsH1 ? `<h1 class="header__heading">${logo}</h1>` : `<div class="header__heading">${logo}</div>`;
  const cartIcon = `<a href="${esc(ctx.root)}cart" class="header__icon header__icon--cart link focus-inset" id="cart-icon-bubble">${CART_SVG}<span class="visually-hidden">${esc(t(ctx.locale, 'cart'))}</span>${cartBubble(ctx)}</a>`;
  return `<div id="shopify-section-sections--1__announcement-bar" class="shopify-section shopify-section-group-header-group announcement-bar-section"><p class="announcement-bar">Free shipping on orders over $75</p></div><div id="shopify-section-sections--1__header" class="shopify-section shopify-section-group-header-group section-header"><div class="header-wrapper"><header class="header header--middle-left page-width">${heading}<nav class="header__inline-menu" aria-label="Main"><ul class="list-menu list-menu--inline" role="list">${menuItems}</ul></nav><div class="header__icons">${opts.headerBlocks ?? ''}${cartIcon}</div></header></div></div>`;
}

/** Dawn's footer: quick links (the menu and the reviews page), about, the localization form, the copyright. */
function pageFooter(ctx: PageCtx, menu: Link[]): string {
  const locale = ctx.locale;
  const quickLinks = [...menu, [`${ctx.root}pages/top-reviews`, t(locale, 'reviews')] as Link]
    .map(([href, label]) => `<li><a href="${esc(href)}" class="link list-menu__item">${esc(label)}</a></li>`)
    .join('');
  return `<div id="shopify-section-sections--1__footer" class="shopify-section shopify-section-group-footer-group"><footer class="footer"><div class="page-width"><div class="footer__blocks"><div><h2>${esc(t(locale, 'quickLinks'))}</h2><ul class="list-menu" role="list">${quickLinks}</ul></div><div><h2>${esc(t(locale, 'about'))}</h2><p>${esc(t(locale, 'aboutText'))}</p></div><div>${localizationForm(ctx)}</div></div><p class="copyright">© ${new Date().getUTCFullYear()}, ${esc(SHOP_NAME)}. Powered by Shopify</p></div></footer></div>`;
}

/** The platform's feature loader and its privacy API (server/shop/assets/load-features.js), read once at start. */
const LOAD_FEATURES_SCRIPT = inlineScript(fs.readFileSync(new URL('./assets/load-features.js', import.meta.url), 'utf8'));
/**
 * The demo's stand-in for the platform's theme editor (server/shop/assets/theme-editor.js), read
 * once: design-mode pages only, never the widget bundle.
 */
const THEME_EDITOR_SCRIPT = inlineScript(fs.readFileSync(new URL('./assets/theme-editor.js', import.meta.url), 'utf8'));

/**
 * The platform's preview bar: on an unpublished theme's preview and, in the demo, in design mode
 * too, where it holds the theme editor stand-in's buttons (a demo's help; the platform's editor
 * is a frame around the page instead).
 */
function previewBar(ctx: PageCtx): string {
  if (ctx.designMode) {
    return `<div id="PBarNextFrameWrapper" class="preview-bar" role="region" aria-label="Theme editor">Theme editor (demo)</div><script>${THEME_EDITOR_SCRIPT}</script>`;
  }
  if (!ctx.previewThemeId) return '';
  return `<div id="PBarNextFrameWrapper" class="preview-bar" role="region" aria-label="Theme preview">Previewing theme ${esc(ctx.previewThemeId)}</div>`;
}

/** A whole page in the Dawn-like theme around `opts.body`. */
export function renderPage(ctx: PageCtx, opts: PageOptions): string {
  const menu = mainMenu(ctx);
  const embed = appEmbed(ctx, opts);
  const skipLink = `<a class="skip-to-content-link button visually-hidden" href="#MainContent">${esc(t(ctx.locale, 'skip'))}</a>`;
  const main = `<main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">${opts.body}</main>`;
  const bodyEmbed = embed.target === 'body' ? embed.html : '';
  return `<!doctype html><html class="no-js" lang="${ctx.locale.lang}">${pageHead(ctx, opts, embed)}<body class="gradient template-${esc(opts.pageType)}">${skipLink}${pageHeader(ctx, opts, menu)}${main}${pageFooter(ctx, menu)}${previewBar(ctx)}${opts.bodyEnd ?? ''}${bodyEmbed}</body></html>`;
}
