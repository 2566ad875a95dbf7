/**
 * Design mode is the demo shop's owner's (server/shop/ownerSignIn.ts): on this machine while no
 * public URL is set, else after signing in with the demo shop's admin token. Anyone else asking for
 * `?design_mode=1` is sent to the sign-in, so no visitor of a public provider gets an editor token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueEditorToken } from '../../../server/provider/editorToken.ts';
import { makeServer, type TestServer } from './helpers.ts';

const VISITOR = '203.0.113.9';
const PAGE = '/products/classic-cotton-tee?view=blocks&design_mode=1';

/** The editor token the page's app embed carries (`#vitrine-editor`), or null. */
const editorTokenOf = (html: string): string | null => {
  const match = /<script type="application\/json" id="vitrine-editor">(.*?)<\/script>/.exec(html);
  return match ? ((JSON.parse(match[1]!) as { token: string | null }).token ?? null) : null;
};
const adminTokenOf = (server: TestServer) => fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
const signIn = (server: TestServer, token: string, returnTo = PAGE, remoteAddress = VISITOR) =>
  server.app.inject({
    method: 'POST',
    url: '/admin/sign-in',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, return_to: returnTo }).toString(),
  });
/** The `name=value` of a Set-Cookie answer's cookie. */
const cookieOf = (res: { headers: Record<string, unknown> }): string => String(res.headers['set-cookie']).split(';')[0]!;

describe('design mode on a provider with no public URL (development)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeServer({ rateLimit: { adminFailuresPer15Min: 3 } });
  });
  afterAll(async () => {
    await s.app.close();
  });

  it('is shown with an editor token on this machine', async () => {
    const res = await s.app.inject({ url: PAGE });
    expect(res.statusCode).toBe(200);
    expect(editorTokenOf(res.body)).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('sends a visitor from elsewhere to the sign-in (303), and coming back there, without an editor token', async () => {
    for (const url of [PAGE, '/es/?design_mode=true', '/collections/all?design_mode=1&page=2']) {
      const res = await s.app.inject({ url, remoteAddress: VISITOR });
      expect({ url, status: res.statusCode, location: res.headers.location }).toEqual({
        url,
        status: 303,
        location: `/admin/sign-in?return_to=${encodeURIComponent(url)}`,
      });
    }
    // Without design mode the page is anyone's.
    const plain = await s.app.inject({ url: '/products/classic-cotton-tee?view=blocks', remoteAddress: VISITOR });
    expect(plain.statusCode).toBe(200);
    expect(editorTokenOf(plain.body)).toBeNull();
  });

  it('the sign-in page: a labelled password field, the way back kept (escaped), an address off the site refused', async () => {
    const res = await s.app.inject({
      url: `/admin/sign-in?return_to=${encodeURIComponent('/?design_mode=1&x="><b>')}`,
      remoteAddress: VISITOR,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toContain('<label for="token">Admin token</label>');
    expect(res.body).toContain('<input id="token" name="token" type="password"');
    expect(res.body).not.toContain('"><b>');
    const offSite = await signIn(s, adminTokenOf(s), '//evil.example/x');
    expect({ status: offSite.statusCode, location: offSite.headers.location }).toEqual({ status: 303, location: '/?design_mode=1' });
  });

  it('signed in with the admin token, a visitor gets design mode and its editor token; a wrong token: 401 and no cookie', async () => {
    const wrong = await signIn(s, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('role="alert"');

    const right = await signIn(s, adminTokenOf(s));
    expect({ status: right.statusCode, location: right.headers.location }).toEqual({ status: 303, location: PAGE });
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const res = await s.app.inject({ url: PAGE, remoteAddress: VISITOR, headers: { cookie: cookieOf(right) } });
    expect(res.statusCode).toBe(200);
    expect(editorTokenOf(res.body)).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('a cookie that is not the owner’s sign-in (tampered, an editor token, another shop’s) gets no design mode', async () => {
    const right = cookieOf(await signIn(s, adminTokenOf(s)));
    const [name, value] = right.split('=') as [string, string];
    const [payload, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ shop: 'demo', exp: 4e9, purpose: 'demo-owner' })).toString('base64url');
    const editor = await issueEditorToken(s.app.vitrine, 'demo');
    const otherShop = await issueEditorToken(s.app.vitrine, 'other', Date.now(), 'demo-owner');
    for (const cookie of [`${forged}.${signature}`, `${payload}.${'A'.repeat(43)}`, editor.token, otherShop.token]) {
      const res = await s.app.inject({ url: PAGE, remoteAddress: VISITOR, headers: { cookie: `${name}=${cookie}` } });
      expect({ cookie, status: res.statusCode }).toEqual({ cookie, status: 303 });
    }
  });

  it('the sign-in cookie is no bearer token for update-selector', async () => {
    const value = decodeURIComponent(cookieOf(await signIn(s, adminTokenOf(s))).split('=')[1]!);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/update-selector',
      headers: { authorization: `Bearer ${value}` },
      payload: { shopId: 'demo', widgetId: 4, isMobile: true, selector: '.product__description', alignment: 'after' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('failed sign-ins count with the owner API’s failed attempts: over the limit, 429 even with the right token', async () => {
    const from = '198.51.100.4';
    for (let i = 0; i < 3; i++) expect((await signIn(s, 'y'.repeat(43), PAGE, from)).statusCode).toBe(401);
    const locked = await signIn(s, adminTokenOf(s), PAGE, from);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Another address is not locked out.
    expect((await signIn(s, adminTokenOf(s), PAGE, '198.51.100.5')).statusCode).toBe(303);
  });
});

describe('design mode on a provider with a public URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeServer({ rateLimit: false, publicUrl: 'https://reviews.example.com' });
  });
  afterAll(async () => {
    await s.app.close();
  });

  it('is the signed-in owner’s only, even on this machine (a reverse proxy there makes every visitor local)', async () => {
    const local = await s.app.inject({ url: PAGE });
    expect(local.statusCode).toBe(303);
    const right = await signIn(s, adminTokenOf(s), PAGE, '127.0.0.1');
    const res = await s.app.inject({ url: PAGE, headers: { cookie: cookieOf(right) } });
    expect(res.statusCode).toBe(200);
    expect(editorTokenOf(res.body)).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});
