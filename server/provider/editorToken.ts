/**
 * Editor tokens: what the owner's design-mode page carries so its placement editor may call
 * POST /api/update-selector without the owner's admin token ever reaching a page (and never a
 * secret inside the public script). A token names one shop, the purpose `editor` and its expiry
 * (one hour), signed with HMAC-SHA256 under a random key all provider processes share (stored in
 * the store on first use: server/storage/secrets.ts). Nothing is stored per token: it is valid
 * until it expires. The demo shop signs its owner's sign-in (the platform's admin session, in front
 * of its theme editor: server/shop/ownerSignIn.ts) the same way, under another purpose, so neither
 * is taken for the other.
 *
 * Format: `{payload}.{signature}`, both base64url; the payload is `{"shop","exp","purpose"}` JSON
 * (`exp` in seconds since the epoch), the signature the HMAC of the payload's base64url text.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { SHOP_ID_PATTERN } from '../lib/validation.ts';
import type { Storage } from '../storage/index.ts';
import type { OwnerAccess } from './ownerAccess.ts';

/**
 * What a token is for, and how many seconds it is valid: `editor`, an editing session (the page
 * asks for a new one when it reloads); `demo-owner`, the demo shop's owner signed in.
 */
const LIFETIMES_S = { editor: 60 * 60, 'demo-owner': 12 * 60 * 60 };
/** What a token is for. */
export type TokenPurpose = keyof typeof LIFETIMES_S;
/** The name of the signing key among the provider's secrets. */
const SECRET_NAME = 'editor-token-hmac';

/** What signing and checking a token needs: the store (its shared secret). */
type TokenContext = { storage: Pick<Storage, 'secrets'> };

/** What a presented token is. */
export type EditorTokenCheck =
  /** Signed by us, for `shopId`, not expired. */
  | { status: 'valid'; shopId: string }
  /** Signed by us for `shopId`, but past its expiry. */
  | { status: 'expired'; shopId: string }
  /** Not an editor token of ours: another shape, a wrong signature, another purpose. */
  | { status: 'invalid' };

const sign = (key: string, payload: string): Buffer => createHmac('sha256', key).update(payload, 'utf8').digest();

/**
 * A new editor token for `shopId`, valid one hour (or a token for another `purpose`);
 * `expiresAt` in milliseconds since the epoch. The caller has checked that the shop exists and
 * that the request is the owner's.
 */
export async function issueEditorToken(
  ctx: TokenContext,
  shopId: string,
  now = Date.now(),
  purpose: TokenPurpose = 'editor',
): Promise<{ token: string; expiresAt: number }> {
  const exp = Math.floor(now / 1000) + LIFETIMES_S[purpose];
  const payload = Buffer.from(JSON.stringify({ shop: shopId, exp, purpose })).toString('base64url');
  const key = await ctx.storage.secrets.get(SECRET_NAME);
  return { token: `${payload}.${sign(key, payload).toString('base64url')}`, expiresAt: exp * 1000 };
}

/** The payload's fields when they have the expected types and purpose; null otherwise. */
function readPayload(text: string, expected: TokenPurpose): { shop: string; exp: number } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { shop, exp, purpose } = value as Record<string, unknown>;
    if (purpose !== expected || typeof shop !== 'string' || typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return { shop, exp };
  } catch {
    return null;
  }
}

/** Checks a presented token (an editor token, or one for `purpose`): its signature first (in constant time), then what it says. */
export async function verifyEditorToken(
  ctx: TokenContext,
  token: string,
  now = Date.now(),
  purpose: TokenPurpose = 'editor',
): Promise<EditorTokenCheck> {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { status: 'invalid' };
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = sign(await ctx.storage.secrets.get(SECRET_NAME), payload);
  const presented = Buffer.from(signature, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return { status: 'invalid' };
  const fields = readPayload(payload, purpose);
  if (!fields) return { status: 'invalid' };
  return fields.exp * 1000 > now ? { status: 'valid', shopId: fields.shop } : { status: 'expired', shopId: fields.shop };
}

/**
 * POST /api/admin/{shopId}/editor-token (the owner's admin token only: an editor token cannot
 * renew itself) → `{ token, expiresAt }`, no-store.
 */
export function registerEditorTokenRoute(
  app: FastifyInstance,
  ctx: AppContext,
  owner: OwnerAccess,
  withShop: preHandlerAsyncHookHandler,
): void {
  app.post<{ Params: { shopId: string } }>(
    '/api/admin/:shopId/editor-token',
    {
      schema: { params: { type: 'object', required: ['shopId'], properties: { shopId: { type: 'string', pattern: SHOP_ID_PATTERN } } } },
      preHandler: withShop,
    },
    async (request, reply) => {
      const shop = await owner.shop(request, reply);
      if (!shop) return reply;
      reply.header('cache-control', 'no-store');
      return issueEditorToken(ctx, shop.id);
    },
  );
}
