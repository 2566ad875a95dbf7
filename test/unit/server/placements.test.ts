/**
 * Owner mode on the provider: the placements the storefront reads (per widget 4, 5, 6 and device,
 * versioned by lastUpdated), update-selector with its editor tokens or the admin token (expired,
 * tampered, another shop's, rate-limited failures), the selector rules, `placedWidgets` in the
 * settings script, placement reports counted per day, the owner's answer and the CLI. On both engines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../../server/admin-cli.ts';
import { issueEditorToken, verifyEditorToken } from '../../../server/provider/editorToken.ts';
import { checkSelector } from '../../../server/provider/selectorCheck.ts';
import { openStorage } from '../../../server/storage/index.ts';
import { makeServer, makeStorage, storedDb, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
  // A second shop, for tokens of another shop.
  await storedDb(s).insertInto('shops').values({ id: 'other', domain: 'other.myshopify.com' }).execute();
});
afterAll(async () => {
  await s.app.close();
});

const adminToken = () => fs.readFileSync(path.join(s.dataDir, 'admin-token'), 'utf8').trim();
const lastUpdated = () => s.app.vitrine.storage.shops.lastUpdated('demo');
const today = () => new Date().toISOString().slice(0, 10);

type Body = Record<string, unknown>;
const placementBody = (overrides: Body = {}): Body => ({
  shopId: 'demo',
  widgetId: 4,
  isMobile: true,
  selector: '.product__description',
  alignment: 'after',
  ...overrides,
});
const updateSelector = (body: Body, token: string | null, server: TestServer = s) =>
  server.app.inject({
    method: 'POST',
    url: '/api/update-selector',
    payload: body,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
const readPlacements = (key: string | number, widgetId: string | number, isMobile = '1', shopId = 'demo') =>
  s.app.inject({ url: `/api/placements/${shopId}/${key}/${widgetId}.json?isMobile=${isMobile}` });
const errorOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { code: string; message: string } }).error;

/** The settings a `/{shopId}/vitrine.js` answer publishes. */
async function servedSettings(server: TestServer = s): Promise<Record<string, unknown>> {
  const res = await server.app.inject({ url: '/demo/vitrine.js' });
  expect(res.statusCode).toBe(200);
  const match = /^window\.vitrineSettings=Object\.assign\((.*),window\.vitrineSettings\|\|\{\}\);\n/.exec(res.body);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('GET /api/placements/{shopId}/{lastUpdated}/{widgetId}.json', () => {
  it('answers [] for a widget the owner never placed, cached for good under the current lastUpdated', async () => {
    const res = await readPlacements(await lastUpdated(), 5);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual([]);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses widget ids without placements, a bad or missing isMobile, an unknown shop', async () => {
    const key = await lastUpdated();
    for (const widgetId of ['7', '21', '0', 'abc']) {
      const res = await readPlacements(key, widgetId);
      expect(res.statusCode, widgetId).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'WIDGET_UNKNOWN',
        message: `Unknown widget id "${widgetId}": placements exist for 4 (reviews), 5 (star-snippets), 6 (offer-card)`,
      });
    }
    expect((await readPlacements(key, 4, 'yes')).statusCode).toBe(400);
    expect(errorOf(await s.app.inject({ url: `/api/placements/demo/${key}/4.json` })).code).toBe('VALIDATION_ERROR');
    const unknown = await readPlacements(key, 4, '1', 'no-such-shop');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('SHOP_NOT_FOUND');
  });
});

describe('POST /api/update-selector', () => {
  it('stores the placement for that widget and device, bumps lastUpdated, and the next page view reads it', async () => {
    const before = await lastUpdated();
    const res = await updateSelector(placementBody({ selector: '  .product__description  ' }), adminToken());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = JSON.parse(res.body) as { ok: boolean; placement: unknown; lastUpdated: number };
    expect(answer).toEqual({
      ok: true,
      placement: { selector: '.product__description', alignment: 'after', id: 'owner-4-m' },
      lastUpdated: await lastUpdated(),
    });
    expect(answer.lastUpdated).toBeGreaterThan(before);

    const mobile = await readPlacements(answer.lastUpdated, 4, '1');
    expect(JSON.parse(mobile.body)).toEqual([{ selector: '.product__description', alignment: 'after', id: 'owner-4-m' }]);
    expect(mobile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // `true` is `1`; desktop has no placement of its own.
    expect(JSON.parse((await readPlacements(answer.lastUpdated, 4, 'true')).body)).toHaveLength(1);
    expect(JSON.parse((await readPlacements(answer.lastUpdated, 4, '0')).body)).toEqual([]);
    expect(JSON.parse((await readPlacements(answer.lastUpdated, 4, 'false')).body)).toEqual([]);
    // The old key (a settings script cached before the change) gets today's data, briefly cached.
    const stale = await readPlacements(before, 4, '1');
    expect(JSON.parse(stale.body)).toHaveLength(1);
    expect(stale.headers['cache-control']).toBe('public, max-age=60');
  });

  it('a new choice replaces the old one of that widget and device', async () => {
    const desktop = await updateSelector(
      placementBody({ widgetId: '6', isMobile: 0, selector: 'form[action*="/cart/add"]' }),
      adminToken(),
    );
    expect(desktop.statusCode).toBe(200);
    const again = await updateSelector(
      placementBody({ widgetId: 6, isMobile: false, selector: '#main h1', alignment: 'before' }),
      adminToken(),
    );
    const { lastUpdated: key } = JSON.parse(again.body) as { lastUpdated: number };
    expect(JSON.parse((await readPlacements(key, 6, '0')).body)).toEqual([{ selector: '#main h1', alignment: 'before', id: 'owner-6-d' }]);
    const rows = await storedDb(s)
      .selectFrom('owner_placements')
      .selectAll()
      .where('shop_id', '=', 'demo')
      .where('widget_id', '=', 6)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('takes an editor token of the shop', async () => {
    const { token, expiresAt } = await issueEditorToken(s.app.vitrine, 'demo');
    expect(expiresAt).toBeGreaterThan(Date.now() + 3_590_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const res = await updateSelector(placementBody({ widgetId: 5, isMobile: '0', selector: '.price', alignment: 'append' }), token);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).placement).toEqual({ selector: '.price', alignment: 'append', id: 'owner-5-d' });
  });

  it("refuses missing, wrong, tampered and expired tokens (401), and another shop's editor token (403)", async () => {
    const missing = await updateSelector(placementBody(), null);
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing)).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Missing "Authorization: Bearer <editor token or admin token>" header',
    });
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);

    const wrong = await updateSelector(placementBody(), 'f'.repeat(48));
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe('Invalid editor token or admin token');

    const { token } = await issueEditorToken(s.app.vitrine, 'demo');
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ shop: 'demo', exp: 4102444800, purpose: 'editor' })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const tampered of [`${otherPayload}.${signature}`, `${payload}.${flipped}`, `${payload}.`, payload]) {
      const res = await updateSelector(placementBody(), tampered);
      expect(res.statusCode, tampered).toBe(401);
      expect(errorOf(res).message).toBe('Invalid editor token or admin token');
    }

    const old = await issueEditorToken(s.app.vitrine, 'demo', Date.now() - 3_601_000);
    const expired = await updateSelector(placementBody(), old.token);
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toEqual({
      code: 'UNAUTHORIZED',
      message: 'The editor token has expired (they last one hour): reload the editor to get a new one',
    });

    const foreign = await issueEditorToken(s.app.vitrine, 'other');
    const forbidden = await updateSelector(placementBody(), foreign.token);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden)).toEqual({ code: 'FORBIDDEN', message: 'This editor token is for another shop than "demo"' });
    // …which is a token of that shop all the same.
    expect(await verifyEditorToken(s.app.vitrine, foreign.token)).toEqual({ status: 'valid', shopId: 'other' });
  });

  it('refuses unknown widgets and alignments, and selectors that are not CSS or name our own widgets, with a clear message', async () => {
    const cases: [Body, string, string][] = [
      [{ widgetId: 7 }, 'WIDGET_UNKNOWN', 'Unknown widget id 7: placements exist for 4 (reviews), 5 (star-snippets), 6 (offer-card)'],
      [{ alignment: 'inside' }, 'ALIGNMENT_INVALID', 'Unknown alignment "inside": use before, after, prepend, append'],
      [{ selector: '   ' }, 'SELECTOR_INVALID', 'The selector must have 1 to 300 characters'],
      [{ selector: `.${'a'.repeat(300)}` }, 'SELECTOR_INVALID', 'The selector must have 1 to 300 characters'],
      [{ selector: 'div[' }, 'SELECTOR_INVALID', 'Not a valid CSS selector: Expected name, found  ("div[")'],
      [{ selector: 'main >' }, 'SELECTOR_INVALID', 'The selector ends with a combinator (>, +, ~) ("main >")'],
      [{ selector: 'p:contains(x)' }, 'SELECTOR_INVALID', ':contains is not a pseudo-class browsers know ("p:contains(x)")'],
      [
        { selector: '[data-vitrine-mount="reviews"]' },
        'SELECTOR_OWN_WIDGET',
        `The selector names the attribute data-vitrine-mount, part of a Vitrine widget: pick an element of the shop's page instead ("[data-vitrine-mount=\\"reviews\\"]")`,
      ],
    ];
    const before = await lastUpdated();
    for (const [overrides, code, message] of cases) {
      const res = await updateSelector(placementBody(overrides), adminToken());
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(res)).toEqual({ code, message });
    }
    // A body the schema refuses: an isMobile that is no boolean, an extra field, a missing selector.
    for (const body of [placementBody({ isMobile: 'yes' }), placementBody({ extra: 1 }), { ...placementBody(), selector: undefined }]) {
      const res = await updateSelector(body, adminToken());
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await lastUpdated()).toBe(before);
  });

  it('answers 404 for an unknown shop, and preflights allow the Authorization header', async () => {
    const unknown = await updateSelector(placementBody({ shopId: 'no-such-shop' }), adminToken());
    expect(unknown.statusCode).toBe(404);
    const preflight = await s.app.inject({ method: 'OPTIONS', url: '/api/update-selector' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type, Authorization');
  });
});

describe('selector rules (checkSelector)', () => {
  it('takes what querySelector takes on a theme', () => {
    for (const selector of [
      '.product-form__buttons',
      '#MainContent .product__info-wrapper > div:nth-child(2n+1)',
      'form[action*="/cart/add"]:not([id*=installment])',
      'main :is(h1, h2):first-of-type',
      'section:has(> .price)',
      'li:nth-child(2 of .card)',
      '*|div',
    ]) {
      expect(checkSelector(selector), selector).toEqual({ ok: true, selector });
    }
  });

  it('refuses what browsers refuse, pseudo-elements, and our own widgets anywhere in the selector', () => {
    const verdicts = Object.fromEntries(
      [
        'a,',
        '> a',
        'a < b',
        'svg|a',
        'a:nth-child(x)',
        'a:hover(1)',
        '::before',
        'div:not(.vitrine-stars)',
        '#vtl-rh',
        ':host',
        'a::part(x)',
        'vitrine-card',
        '[ID="vitrine-x"]',
        '[Class~="vitrine-stars"]',
        '[id^=vitrine]',
        '[class*="vtl"]',
        '[DATA-VITRINE-BLOCK]',
        '[id^=main]',
      ].map((selector) => {
        const check = checkSelector(selector);
        return [selector, check.ok ? 'ok' : check.code];
      }),
    );
    expect(verdicts).toEqual({
      'a,': 'SELECTOR_INVALID',
      '> a': 'SELECTOR_INVALID',
      'a < b': 'SELECTOR_INVALID',
      'svg|a': 'SELECTOR_INVALID',
      'a:nth-child(x)': 'SELECTOR_INVALID',
      'a:hover(1)': 'SELECTOR_INVALID',
      '::before': 'SELECTOR_INVALID',
      'div:not(.vitrine-stars)': 'SELECTOR_OWN_WIDGET',
      '#vtl-rh': 'SELECTOR_OWN_WIDGET',
      ':host': 'SELECTOR_OWN_WIDGET',
      'a::part(x)': 'SELECTOR_OWN_WIDGET',
      'vitrine-card': 'SELECTOR_OWN_WIDGET',
      // Attribute names match in any case on an HTML page, and a part of our prefix matches what starts with it.
      '[ID="vitrine-x"]': 'SELECTOR_OWN_WIDGET',
      '[Class~="vitrine-stars"]': 'SELECTOR_OWN_WIDGET',
      '[id^=vitrine]': 'SELECTOR_OWN_WIDGET',
      '[class*="vtl"]': 'SELECTOR_OWN_WIDGET',
      '[DATA-VITRINE-BLOCK]': 'SELECTOR_OWN_WIDGET',
      '[id^=main]': 'ok',
    });
  });
});

describe('placedWidgets in the settings script', () => {
  it('lists the widgets with a placement on either device, and nothing for a shop that never moved one', async () => {
    const fresh = await makeServer({ rateLimit: false });
    try {
      expect(await servedSettings(fresh)).not.toHaveProperty('placedWidgets');
      const token = fs.readFileSync(path.join(fresh.dataDir, 'admin-token'), 'utf8').trim();
      expect((await updateSelector(placementBody({ widgetId: 6, isMobile: false }), token, fresh)).statusCode).toBe(200);
      expect((await updateSelector(placementBody({ widgetId: 4, isMobile: true }), token, fresh)).statusCode).toBe(200);
      expect((await updateSelector(placementBody({ widgetId: 4, isMobile: false }), token, fresh)).statusCode).toBe(200);
      const settings = await servedSettings(fresh);
      expect(settings.placedWidgets).toEqual([4, 6]);
      expect(settings.lastUpdated).toBe(await fresh.app.vitrine.storage.shops.lastUpdated('demo'));
    } finally {
      await fresh.app.close();
    }
  });
});

describe('POST /api/placement-report', () => {
  const report = (body: unknown, contentType = 'text/plain;charset=UTF-8') =>
    s.app.inject({
      method: 'POST',
      url: '/api/placement-report',
      headers: { 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const counted = async () =>
    (await storedDb(s).selectFrom('placement_reports').select(['day', 'placement_id', 'count']).where('shop_id', '=', 'demo').execute())
      .map((row) => ({ ...row, count: Number(row.count) }))
      .sort((a, b) => a.placement_id.localeCompare(b.placement_id));

  it('counts each used placement once per report, per day (as sendBeacon posts it, or JSON)', async () => {
    expect((await report({ s: 'demo', i: ['owner-4-m', 'product', 'owner-4-m'] })).statusCode).toBe(204);
    expect((await report({ s: 'demo', i: ['owner-4-m'] }, 'application/json')).statusCode).toBe(204);
    expect((await report({ s: 'demo', i: [] })).statusCode).toBe(204);
    expect(await counted()).toEqual([
      { day: today(), placement_id: 'owner-4-m', count: 2 },
      { day: today(), placement_id: 'product', count: 1 },
    ]);
  });

  it('refuses a bad body (400) and an unknown shop (404), counting nothing', async () => {
    const before = await counted();
    for (const body of [
      { s: 'demo' },
      { i: ['a'] },
      { s: 'demo', i: 'owner-4-m' },
      { s: 'demo', i: ['has space'] },
      { s: 'demo', i: ['x'.repeat(65)] },
      { s: 'demo', i: Array.from({ length: 21 }, (_, n) => `p${n}`) },
      { s: 'demo', i: [], extra: 1 },
      'not json',
    ]) {
      expect((await report(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await report({ s: 'no-such-shop', i: ['a'] });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('SHOP_NOT_FOUND');
    expect(await counted()).toEqual(before);
  });
});

describe('the owner: placements, reset, editor tokens, CLI', () => {
  const owner = (method: 'GET' | 'POST', url: string, token: string | null = adminToken(), payload?: Body) =>
    s.app.inject({ method, url: `/api/admin/demo/${url}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('GET …/placements: the stored placements by widget and device, and their use in the last 30 days', async () => {
    await s.app.inject({ method: 'POST', url: '/api/placement-report', payload: { s: 'demo', i: ['owner-6-d'] } });
    const res = await owner('GET', 'placements');
    expect(res.statusCode).toBe(200);
    const answer = JSON.parse(res.body) as {
      placements: Record<string, unknown>[];
      reports: { from: string; to: string; totals: Record<string, number>; days: unknown[] };
    };
    expect(answer.placements.map((placement) => [placement.widgetId, placement.widget, placement.device, placement.id])).toEqual([
      [4, 'reviews', 'mobile', 'owner-4-m'],
      [5, 'star-snippets', 'desktop', 'owner-5-d'],
      [6, 'offer-card', 'desktop', 'owner-6-d'],
    ]);
    expect(answer.placements[2]).toMatchObject({ selector: '#main h1', alignment: 'before', updatedAt: expect.stringMatching(/^\d{4}-/) });
    expect(answer.reports.to).toBe(today());
    expect(answer.reports.totals).toMatchObject({ 'owner-4-m': 2, 'owner-6-d': 1, product: 1 });
    expect(answer.reports.days).toContainEqual({ date: today(), id: 'owner-6-d', count: 1 });
    expect((await owner('GET', 'placements', null)).statusCode).toBe(401);
  });

  it('GET …/placements: ids that objects inherit (constructor, __proto__, toString) are counted like any other', async () => {
    const ids = ['constructor', '__proto__', 'toString'];
    expect((await s.app.inject({ method: 'POST', url: '/api/placement-report', payload: { s: 'demo', i: ids } })).statusCode).toBe(204);
    const totals = (JSON.parse((await owner('GET', 'placements')).body) as { reports: { totals: Record<string, unknown> } }).reports.totals;
    expect(ids.map((id) => [id, Object.getOwnPropertyDescriptor(totals, id)?.value])).toEqual(ids.map((id) => [id, 1]));
  });

  it('POST …/editor-token: an editor token for the admin token only (an editor token cannot renew itself)', async () => {
    const res = await owner('POST', 'editor-token');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, expiresAt } = JSON.parse(res.body) as { token: string; expiresAt: number };
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(await verifyEditorToken(s.app.vitrine, token)).toEqual({ status: 'valid', shopId: 'demo' });
    expect((await owner('POST', 'editor-token', token)).statusCode).toBe(401);
  });

  it('npm run admin -- placements / placement-reset', async () => {
    const address = await s.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`);
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdminCli(
        [...argv, '--url', address],
        { VITRINE_DATA_DIR: s.dataDir },
        {
          out: (line) => out.push(line),
          err: (line) => err.push(line),
        },
      );
      return { code, out, err };
    };
    const listed = await run('placements');
    expect(listed.err).toEqual([]);
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toBe('3 placement(s) for demo:');
    expect(listed.out[1]).toMatch(/^4 reviews mobile after \.product__description \(id owner-4-m, \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/);
    expect(listed.out.at(-1)).toMatch(/^used \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: owner-4-m 2, /);

    const before = await lastUpdated();
    const reset = await run('placement-reset', '4', 'mobile');
    expect(reset.err).toEqual([]);
    expect(reset.out).toEqual([`widget 4 (demo, mobile): 1 placement(s) removed; lastUpdated=${await lastUpdated()}`]);
    expect(await lastUpdated()).toBeGreaterThan(before);
    expect(JSON.parse((await readPlacements(await lastUpdated(), 4, '1')).body)).toEqual([]);
    // Nothing left to remove: lastUpdated stays.
    expect((await run('placement-reset', '4')).out).toEqual([
      `widget 4 (demo, mobile and desktop): 0 placement(s) removed; lastUpdated=${await lastUpdated()}`,
    ]);
    expect((await run('placement-reset', '7')).code).toBe(1);
  });
});

describe('failed owner attempts on update-selector are rate-limited with the other owner endpoints', () => {
  it('counts missing and wrong tokens, not expired editor tokens, and then refuses even the right one (429)', async () => {
    const limited = await makeServer({ rateLimit: { adminFailuresPer15Min: 2 } });
    try {
      const token = fs.readFileSync(path.join(limited.dataDir, 'admin-token'), 'utf8').trim();
      const expired = await issueEditorToken(limited.app.vitrine, 'demo', Date.now() - 7_200_000);
      for (let n = 0; n < 3; n++) expect((await updateSelector(placementBody(), expired.token, limited)).statusCode).toBe(401);
      expect((await updateSelector(placementBody(), null, limited)).statusCode).toBe(401);
      // The owner endpoints share the count.
      expect((await limited.app.inject({ url: '/api/admin/demo/placements', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(
        401,
      );
      const refused = await updateSelector(placementBody(), token, limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.app.close();
    }
  });
});

describe("the editor tokens' key", () => {
  it('is one for every process of a store, even when they create it at once', async () => {
    const first = await makeStorage();
    const second = await openStorage({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    try {
      const [a, b] = await Promise.all([first.storage.secrets.get('editor-token-hmac'), second.secrets.get('editor-token-hmac')]);
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(b).toBe(a);
      const { token } = await issueEditorToken({ storage: first.storage }, 'demo');
      expect(await verifyEditorToken({ storage: second }, token)).toEqual({ status: 'valid', shopId: 'demo' });
    } finally {
      await second.close();
      await first.dispose();
    }
  });
});
