/**
 * Shopify AJAX cart endpoints, registered inside a locale-prefixed scope: `/cart.js`, and
 * `/cart/add|change|update|clear` both as `.js` (JSON answers) and as plain form posts (which
 * redirect to the cart page, or to checkout when the form has a `checkout` field, unless a script
 * asks for JSON). Bodies: JSON, form-encoded or multipart (`multipartForms.ts`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { DISCOUNT_COOKIE, discountFor } from '../discounts.ts';
import { LOCALES } from '../locale.ts';
import { cartInMarket, marketFor, shopperCountry } from '../markets.ts';
import { cartJson, lineItemJson } from './json.ts';
import { CartError, type CartState } from './model.ts';
import { addItems, changeCart, updateCart } from './mutations.ts';
import { parseAddBody } from './parse.ts';
import { cartToken, CartStore } from './store.ts';

/** What a cart endpoint needs to know about its locale scope. */
interface CartScope {
  store: CartStore;
  /** The locale root: '/' or '/es/'. */
  root: string;
  /** The country the locale implies (`/en-us` is US), else null. */
  localeCountry: string | null;
}

/** The discount code the shopper applied (`/discount/{code}`), when the shop knows it. */
type Discount = ReturnType<typeof discountFor>;

/** Changes the cart (throwing CartError on a bad request); returns what `.js` answers when `answer` is 'result'. */
type Mutation = (cart: CartState, body: unknown, root: string, discount: Discount) => unknown;

/** A mutation's `.js` answer: the whole cart, or what the mutation returned. */
type Answer = 'cart' | 'result';

type CartHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

function asJson(reply: FastifyReply): FastifyReply {
  return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store');
}

/** Amounts as the shopper's market shows them (the platform answers in the cart's currency). */
function inMarket<T>(scope: CartScope, request: FastifyRequest, body: T): T {
  return cartInMarket(body, marketFor(shopperCountry(scope.localeCountry, request.cookies['localization'])));
}

/** Where a form post goes once the cart is saved. */
function formRedirect(scope: CartScope, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const form = request.body as Record<string, unknown> | undefined;
  if (form && form.checkout !== undefined) return reply.redirect(`${scope.root}checkout`, 303);
  return reply.redirect(`${scope.root}cart`, 302);
}

/**
 * Whether a post to a plain endpoint (`/cart/add`) is a script's, answered in JSON as `.js` is:
 * Dawn's product form posts there with `X-Requested-With: XMLHttpRequest` and
 * `Accept: application/javascript`, and its cart drawer with `Accept: application/json`. A form
 * the browser posts asks for HTML and is redirected.
 */
function asksForJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return request.headers['x-requested-with'] === 'XMLHttpRequest' || /\b(application|text)\/(json|javascript)\b/.test(accept);
}

/** The handler of one mutation endpoint: `.js` (`isJs`) or the plain form post, which a script may send too. */
function mutationHandler(scope: CartScope, mutate: Mutation, answer: Answer, endsInJs: boolean): CartHandler {
  return async (request, reply) => {
    const isJs = endsInJs || asksForJson(request);
    const cart = await scope.store.load(cartToken(request, reply));
    const discount = discountFor(request.cookies[DISCOUNT_COOKIE]);
    let result: unknown;
    try {
      result = mutate(cart, request.body ?? {}, scope.root, discount);
    } catch (err) {
      if (!(err instanceof CartError)) throw err;
      if (!isJs) return reply.redirect(`${scope.root}cart?error=${encodeURIComponent(err.description)}`, 303);
      return asJson(reply).code(err.status).send(err.body());
    }
    await scope.store.save(cart);
    if (!isJs) return formRedirect(scope, request, reply);
    return asJson(reply).send(inMarket(scope, request, answer === 'cart' ? cartJson(cart, scope.root, discount) : result));
  };
}

/** /cart/add: the added line item, or `{items}` for a multi-item request. */
const addMutation: Mutation = (cart, body, root, discount) => {
  const { items, multi } = parseAddBody(body);
  const touched = addItems(cart, items).map((line) => lineItemJson(line, root, discount));
  return multi ? { items: touched } : touched[0];
};

const clearMutation: Mutation = (cart) => {
  cart.lines = [];
};

const MUTATIONS: readonly (readonly [path: string, mutate: Mutation, answer: Answer])[] = [
  ['/cart/add', addMutation, 'result'],
  ['/cart/change', changeCart, 'cart'],
  ['/cart/update', updateCart, 'cart'],
  ['/cart/clear', clearMutation, 'cart'],
];

/** Register the cart endpoints of the locale with URL prefix `prefix` ('' or '/es'…). */
export function registerCartRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const scope: CartScope = {
    store: new CartStore(ctx.storage.carts),
    root: `${prefix}/`,
    localeCountry: LOCALES.find((locale) => locale.prefix === prefix)?.country ?? null,
  };
  const getCart: CartHandler = async (request, reply) => {
    const cart = await scope.store.load(cartToken(request, reply));
    return asJson(reply).send(inMarket(scope, request, cartJson(cart, scope.root, discountFor(request.cookies[DISCOUNT_COOKIE]))));
  };
  app.get('/cart.js', getCart);
  app.get('/cart.json', getCart);

  for (const [path, mutate, answer] of MUTATIONS) {
    app.post(`${path}.js`, mutationHandler(scope, mutate, answer, true));
    app.post(path, mutationHandler(scope, mutate, answer, false));
  }
  // The theme's cart form posts to /cart; Shopify also supports GET /cart/change?line=1&quantity=0 (remove links) and GET /cart/clear.
  app.post('/cart', mutationHandler(scope, updateCart, 'cart', false));
  const changeByLink = mutationHandler(scope, changeCart, 'cart', false);
  app.get('/cart/change', async (request, reply) => {
    request.body = request.query;
    return changeByLink(request, reply);
  });
  app.get('/cart/clear', mutationHandler(scope, clearMutation, 'cart', false));
}
