/**
 * The platform's standard review metafields of a shop's products, written the way an app writes
 * them on the platform: GraphQL Admin API calls (`POST https://{shop}/admin/api/2025-01/graphql.json`,
 * `X-Shopify-Access-Token`). A product with published reviews gets `reviews.rating` (type
 * `rating`: the average to one decimal on the 1.0–5.0 scale) and `reviews.rating_count`
 * (`number_integer`), set together in one `metafieldsSet` (all or nothing); a product without
 * any loses both (`metafieldsDelete`), so themes show no rating for it. Themes of the Dawn family
 * render these without any script, and search engines read them in the page.
 *
 * The demo shop's platform runs in the same process (server/shop/adminApi.ts), so the demo hands
 * in a transport that calls it there; without one the calls go out with `fetch`.
 */

/** The Admin API version the calls are written against. */
const ADMIN_API_VERSION = '2025-01';
/** Metafields one `metafieldsSet` takes (the platform's limit): 12 products, both metafields of each in the same call. */
const SET_LIMIT = 25;
/** Metafields one `metafieldsDelete` takes. */
const DELETE_LIMIT = 250;
/** How long one call may take before it counts as failed. */
const CALL_TIMEOUT_MS = 10_000;

/** One HTTP request to the platform (always a POST of JSON) and its answer. */
export type AdminTransport = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number; body: string }>;

/** A shop on the platform, as the app holds it once installed. */
export interface PlatformShop {
  /** The shop's platform domain (`example.myshopify.com`). */
  domain: string;
  /** The access token the shop granted the app. */
  accessToken: () => Promise<string>;
  /** How calls reach the platform; `fetch` when left out. */
  send?: AdminTransport;
}

/** A product's published review stats, as the metafields carry them. */
interface ProductReviewStats {
  productId: number;
  /** Published, visible reviews. */
  count: number;
  /** Their average stars, rounded to one decimal (0 without reviews). */
  average: number;
}

/** The review metafields of one shop's products. */
export interface PlatformMetafields {
  /**
   * Writes each product's review metafields (set, or deleted for a product without reviews).
   * Rejects with the platform's refusal (an HTTP error, GraphQL errors or user errors) of the
   * first call that failed; the calls before it stay written.
   */
  writeReviewStats(products: readonly ProductReviewStats[]): Promise<void>;
}

/** The platform refused or failed a call; the message says what it answered. */
class PlatformCallError extends Error {
  override name = 'PlatformCallError';
}

const SET_MUTATION =
  'mutation SetReviewMetafields($metafields: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $metafields) { metafields { id namespace key } userErrors { field message code } } }';
const DELETE_MUTATION =
  'mutation DeleteReviewMetafields($metafields: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $metafields) { deletedMetafields { ownerId namespace key } userErrors { field message } } }';

const fetchTransport: AdminTransport = async ({ url, headers, body }) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  return { status: response.status, body: await response.text() };
};

const ownerId = (productId: number): string => `gid://shopify/Product/${productId}`;

/** `metafieldsSet` inputs of a product with reviews: its rating and its count. */
const setInputs = ({ productId, count, average }: ProductReviewStats) => [
  {
    ownerId: ownerId(productId),
    namespace: 'reviews',
    key: 'rating',
    type: 'rating',
    value: JSON.stringify({ value: average.toFixed(1), scale_min: '1.0', scale_max: '5.0' }),
  },
  { ownerId: ownerId(productId), namespace: 'reviews', key: 'rating_count', type: 'number_integer', value: String(count) },
];

/** `metafieldsDelete` inputs of a product without reviews. */
const deleteInputs = ({ productId }: ProductReviewStats) =>
  ['rating', 'rating_count'].map((key) => ({ ownerId: ownerId(productId), namespace: 'reviews', key }));

/** `list` in pieces of at most `size`. */
function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The review metafields of `shop`'s products, through its Admin API. */
export function platformMetafields(shop: PlatformShop): PlatformMetafields {
  const send = shop.send ?? fetchTransport;
  const url = `https://${shop.domain}/admin/api/${ADMIN_API_VERSION}/graphql.json`;

  /** Runs one mutation; rejects unless the platform ran it without errors. */
  async function call(query: string, field: string, metafields: object[]): Promise<void> {
    const headers = { 'content-type': 'application/json', 'x-shopify-access-token': await shop.accessToken() };
    const answer = await send({ url, headers, body: JSON.stringify({ query, variables: { metafields } }) });
    if (answer.status !== 200) throw new PlatformCallError(`${field}: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
    let json: { data?: Record<string, { userErrors?: { message: string }[] } | null>; errors?: { message: string }[] };
    try {
      json = JSON.parse(answer.body) as typeof json;
    } catch {
      throw new PlatformCallError(`${field}: the answer is not JSON`);
    }
    if (json.errors?.length) throw new PlatformCallError(`${field}: ${json.errors.map((error) => error.message).join('; ')}`);
    const payload = json.data?.[field];
    if (!payload) throw new PlatformCallError(`${field}: no payload in the answer`);
    if (payload.userErrors?.length) throw new PlatformCallError(`${field}: ${payload.userErrors.map((error) => error.message).join('; ')}`);
  }

  return {
    async writeReviewStats(products) {
      const rated = products.filter((product) => product.count > 0);
      for (const batch of chunks(rated, Math.floor(SET_LIMIT / 2))) await call(SET_MUTATION, 'metafieldsSet', batch.flatMap(setInputs));
      const unrated = products.filter((product) => product.count <= 0).flatMap(deleteInputs);
      for (const batch of chunks(unrated, DELETE_LIMIT)) await call(DELETE_MUTATION, 'metafieldsDelete', batch);
    },
  };
}
