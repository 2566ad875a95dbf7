/**
 * The demo shop's owner sign-in: the platform's admin login, in front of its theme editor. On the
 * platform only a signed-in owner (or staff) reaches design mode, and only design mode hands the
 * app embed the owner's editor token (pageContext.ts). The demo shop plays the platform, so a
 * `?design_mode=1` page is the owner's only:
 *
 * - on this machine (`request.ip` a loopback address) while no public URL is configured: a
 *   development provider, `npm start`, the tests;
 * - else after signing in at `/admin/sign-in` with the demo shop's admin token, which sets an
 *   HttpOnly cookie holding a signed, 12-hour owner token (editorToken.ts, purpose `demo-owner`).
 *
 * Anyone else asking for design mode is sent to the sign-in, as the platform would send them to its
 * login: a provider served publicly no longer gives every visitor an editor token for the demo shop.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { firstText } from '../lib/fieldText.ts';
import { esc } from '../lib/html.ts';
import { safeRedirectPath } from '../lib/safePath.ts';
import { issueEditorToken, verifyEditorToken } from '../provider/editorToken.ts';
import { adminFailureLimit, lockedOutFor } from '../provider/ownerAccess.ts';
import { adminTokenMatches } from '../storage/adminTokens.ts';

/** The cookie of a signed-in demo owner. */
const OWNER_COOKIE = 'vitrine_demo_owner';
const SIGN_IN_PATH = '/admin/sign-in';

/** `true` for `?design_mode=1` (or `=true`): the page as the theme editor shows it. */
export function designModeAsked(query: Record<string, unknown>): boolean {
  const value = firstText(query.design_mode);
  return value === '1' || value === 'true';
}

/** A parsed query or form body as a record (absent: empty). */
const fieldsOf = (parsed: unknown): Record<string, unknown> => (parsed ?? {}) as Record<string, unknown>;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
function isLoopback(ip: string | undefined): boolean {
  return !!ip && (/^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip) || ip === '::1');
}

/** Whether the request is the demo shop's owner's: on this machine (no public URL set), or signed in. */
async function isDemoOwner(ctx: Pick<AppContext, 'config' | 'storage'>, request: FastifyRequest): Promise<boolean> {
  if (!ctx.config.publicOrigin && isLoopback(request.ip)) return true;
  const token = request.cookies[OWNER_COOKIE];
  if (!token) return false;
  const check = await verifyEditorToken(ctx, token, Date.now(), 'demo-owner');
  return check.status === 'valid' && check.shopId === DEMO_SHOP_ID;
}

/** The sign-in page (`status` 401 with `error` after a failed attempt). */
function signInPage(returnTo: string, error = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in · Demo shop admin</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}label,input,button{display:block;font:inherit}input{width:100%;box-sizing:border-box;margin:.25rem 0 1rem;padding:.5rem}button{padding:.5rem 1.25rem}[role=alert]{color:#a4161a}</style>
</head>
<body>
<main>
<h1>Sign in to the demo shop's admin</h1>
<p>The theme editor (design mode) is for the shop's owner. Sign in with the demo shop's admin token: the
file <code>admin-token</code> in the provider's data folder, or <code>VITRINE_ADMIN_TOKEN</code>.</p>
${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="return_to" value="${esc(returnTo)}">
<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}

/** The sign-in page, never cached nor framed (a framed form could be clicked through unseen). */
function sendSignInPage(reply: FastifyReply, status: number, returnTo: string, error?: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "frame-ancestors 'none'")
    .header('x-frame-options', 'DENY')
    .send(signInPage(returnTo, error));
}

/**
 * GET/POST /admin/sign-in (registered once, at the root): the form, then the cookie and a 303 back
 * to `return_to` (a path on this site; else the home page in design mode).
 */
export function registerOwnerSignIn(app: FastifyInstance, ctx: AppContext): void {
  const failures = adminFailureLimit(app, ctx, () => DEMO_SHOP_ID);
  app.get(SIGN_IN_PATH, async (request, reply) => {
    const returnTo = safeRedirectPath(firstText(fieldsOf(request.query).return_to), '/?design_mode=1');
    return sendSignInPage(reply, 200, returnTo);
  });

  app.post(SIGN_IN_PATH, async (request, reply) => {
    const body = fieldsOf(request.body);
    const returnTo = safeRedirectPath(firstText(body.return_to), '/?design_mode=1');
    const answer = (status: number, error: string) => sendSignInPage(reply, status, returnTo, error);
    const retryAfter = await lockedOutFor(failures, request, reply);
    if (retryAfter) return answer(429, `Too many failed attempts: try again in ${Math.ceil(retryAfter / 60)} min.`);
    const shop = await ctx.storage.shops.get(DEMO_SHOP_ID);
    const token = firstText(body.token)?.trim();
    if (!shop || !token || !adminTokenMatches(token, shop.admin_token_sha256)) {
      if (failures) await failures(request);
      return answer(401, 'That is not the demo shop’s admin token.');
    }
    const session = await issueEditorToken(ctx, DEMO_SHOP_ID, Date.now(), 'demo-owner');
    reply.setCookie(OWNER_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires: new Date(session.expiresAt),
    });
    return reply.redirect(returnTo, 303);
  });
}

/**
 * The gate on design mode, in each locale's scope: a demo shop page asked for with `design_mode` by
 * someone not its owner is redirected (303) to the sign-in, which comes back to it.
 */
export function registerDesignModeGate(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !designModeAsked(fieldsOf(request.query))) return;
    if (await isDemoOwner(ctx, request)) return;
    return reply.redirect(`${SIGN_IN_PATH}?return_to=${encodeURIComponent(request.url)}`, 303);
  });
}
