import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { esc, safeJson } from '../lib/html.ts';
import { safeRedirectPath } from '../lib/safePath.ts';
import { registerAppPages } from './appPages.ts';
import { cartJson } from './cart/json.ts';
import { CART_COOKIE, CartStore } from './cart/store.ts';
import { COLLECTIONS, getCollection, getProduct, PRODUCTS, productsOf, SORT_OPTIONS, sortProducts, type Product } from './catalog.ts';
import { money, renderPage, type PageCtx } from './layout.ts';
import { marketFor, presentment, shopperCountry, type Market } from './markets.ts';
import { t, type Locale } from './locale.ts';
import { analyticsProduct, priceHtml, productGrid } from './sections.ts';

export const PRODUCT_SECTION_ID = 'template--1__main';

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(q)) out[k] = Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
  return out;
}

/** Build the page context from the request (locale, cookies, design/preview flags). */
export function pageCtx(request: FastifyRequest, store: CartStore, locale: Locale): PageCtx {
  const q = queryOf(request);
  const rawPath = request.url.split('?')[0] ?? '/';
  const path = rawPath.slice(locale.prefix.length) || '/';
  const country = shopperCountry(locale.country, request.cookies['localization']);
  const token = request.cookies[CART_COOKIE];
  return {
    locale,
    prefix: locale.prefix,
    root: `${locale.prefix}/`,
    designMode: q.design_mode === '1' || q.design_mode === 'true',
    previewThemeId: q.preview_theme_id ? q.preview_theme_id.slice(0, 40) : null,
    cartCount: token ? store.itemCount(token) : 0,
    country,
    market: marketFor(country),
    includeScript: q.vitrine !== '0' && q.vitrine !== 'off',
    path,
  };
}

export function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

export function notFoundPage(ctx: PageCtx): string {
  const L = ctx.locale;
  return renderPage(ctx, {
    title: '404 Not Found',
    description: t(L, 'notFoundText'),
    pageType: '404',
    body: `<div class="page-width section" style="text-align:center"><p>404</p><h1>${esc(t(L, 'notFound'))}</h1><p>${esc(t(L, 'notFoundText'))}</p><a href="${esc(ctx.root)}collections/all" class="button">${esc(t(L, 'continueShopping'))}</a></div>`,
  });
}

function productJson(p: Product) {
  // Drop catalogue-only helpers, keep the Shopify shape.
  const { collection_ids: _c, ...rest } = p;
  void _c;
  return rest;
}

/** The product JSON a theme embeds in its page: prices in the page's market currency (cents). */
function marketProductJson(p: Product, market: Market) {
  const m = (cents: number | null) => (cents === null ? null : presentment(cents, market));
  const json = productJson(p);
  return {
    ...json,
    price: m(json.price),
    price_min: m(json.price_min),
    price_max: m(json.price_max),
    compare_at_price: m(json.compare_at_price),
    compare_at_price_min: m(json.compare_at_price_min),
    compare_at_price_max: m(json.compare_at_price_max),
    variants: json.variants.map((v) => ({ ...v, price: m(v.price), compare_at_price: m(v.compare_at_price) })),
  };
}

/** `/products/{handle}.json` shape: `{product}` with extra Shopify-admin-style aliases. */
export function productApiJson(p: Product) {
  return { ...productJson(p), body_html: p.description, product_type: p.type, image: p.media[0] ? { src: p.featured_image, width: 600, height: 600, alt: p.title } : null };
}

const PRODUCT_SCRIPT = `(function(){var s=document.currentScript.getAttribute('data-section'),d=JSON.parse(document.getElementById('ProductJson-'+s).textContent),f=document.getElementById('product-form-'+s),b=document.getElementById('ProductSubmitButton-'+s),e=f&&f.parentNode.querySelector('.product-form__error-message-wrapper'),S=window.Shopify||{},r=(S.routes&&S.routes.root)||'/',L=b&&b.getAttribute('data-labels').split('|'),F=document.currentScript.getAttribute('data-money-format')||'\${{amount}}';function m(c){return F.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/,function(_,k){var a=(c/100).toFixed(2).split('.'),comma=k==='amount_with_comma_separator';return a[0].replace(/\\B(?=(\\d{3})+(?!\\d))/g,comma?'.':',')+(comma?',':'.')+a[1]})}function cur(){var v=[].map.call(document.querySelectorAll('#variant-selects-'+s+' select'),function(x){return x.value});for(var i=0;i<d.variants.length;i++){var o=d.variants[i].options,k=true;for(var j=0;j<v.length;j++)if(o[j]!==v[j])k=false;if(k)return d.variants[i]}}function upd(){var v=cur(),p=document.getElementById('price-'+s);if(!v||!f)return;f.querySelector('input[name=id]').value=v.id;if(p){p.querySelector('.price').className='price price--large'+(v.compare_at_price>v.price?' price--on-sale':'')+(v.available?'':' price--sold-out');[].forEach.call(p.querySelectorAll('.price-item--regular'),function(x){x.textContent=x.tagName==='S'?(v.compare_at_price>v.price?m(v.compare_at_price):''):m(v.price)});p.querySelector('.price-item--sale').textContent=m(v.price)}b.disabled=!v.available;b.firstChild.textContent=v.available?(v.inventory_policy==='continue'&&v.inventory_quantity<=0?L[2]:L[0]):L[1];if(history.replaceState)history.replaceState({},'',location.pathname+'?variant='+v.id);document.dispatchEvent(new CustomEvent('variant:change',{detail:{variant:v}}))}var vs=document.getElementById('variant-selects-'+s);vs&&vs.addEventListener('change',upd);f&&f.addEventListener('submit',function(ev){ev.preventDefault();if(e)e.hidden=true;b.setAttribute('aria-busy','true');fetch(r+'cart/add.js',{method:'POST',headers:{'Content-Type':'application/json',Accept:'application/json','X-Requested-With':'XMLHttpRequest'},body:JSON.stringify({items:[{id:+f.querySelector('input[name=id]').value,quantity:+(document.getElementById('Quantity-'+s)||{value:1}).value||1}]})}).then(function(res){return res.json().then(function(j){if(!res.ok)throw j;return fetch(r+'cart.js',{headers:{Accept:'application/json'}})}).then(function(x){return x.json()}).then(function(c){var a=document.getElementById('cart-icon-bubble'),q=a.querySelector('.cart-count-bubble');if(!q){q=document.createElement('div');q.className='cart-count-bubble';a.appendChild(q)}q.innerHTML='<span aria-hidden="true">'+c.item_count+'</span><span class="visually-hidden">'+c.item_count+' items</span>';document.dispatchEvent(new CustomEvent('cart:updated',{detail:{cart:c}}))})}).catch(function(err){if(e){e.hidden=false;e.textContent=(err&&(err.description||err.message))||'Error'}}).then(function(){b.removeAttribute('aria-busy')})})})();`;

function productBody(ctx: PageCtx, p: Product, variantId: number | null): string {
  const sid = PRODUCT_SECTION_ID;
  const L = ctx.locale;
  const selected = p.variants.find((v) => v.id === variantId) ?? p.variants.find((v) => v.available) ?? p.variants[0]!;
  const hasVariants = !(p.variants.length === 1 && selected.title === 'Default Title');
  const mainImage = selected.featured_image?.src ?? p.featured_image;
  const preorder = selected.available && selected.inventory_policy === 'continue' && selected.inventory_quantity <= 0;
  const btnLabel = !selected.available ? t(L, 'soldOut') : preorder ? t(L, 'preorder') : t(L, 'addToCart');
  const selects = hasVariants
    ? `<variant-selects id="variant-selects-${sid}" data-section="${sid}">${p.options_with_values
        .map(
          (o, i) =>
            `<div class="product-form__input product-form__input--dropdown"><label class="form__label" for="Option-${sid}-${i}">${esc(o.name)}</label><div class="select"><select id="Option-${sid}-${i}" class="select__select" name="options[${esc(o.name)}]" form="product-form-${sid}">${o.values
              .map((v) => `<option value="${esc(v)}"${selected.options[i] === v ? ' selected' : ''}>${esc(v)}</option>`)
              .join('')}</select></div></div>`,
        )
        .join('')}</variant-selects>`
    : '';
  const thumbs = p.media.length > 1 ? `<ul class="list-menu product__media-list" role="list" style="margin-top:1rem">${p.media.slice(1).map((m) => `<li style="width:7rem"><img src="${esc(m.src)}" alt="${esc(m.alt)}" width="70" height="70" loading="lazy" decoding="async"></li>`).join('')}</ul>` : '';
  return `<section id="shopify-section-${sid}" class="shopify-section section"><product-info id="MainProduct-${sid}" class="page-width" data-section="${sid}" data-product-id="${p.id}"><div class="product product--medium grid--1-col"><div class="product__media-wrapper"><div class="product__media media"><img src="${esc(mainImage)}" alt="${esc(p.title)}" width="600" height="600" fetchpriority="high" decoding="async"></div>${thumbs}</div><div class="product__info-wrapper"><div id="ProductInfo-${sid}" class="product__info-container"><p class="product__text caption-with-letter-spacing">${esc(p.vendor)}</p><div class="product__title"><h1>${esc(p.title)}</h1></div><div class="no-js-hidden" id="price-${sid}" role="status">${priceHtml(ctx, selected.price, selected.compare_at_price, selected.available, { large: true })}</div><p class="product__tax caption rte">${esc(t(L, 'taxes'))}</p>${selects}<div class="product-form__input product-form__quantity"><label class="form__label" for="Quantity-${sid}">${esc(t(L, 'quantity'))}</label><input class="quantity__input" type="number" name="quantity" id="Quantity-${sid}" min="1" max="99" value="1" form="product-form-${sid}"></div><div><product-form class="product-form" data-section-id="${sid}"><div class="product-form__error-message-wrapper" role="alert" hidden></div><form method="post" action="${esc(ctx.root)}cart/add" id="product-form-${sid}" accept-charset="UTF-8" class="form product-form" enctype="multipart/form-data" novalidate data-type="add-to-cart-form"><input type="hidden" name="form_type" value="product"><input type="hidden" name="utf8" value="✓"><input type="hidden" name="id" value="${selected.id}" class="product-variant-id"><div class="product-form__buttons"><button id="ProductSubmitButton-${sid}" type="submit" name="add" class="product-form__submit button button--full-width button--secondary" data-labels="${esc(`${t(L, 'addToCart')}|${t(L, 'soldOut')}|${t(L, 'preorder')}`)}"${selected.available ? '' : ' disabled'}><span>${esc(btnLabel)}</span></button></div></form></product-form></div><div class="product__description rte">${p.description}</div></div></div></div></product-info><script type="application/json" id="ProductJson-${sid}">${safeJson(marketProductJson(p, ctx.market))}</script><script data-section="${sid}" data-money-format="${esc(ctx.market.format)}">${PRODUCT_SCRIPT}</script></section>`;
}

function sortSelect(ctx: PageCtx, sortBy: string): string {
  return `<form class="facets" method="get" action=""><div><label class="form__label" for="SortBy">${esc(t(ctx.locale, 'sortBy'))}</label><div class="select"><select name="sort_by" class="facet-filters__sort select__select" id="SortBy" aria-describedby="a11y-refresh-page-message" onchange="this.form.submit()">${SORT_OPTIONS.map(
    (o) => `<option value="${o.value}"${o.value === sortBy ? ' selected' : ''}>${esc(o.label)}</option>`,
  ).join('')}</select></div><span id="a11y-refresh-page-message" class="visually-hidden">Choosing a sort option reloads the page.</span></div><noscript><button type="submit" class="button button--secondary">${esc(t(ctx.locale, 'update'))}</button></noscript></form>`;
}

export function registerPages(app: FastifyInstance, ctx: AppContext, locale: Locale): void {
  const store = new CartStore(ctx.db);
  const pc = (request: FastifyRequest) => pageCtx(request, store, locale);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendHtml(reply, notFoundPage(pc(request)), 404);
  registerAppPages(app, pc);

  app.get('/', async (request, reply) => {
    const c = pc(request);
    const L = c.locale;
    const featured = productsOf(getCollection('frontpage')!).slice(0, 8);
    const body = `<section id="shopify-section-template--2__image_banner" class="shopify-section"><div class="banner"><div class="page-width"><h2 class="banner__heading h1">${esc(t(L, 'heroText'))}</h2><p class="banner__text">Organic cotton, hand-thrown ceramics and small-batch goods.</p><a class="button" href="${esc(c.root)}collections/all">${esc(t(L, 'shopNow'))}</a></div></div></section><section id="shopify-section-template--2__featured_collection" class="shopify-section section"><div class="page-width"><div class="title-wrapper"><h2 class="title">${esc(t(L, 'featured'))}</h2><a href="${esc(c.root)}collections/frontpage" class="link">${esc(t(L, 'viewAll'))}</a></div>${productGrid(c, featured, 'template--2__featured_collection', 2, 'Slider-template--2__featured_collection')}</div></section>`;
    return sendHtml(reply, renderPage(c, { title: 'Home', description: 'Vitrine Demo shop: thoughtfully made goods for everyday life.', pageType: 'home', body, logoIsH1: true }));
  });

  app.get('/collections', async (request, reply) => {
    const c = pc(request);
    const list = COLLECTIONS.filter((col) => col.handle !== 'frontpage')
      .map((col) => `<li class="grid__item"><a class="button button--secondary button--full-width" href="${esc(c.root)}collections/${col.handle}">${esc(col.title)} (${col.productHandles.length})</a></li>`)
      .join('');
    return sendHtml(reply, renderPage(c, { title: 'Collections', description: 'All collections of the Vitrine Demo shop.', pageType: 'collections', body: `<div class="page-width section"><h1>Collections</h1><ul class="grid" role="list">${list}</ul></div>` }));
  });

  app.get<{ Params: { handle: string } }>('/collections/:handle', async (request, reply) => {
    const col = getCollection(request.params.handle);
    if (!col) return notFound(request, reply);
    const c = pc(request);
    const q = queryOf(request);
    const sortBy = SORT_OPTIONS.some((o) => o.value === q.sort_by) ? q.sort_by! : 'manual';
    const products = sortProducts(productsOf(col), sortBy);
    const body = `<div class="page-width section"><div class="collection-hero"><h1 class="collection-hero__title"><span class="visually-hidden">Collection: </span>${esc(col.title)}</h1><p class="collection-hero__description">${esc(col.description)}</p></div><div id="ProductGridContainer"><h2 class="visually-hidden">${esc(t(c.locale, 'listProducts'))}</h2>${sortSelect(c, sortBy)}<p class="product-count" role="status">${products.length} ${esc(t(c.locale, 'products'))}</p>${productGrid(c, products, 'template--3__product-grid', 4)}</div></div>`;
    return sendHtml(reply, renderPage(c, { title: col.title, description: `${col.title}: ${col.description}`, pageType: 'collection', resourceType: 'collection', resourceId: col.id, body }));
  });

  app.get<{ Params: { handle: string } }>('/products/:handle', async (request, reply) => {
    const raw = request.params.handle;
    const m = /^(.+?)(\.js|\.json|\.oembed)?$/.exec(raw);
    const entry = m ? getProduct(m[1]!) : undefined;
    const suffix = m?.[2];
    if (suffix === '.js' || suffix === '.json') {
      reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*').type('application/json; charset=utf-8');
      if (!entry) return reply.code(404).send({ status: 404, message: 'Not Found', description: 'Not Found' });
      return reply.send(suffix === '.js' ? productJson(entry.product) : { product: productApiJson(entry.product) });
    }
    if (!entry || suffix) return notFound(request, reply);
    const c = pc(request);
    const p = entry.product;
    const q = queryOf(request);
    const variantId = q.variant && /^\d{1,20}$/.test(q.variant) ? Number(q.variant) : null;
    return sendHtml(
      reply,
      renderPage(c, {
        title: p.title,
        description: p.description.replace(/<[^>]+>/g, ''),
        pageType: 'product',
        resourceType: 'product',
        resourceId: p.id,
        productMeta: analyticsProduct(p),
        body: productBody(c, p, variantId),
        canonicalPath: `/products/${p.handle}`,
      }),
    );
  });

  app.get('/cart', async (request, reply) => {
    const c = pc(request);
    const L = c.locale;
    const token = request.cookies[CART_COOKIE];
    const cart = cartJson(store.peek(token), c.root);
    const q = queryOf(request);
    const error = q.error ? `<p class="product-form__error-message-wrapper" role="alert">${esc(q.error.slice(0, 300))}</p>` : '';
    let body: string;
    if (!cart.items.length) {
      body = `<div class="page-width section"><h1>${esc(t(L, 'emptyCart'))}</h1>${error}<a href="${esc(c.root)}collections/all" class="button">${esc(t(L, 'continueShopping'))}</a></div>`;
    } else {
      const rows = cart.items
        .map(
          (item, i) =>
            `<tr class="cart-item" id="CartItem-${i + 1}"><td class="cart-item__media"><img src="${esc(item.image)}" alt="${esc(item.product_title)}" width="80" height="80" loading="lazy"></td><td class="cart-item__details"><a href="${esc(item.url)}" class="cart-item__name link">${esc(item.product_title)}</a>${item.variant_title ? `<div class="product-option">${esc(item.variant_title)}</div>` : ''}<div class="product-option">${money(item.price, c)}</div></td><td class="cart-item__quantity"><label class="visually-hidden" for="Quantity-${i + 1}">${esc(t(L, 'quantity'))}: ${esc(item.title)}</label><input class="quantity__input" type="number" name="updates[]" value="${item.quantity}" min="0" id="Quantity-${i + 1}" data-index="${i + 1}" style="width:8rem"> <a href="${esc(c.root)}cart/change?line=${i + 1}&amp;quantity=0" class="button button--secondary cart-remove-button" aria-label="${esc(`${t(L, 'remove')} ${item.title}`)}">×</a></td><td class="cart-item__totals right"><span class="price price--end">${money(item.line_price, c)}</span></td></tr>`,
        )
        .join('');
      body = `<div class="page-width section"><cart-items class="is-empty-false"><div class="title-wrapper"><h1 class="title title--primary">${esc(t(L, 'yourCart'))}</h1><a href="${esc(c.root)}collections/all" class="underlined-link">${esc(t(L, 'continueShopping'))}</a></div>${error}<form action="${esc(c.root)}cart/update" class="cart__contents critical-hidden" method="post" id="cart"><table class="cart-items"><caption class="visually-hidden">${esc(t(L, 'yourCart'))}</caption><thead><tr><th scope="col" class="caption-with-letter-spacing" colspan="2">${esc(t(L, 'product'))}</th><th scope="col">${esc(t(L, 'quantity'))}</th><th scope="col">Total</th></tr></thead><tbody>${rows}</tbody></table><div class="cart__footer"><p class="totals"><span class="totals__total">${esc(t(L, 'total'))}</span> <span class="totals__total-value">${money(cart.total_price, c)} ${c.market.currency}</span></p><small class="tax-note caption-large rte">${esc(t(L, 'taxes'))}</small><button type="submit" class="button button--secondary" name="update">${esc(t(L, 'update'))}</button><button type="submit" id="checkout" class="cart__checkout-button button" name="checkout" form="cart">${esc(t(L, 'checkout'))}</button></div></form></cart-items></div>`;
    }
    return sendHtml(reply, renderPage(c, { title: t(L, 'yourCart'), description: 'Your shopping cart.', pageType: 'cart', body }));
  });

  app.get('/checkout', async (request, reply) => {
    const c = pc(request);
    const token = request.cookies[CART_COOKIE];
    const cart = cartJson(store.peek(token), c.root);
    const body = `<div class="page-width section"><h1>Checkout</h1><p>This is a demo shop: no payment is taken. ${cart.item_count} ${esc(t(c.locale, 'itemsCount'))}, ${money(cart.total_price, c)} ${c.market.currency}.</p><a href="${esc(c.root)}cart" class="button button--secondary">${esc(t(c.locale, 'cart'))}</a></div>`;
    return sendHtml(reply, renderPage(c, { title: 'Checkout', description: 'Checkout', pageType: 'checkout', body }));
  });

  app.get<{ Params: { code: string } }>('/discount/:code', async (request, reply) => {
    const q = queryOf(request);
    reply.setCookie('discount_code', request.params.code.slice(0, 100), { path: '/', sameSite: 'lax' });
    const target = safeRedirectPath(q.redirect, `${locale.prefix}/`);
    return reply.redirect(target, 302);
  });

  app.get('/search', async (request, reply) => {
    const c = pc(request);
    const q = (queryOf(request).q ?? '').slice(0, 100);
    const hits = q ? PRODUCTS.filter((e) => e.product.title.toLowerCase().includes(q.toLowerCase())) : [];
    const body = `<div class="page-width section"><h1>${esc(t(c.locale, 'search'))}</h1><form action="${esc(c.root)}search" method="get" class="facets"><label class="visually-hidden" for="Search-In-Template">${esc(t(c.locale, 'search'))}</label><input class="field__input" id="Search-In-Template" type="search" name="q" value="${esc(q)}"><button class="button" type="submit">${esc(t(c.locale, 'search'))}</button></form>${hits.length ? `<h2 class="visually-hidden">${esc(t(c.locale, 'listProducts'))}</h2>${productGrid(c, hits, 'template--4__main', 4)}` : ''}</div>`;
    return sendHtml(reply, renderPage(c, { title: t(c.locale, 'search'), description: 'Search the shop', pageType: 'searchresults', body }));
  });
}
