/** Per-request page state, the HTML answer, and the 404 page: what every demo shop page starts from. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { esc } from '../lib/html.ts';
import { CART_COOKIE, type CartStore } from './cart/store.ts';
import { renderPage, type PageCtx } from './layout.ts';
import { t, type Locale } from './locale.ts';
import { marketFor, shopperCountry } from './markets.ts';
import { designModeAsked } from './ownerSignIn.ts';
import { imageHostOf } from './media.ts';
import type { PlatformMetafieldStore } from '../storage/platformMetafields.ts';
import { DEMO_THEME_SETTINGS, readRatings, type DemoThemeSettings } from './ratings.ts';
import { sectionAnswer } from './sectionRendering.ts';

/** The query string as single strings (the first of repeated keys). */
export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query))
    out[key] = Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
  return out;
}

/** What a page context is built with beside the request: the theme's settings, the editor token's issuer. */
interface PageCtxOptions {
  /** Issues the design-mode page's editor token. */
  editorToken?: () => Promise<string>;
  /** The merchant's theme settings (default: the demo shop's). */
  theme?: DemoThemeSettings;
}

/** `?show_rating=0` or `=1` overrides the theme's "show rating" for one page (tests cover both). */
function showRating(query: Record<string, string | undefined>, theme: DemoThemeSettings): boolean {
  if (query.show_rating === '0') return false;
  return query.show_rating === '1' || theme.showRating;
}

/**
 * Build the page context from the request (locale, cookies, design/preview flags, the theme's
 * settings). In design mode the page carries an editor token from `editorToken`: the platform
 * hands the app embed the token the app's backend issued (an app-owned metafield,
 * extensions/vitrine-theme), so the owner's editor can save placements without any secret in the
 * public script. Products' ratings are read by the pages that show products (PageRoutes.withRatings).
 */
export async function pageCtx(request: FastifyRequest, store: CartStore, locale: Locale, options: PageCtxOptions = {}): Promise<PageCtx> {
  const { editorToken, theme = DEMO_THEME_SETTINGS } = options;
  const query = queryOf(request);
  const rawPath = request.url.split('?')[0] ?? '/';
  const path = rawPath.slice(locale.prefix.length) || '/';
  const country = shopperCountry(locale.country, request.cookies['localization']);
  const token = request.cookies[CART_COOKIE];
  const designMode = designModeAsked(query);
  return {
    locale,
    prefix: locale.prefix,
    root: `${locale.prefix}/`,
    designMode,
    previewThemeId: query.preview_theme_id ? query.preview_theme_id.slice(0, 40) : null,
    cartCount: token ? await store.itemCount(token) : 0,
    country,
    market: marketFor(country),
    includeScript: query.vitrine !== '0' && query.vitrine !== 'off',
    editorToken: designMode && editorToken ? await editorToken() : null,
    path,
    imageHost: imageHostOf(request),
    showRating: showRating(query, theme),
    ratings: new Map(),
  };
}

/**
 * Send a page (`no-cache` unless `cacheControl` says otherwise), or the part of it a Section
 * Rendering API request asks for (`?section_id=`, `?sections=`: sectionRendering.ts).
 */
export function sendHtml(reply: FastifyReply, html: string, status = 200, cacheControl = 'no-cache'): FastifyReply {
  const section = status === 200 ? sectionAnswer(queryOf(reply.request), html) : null;
  if (section) return reply.code(section.status).type(section.type).header('cache-control', cacheControl).send(section.body);
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
}

/** The theme's 404 page. */
export function notFoundPage(ctx: PageCtx): string {
  const locale = ctx.locale;
  return renderPage(ctx, {
    title: '404 Not Found',
    description: t(locale, 'notFoundText'),
    pageType: '404',
    body: `<div class="page-width section" style="text-align:center"><p>404</p><h1>${esc(t(locale, 'notFound'))}</h1><p>${esc(t(locale, 'notFoundText'))}</p><a href="${esc(ctx.root)}collections/all" class="button">${esc(t(locale, 'continueShopping'))}</a></div>`,
  });
}

/** What the page routes of one locale share: its page context and its 404 answer. */
export interface PageRoutes {
  pageCtx(request: FastifyRequest): Promise<PageCtx>;
  notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** The visitors' carts (the header's count, the cart and checkout pages). */
  store: CartStore;
  /** `ctx` with the review ratings of the products the page shows, when the theme shows ratings (one read for the page). */
  withRatings(ctx: PageCtx, productIds: readonly number[]): Promise<PageCtx>;
}

/**
 * The PageRoutes of `locale`; `options.editorToken` issues the design-mode page's editor token,
 * `metafields` holds the products' review metafields the theme shows.
 */
export function pageRoutes(store: CartStore, locale: Locale, metafields: PlatformMetafieldStore, options: PageCtxOptions = {}): PageRoutes {
  const ctxOf = (request: FastifyRequest) => pageCtx(request, store, locale, options);
  return {
    pageCtx: ctxOf,
    notFound: async (request, reply) => sendHtml(reply, notFoundPage(await ctxOf(request)), 404),
    store,
    withRatings: async (ctx, productIds) =>
      ctx.showRating && productIds.length ? { ...ctx, ratings: await readRatings(metafields, productIds) } : ctx,
  };
}
