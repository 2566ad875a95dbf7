import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { firstText } from '../lib/fieldText.ts';
import { safeRedirectPath } from '../lib/safePath.ts';
import { registerAdminApi } from './adminApi.ts';
import { registerCartRoutes } from './cart/routes.ts';
import { CartStore } from './cart/store.ts';
import { registerImages } from './images.ts';
import { LOCALES, localeForPath, type Locale } from './locale.ts';
import { COUNTRY_CODE } from './markets.ts';
import { registerMultipartForms } from './multipartForms.ts';
import { registerDesignModeGate, registerOwnerSignIn } from './ownerSignIn.ts';
import { notFoundPage, pageCtx, sendHtml } from './pageContext.ts';
import { registerPages } from './pages.ts';

const CURRENCY_RE = /^[A-Z]{3}$/;

/** Re-prefix a path for another locale (`/es/products/x` + nl → `/nl/products/x`). */
function switchLocale(path: string, lang: string): string {
  const current = localeForPath(path);
  const rest = path.slice(current.prefix.length) || '/';
  const target = LOCALES.find((locale) => locale.lang === lang && locale.prefix !== '/en-us');
  if (!target) return path;
  return `${target.prefix}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

function registerLocalization(app: FastifyInstance): void {
  app.post('/localization', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const country = firstText(body.country_code)?.toUpperCase();
    const currency = firstText(body.currency_code)?.toUpperCase();
    const lang = firstText(body.locale_code)?.toLowerCase();
    const year = 365 * 86400;
    if (country && COUNTRY_CODE.test(country)) reply.setCookie('localization', country, { path: '/', sameSite: 'lax', maxAge: year });
    if (currency && CURRENCY_RE.test(currency)) reply.setCookie('cart_currency', currency, { path: '/', sameSite: 'lax', maxAge: year });
    let target = safeRedirectPath(firstText(body.return_to));
    if (lang) target = switchLocale(target, lang);
    return reply.redirect(target, 302);
  });
}

/**
 * The demo shop: pages, cart AJAX API and images, at the root and under each locale prefix; the
 * platform's Admin API and its owner sign-in (design mode is the owner's: ownerSignIn.ts).
 */
export function registerShop(app: FastifyInstance, ctx: AppContext): void {
  registerImages(app);
  registerAdminApi(app, ctx);
  registerOwnerSignIn(app, ctx);
  for (const locale of LOCALES) {
    const plugin = async (scope: FastifyInstance) => {
      registerDesignModeGate(scope, ctx);
      await registerMultipartForms(scope);
      registerPages(scope, ctx, locale);
      registerCartRoutes(scope, ctx, locale.prefix);
      registerLocalization(scope);
    };
    if (locale.prefix) app.register(plugin, { prefix: locale.prefix });
    else app.register(plugin);
  }
}

/** 404 for everything unmatched: JSON for API/asset/JSON paths, a Dawn-like 404 page otherwise. */
export function installNotFound(app: FastifyInstance, ctx: AppContext): void {
  const store = new CartStore(ctx.storage.carts);
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      path.startsWith('/api/') ||
      path === '/api' ||
      path.startsWith('/vitrine/') ||
      /\.(js|json)$/.test(path) ||
      request.method !== 'GET'
    ) {
      if (path.endsWith('.js') && !path.startsWith('/api/')) {
        return reply.code(404).type('application/javascript; charset=utf-8').send('/* Not found */\n');
      }
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `Route ${request.method} ${path} not found` } });
    }
    const locale: Locale = localeForPath(path);
    return sendHtml(reply, notFoundPage(await pageCtx(request, store, locale, { theme: ctx.demoTheme })), 404);
  });
}
