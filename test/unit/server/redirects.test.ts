import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../../server/lib/safePath.ts';
import { makeServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

/** Values that browsers resolve to another host when used as a redirect's Location. */
const OFF_SITE = [
  '//evil.example/path',
  '/\\evil.example/path',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/\u0000/evil.example',
  ' //evil.example',
];

/** Where a browser on the shop goes with this Location header. */
const landsOn = (location: string | undefined) => new URL(String(location), 'https://shop.test/some/page').host;

describe('safeRedirectPath', () => {
  it('keeps paths on this site, query and hash included', () => {
    for (const ok of ['/', '/collections/all', '/es/products/x?variant=1#reviews', '/cart?error=a%20b', '/search?q=%2F%2Fevil']) {
      expect(safeRedirectPath(ok)).toBe(ok);
    }
  });

  it('answers a path as a browser sends it: characters outside ASCII percent-encoded (a header holds no others)', () => {
    expect(safeRedirectPath('/products/caf\u00e9?q=\u2713#d\u00e9tails')).toBe('/products/caf%C3%A9?q=%E2%9C%93#d%C3%A9tails');
    expect(safeRedirectPath('/products/caf%C3%A9')).toBe('/products/caf%C3%A9');
    // Cut at 2,000 characters, never inside an escape.
    expect(safeRedirectPath(`/${'a'.repeat(1997)}\u00e9`)).toBe(`/${'a'.repeat(1997)}`);
  });

  it('falls back for anything that leaves the site', () => {
    for (const bad of OFF_SITE) expect(safeRedirectPath(bad, '/home')).toBe('/home');
    expect(safeRedirectPath(undefined)).toBe('/');
  });
});

describe('every demo-shop redirect stays on the shop', () => {
  it('GET /discount/{code}?redirect=…', async () => {
    for (const bad of [...OFF_SITE, '/%5Cevil.example/path', '/%09/evil.example']) {
      const res = await s.app.inject({ url: `/discount/SAVE10?redirect=${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(302);
      expect(landsOn(res.headers.location)).toBe('shop.test');
    }
    // The encoded forms of the review, exactly as an attacker would send them.
    for (const raw of ['/%5Cevil.example/path', '/%09/evil.example']) {
      const res = await s.app.inject({ url: `/discount/SAVE10?redirect=${raw}` });
      expect(res.headers.location).toBe('/');
    }
    const ok = await s.app.inject({ url: '/es/discount/SAVE10?redirect=%2Fes%2Fcollections%2Fall' });
    expect(ok.headers.location).toBe('/es/collections/all');
  });

  it('POST /localization return_to=…', async () => {
    for (const bad of [...OFF_SITE, '/%09/evil.example']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/localization',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `country_code=NL&return_to=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(302);
      expect(landsOn(res.headers.location)).toBe('shop.test');
    }
    const raw = await s.app.inject({
      method: 'POST',
      url: '/localization',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'return_to=/%09/evil.example&country_code=US',
    });
    expect(raw.headers.location).toBe('/');
  });

  it('a target with characters outside ASCII is redirected to, encoded, not answered with a 500', async () => {
    const localized = await s.app.inject({
      method: 'POST',
      url: '/es/localization',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'return_to=/products/%E2%9C%93&locale_code=nl',
    });
    expect({ status: localized.statusCode, location: localized.headers.location }).toEqual({
      status: 302,
      location: '/nl/products/%E2%9C%93',
    });
    const json = await s.app.inject({ method: 'POST', url: '/localization', payload: { return_to: '/collections/caf\u00e9' } });
    expect({ status: json.statusCode, location: json.headers.location }).toEqual({ status: 302, location: '/collections/caf%C3%A9' });
    const discount = await s.app.inject({ url: '/discount/SAVE10?redirect=/collections/%E2%9C%93' });
    expect({ status: discount.statusCode, location: discount.headers.location }).toEqual({
      status: 302,
      location: '/collections/%E2%9C%93',
    });
  });
});

/** A GET with the request target sent byte for byte (HTTP clients would percent-encode it). */
async function rawGet(target: string): Promise<string> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('reflected values are escaped', () => {
  it('the 404 page escapes the request path in its canonical and hreflang links', async () => {
    const res = await rawGet(`/nothing"><img/src=x/onerror=alert(1)>`);
    expect(res).toMatch(/^HTTP\/1\.1 404/);
    expect(res).not.toContain('<img/src=x');
    const alternates = res.match(/<link rel="alternate"[^>]*>/g) ?? [];
    expect(alternates.length).toBeGreaterThan(0);
    for (const link of alternates) expect(link).toContain('&quot;&gt;&lt;img');
  });
});
