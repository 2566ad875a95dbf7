/**
 * The platform's Admin API, as much of it as the provider uses (docs/provider-api.md "The demo
 * platform's Admin API"): `POST /admin/api/{version}/graphql.json` with the app's access token in
 * `X-Shopify-Access-Token`, running one of two mutations on the demo shop's metafields:
 *
 * - `metafieldsSet(metafields: $metafields)`: up to 25 `MetafieldsSetInput`s set (created or
 *   updated) all or nothing, checked as the platform checks them (the standard definitions
 *   `reviews.rating`, type `rating` on a 1.0–5.0 scale, and `reviews.rating_count`,
 *   `number_integer` from 0; an owner that is one of the shop's products);
 * - `metafieldsDelete(metafields: $metafields)`: `{ ownerId, namespace, key }`s deleted.
 *
 * A stand-in, not a GraphQL server: a document is read as one mutation with one of these root
 * fields (an alias allowed) taking its input from a variable; the payload holds every field the
 * platform's has, whatever the selection. Answers as the platform's: input the mutation refuses
 * gives `userErrors` (HTTP 200, nothing written); what the stand-in cannot run, or a variable of
 * the wrong shape, gives 400 and a missing or wrong token 401, in the provider's error shape.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import type { AdminTransport } from '../provider/platformMetafields.ts';
import type { PlatformMetafieldRow } from '../storage/schema.ts';
import type { MetafieldIdentifier, MetafieldInput } from '../storage/platformMetafields.ts';
import type { SecretStore } from '../storage/secrets.ts';
import { PRODUCTS } from './catalog.ts';

/** The secret the demo shop's Admin API access token is made from (provider_secrets). */
const ACCESS_TOKEN_SECRET = 'demo-admin-api-access-token';
/** Metafields one `metafieldsSet` sets at most (the platform's limit). */
const MAX_SET_INPUTS = 25;
/** Metafields one `metafieldsDelete` deletes at most. */
const MAX_DELETE_INPUTS = 250;
/** Characters of a stored value at most (the platform allows 64 KB; ratings and counts are a few bytes). */
const MAX_VALUE_LENGTH = 65_536;

/**
 * The access token the demo shop granted the app (the platform hands it over at install; in the
 * demo both read it from the provider's store): `shpat_` and 32 hex digits, random per store.
 */
export async function demoAccessToken(secrets: SecretStore): Promise<string> {
  return `shpat_${(await secrets.get(ACCESS_TOKEN_SECRET)).slice(0, 32)}`;
}

/** The shop's product ids (metafield owners must be products of the shop). */
const PRODUCT_IDS = new Set(PRODUCTS.map((entry) => entry.product.id));
const PRODUCT_GID = /^gid:\/\/shopify\/Product\/(\d{1,20})$/;

/** A mutation's refusal of one input, as the platform words it (`MetafieldsSetUserError`). */
interface UserError {
  field: string[];
  message: string;
  code: string;
}

/** What a GraphQL document asks for, as far as the stand-in reads it. */
type Operation =
  { kind: 'metafieldsSet' | 'metafieldsDelete'; responseKey: string; variable: string } | { kind: 'unsupported'; message: string };

/** `mutation Name($v: …) { alias: field(metafields: $v) { … } }`, comments removed. */
const MUTATION = /^\s*mutation\b[^{]*\{\s*(?:([A-Za-z_]\w*)\s*:\s*)?([A-Za-z_]\w*)\s*\(\s*metafields\s*:\s*\$([A-Za-z_]\w*)\s*\)\s*/;

/** Index just past the `}` closing the `{` at `open`; -1 when it is not closed. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Reads which mutation a document runs (see the module comment for what it understands). */
function readOperation(query: string): Operation {
  const text = query.replace(/#[^\n\r]*/g, '');
  const match = MUTATION.exec(text);
  const field = match?.[2];
  if (!match || (field !== 'metafieldsSet' && field !== 'metafieldsDelete')) {
    return {
      kind: 'unsupported',
      message: 'The demo Admin API runs one mutation: metafieldsSet(metafields: $variable) or metafieldsDelete(metafields: $variable)',
    };
  }
  let end = match[0].length;
  if (text[end] === '{') end = closingBrace(text, end);
  if (end < 0 || !/^\s*\}\s*$/.test(text.slice(end))) {
    return { kind: 'unsupported', message: 'The demo Admin API runs one root field per document' };
  }
  return { kind: field, responseKey: match[1] ?? field, variable: match[3]! };
}

/** Thrown for a variable of the wrong shape: a 400, as a GraphQL server refuses it before running anything. */
class VariableError extends Error {}

/** The variable's inputs: a list of objects whose `required` fields are strings (other listed fields: strings or absent). */
function inputList(value: unknown, required: readonly string[], optional: readonly string[]): Record<string, string | undefined>[] {
  if (!Array.isArray(value)) throw new VariableError('The metafields variable must be a list');
  return value.map((item: unknown, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new VariableError(`metafields[${index}] must be an object`);
    const input = item as Record<string, unknown>;
    const out: Record<string, string | undefined> = {};
    for (const name of [...required, ...optional]) {
      const field = input[name];
      if (field === undefined || field === null) {
        if (required.includes(name)) throw new VariableError(`metafields[${index}].${name} is required`);
        continue;
      }
      if (typeof field !== 'string') throw new VariableError(`metafields[${index}].${name} must be a string`);
      out[name] = field;
    }
    return out;
  });
}

/** A decimal written as the platform's `rating` values are (`"4.6"`, `"5.0"`). */
const DECIMAL = /^\d{1,6}(\.\d{1,6})?$/;

/** Why a value does not fit its type (null when it does); `definition` holds the standard definition's scale or minimum. */
function valueProblem(type: string, value: string, definition: { scale?: [number, number]; min?: number }): string | null {
  switch (type) {
    case 'number_integer': {
      if (!/^-?\d{1,16}$/.test(value) || !Number.isSafeInteger(Number(value))) return 'Value must be an integer.';
      return definition.min !== undefined && Number(value) < definition.min ? `Value must be at least ${definition.min}.` : null;
    }
    case 'rating': {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(value) as Record<string, unknown>;
      } catch {
        return 'Value must be JSON: {"value": "4.5", "scale_min": "1.0", "scale_max": "5.0"}.';
      }
      const parts = [parsed?.value, parsed?.scale_min, parsed?.scale_max];
      if (!parts.every((part) => typeof part === 'string' && DECIMAL.test(part))) {
        return 'Value must hold value, scale_min and scale_max as decimal strings.';
      }
      const [rating, min, max] = parts.map(Number) as [number, number, number];
      if (definition.scale && (min !== definition.scale[0] || max !== definition.scale[1])) {
        return `The scale must be ${definition.scale[0].toFixed(1)} to ${definition.scale[1].toFixed(1)}.`;
      }
      if (!(min < max) || rating < min || rating > max) return 'Value must be within the scale.';
      return null;
    }
    case 'single_line_text_field':
      return /[\r\n]/.test(value) ? 'Value must be a single line.' : null;
    default:
      return null;
  }
}

/** The types the stand-in stores. */
const TYPES = ['rating', 'number_integer', 'single_line_text_field'];

/** The platform's standard definitions the stand-in knows: their type and what their values must meet. */
const STANDARD_DEFINITIONS: Record<string, { type: string; scale?: [number, number]; min?: number }> = {
  'reviews.rating': { type: 'rating', scale: [1, 5] },
  'reviews.rating_count': { type: 'number_integer', min: 0 },
};

/** The refusals of one `metafieldsSet` input (none when it can be set). */
function setInputErrors(input: Record<string, string | undefined>, index: number): UserError[] {
  const at = (name: string) => ['metafields', String(index), name];
  const errors: UserError[] = [];
  const owner = PRODUCT_GID.exec(input.ownerId!);
  if (!owner || !PRODUCT_IDS.has(Number(owner[1])))
    errors.push({ field: at('ownerId'), message: 'Owner does not exist.', code: 'INVALID' });
  const { namespace, key, type, value } = input;
  if (!namespace) errors.push({ field: at('namespace'), message: "Namespace can't be blank.", code: 'BLANK' });
  else if (!/^[A-Za-z0-9_-]{3,255}$/.test(namespace))
    errors.push({ field: at('namespace'), message: 'Namespace must be 3 to 255 letters, digits, - or _.', code: 'INVALID' });
  if (!/^[A-Za-z0-9_-]{2,64}$/.test(key!))
    errors.push({ field: at('key'), message: 'Key must be 2 to 64 letters, digits, - or _.', code: 'INVALID' });
  const definition = STANDARD_DEFINITIONS[`${namespace}.${key}`];
  if (!type) errors.push({ field: at('type'), message: "Type can't be blank.", code: 'BLANK' });
  else if (definition && type !== definition.type)
    errors.push({
      field: at('type'),
      message: `Type must be ${definition.type} (the standard definition ${namespace}.${key}).`,
      code: 'INVALID_TYPE',
    });
  else if (!TYPES.includes(type))
    errors.push({ field: at('type'), message: `The demo platform stores the types ${TYPES.join(', ')}.`, code: 'INVALID_TYPE' });
  else if (value!.length > MAX_VALUE_LENGTH) errors.push({ field: at('value'), message: 'Value is too long.', code: 'TOO_LONG' });
  else {
    const problem = valueProblem(type, value!, definition ?? {});
    if (problem) errors.push({ field: at('value'), message: problem, code: 'INVALID_VALUE' });
  }
  return errors;
}

/** A stored metafield as the payload's `Metafield`. */
function metafieldJson(row: PlatformMetafieldRow) {
  return {
    id: `gid://shopify/Metafield/${row.id}`,
    namespace: row.namespace,
    key: row.key,
    type: row.type,
    value: row.value,
    ownerType: 'PRODUCT',
    owner: { id: row.owner_id },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `metafieldsSet`'s payload: the metafields as stored, or the refusals (then nothing is stored). */
async function runSet(ctx: AppContext, value: unknown) {
  const inputs = inputList(value, ['ownerId', 'key', 'value'], ['namespace', 'type']);
  const userErrors: UserError[] =
    inputs.length > MAX_SET_INPUTS
      ? [
          {
            field: ['metafields'],
            message: `Exceeded the maximum metafields input limit of ${MAX_SET_INPUTS}.`,
            code: 'LESS_THAN_OR_EQUAL_TO',
          },
        ]
      : inputs.flatMap(setInputErrors);
  if (userErrors.length) return { metafields: [], userErrors };
  const rows = await ctx.storage.platformMetafields.set(inputs as unknown as MetafieldInput[]);
  return { metafields: rows.map(metafieldJson), userErrors };
}

/** `metafieldsDelete`'s payload: for each input, what was deleted, or null when there was no such metafield. */
async function runDelete(ctx: AppContext, value: unknown) {
  const inputs = inputList(value, ['ownerId', 'namespace', 'key'], []) as unknown as MetafieldIdentifier[];
  if (inputs.length > MAX_DELETE_INPUTS) {
    const message = `Exceeded the maximum metafields input limit of ${MAX_DELETE_INPUTS}.`;
    return { deletedMetafields: [], userErrors: [{ field: ['metafields'], message, code: 'LESS_THAN_OR_EQUAL_TO' }] };
  }
  const existed = await ctx.storage.platformMetafields.delete(inputs);
  const deletedMetafields = inputs.map(({ ownerId, namespace, key }, index) => (existed[index] ? { ownerId, namespace, key } : null));
  return { deletedMetafields, userErrors: [] };
}

/** True when the request carries the shop's access token (compared in constant time). */
async function authorized(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const presented = request.headers['x-shopify-access-token'];
  if (typeof presented !== 'string' || !presented) return false;
  const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(await demoAccessToken(ctx.storage.secrets)));
}

interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** One GraphQL request (see the module comment). */
async function answer(ctx: AppContext, request: FastifyRequest<{ Body: GraphqlBody }>, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  if (!(await authorized(ctx, request))) {
    return sendError(reply, 401, 'UNAUTHORIZED', '[API] Invalid API key or access token (unrecognized login or wrong password)');
  }
  const operation = readOperation(request.body.query);
  if (operation.kind === 'unsupported') return sendError(reply, 400, 'UNSUPPORTED_OPERATION', operation.message);
  const value = request.body.variables?.[operation.variable];
  try {
    const payload = operation.kind === 'metafieldsSet' ? await runSet(ctx, value) : await runDelete(ctx, value);
    return { data: { [operation.responseKey]: payload } };
  } catch (error) {
    if (error instanceof VariableError) return sendError(reply, 400, 'INVALID_VARIABLES', `$${operation.variable}: ${error.message}`);
    throw error;
  }
}

/** `POST /admin/api/{version}/graphql.json` (any stable version name; they all behave as 2025-01). */
export function registerAdminApi(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Params: { version: string }; Body: GraphqlBody }>(
    '/admin/api/:version/graphql.json',
    {
      bodyLimit: 256 * 1024,
      schema: {
        params: {
          type: 'object',
          required: ['version'],
          properties: { version: { type: 'string', pattern: '^[0-9]{4}-(01|04|07|10)$' } },
        },
        body: {
          type: 'object',
          required: ['query'],
          properties: {
            query: { type: 'string', minLength: 1, maxLength: 20_000 },
            variables: { type: ['object', 'null'] },
            operationName: { type: ['string', 'null'] },
          },
        },
      },
    },
    (request, reply) => answer(ctx, request, reply),
  );
}

/**
 * How the provider reaches this stand-in in the same process: the route itself, through
 * fastify's `inject` (the URL's path, the headers and the body as sent), so the demo's calls go
 * through the same checks a real call would.
 */
export function inProcessTransport(app: FastifyInstance): AdminTransport {
  return async ({ url, headers, body }) => {
    const answer = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
    return { status: answer.statusCode, body: answer.body };
  };
}
