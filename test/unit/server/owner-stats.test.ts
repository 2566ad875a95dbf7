/**
 * What the owner learns: tracking requests and error reports counted as they arrive (per shop and
 * UTC day: page views, visitors, impressions, interactions, reviews submitted, offers accepted,
 * add-to-carts in visits that saw reviews; error groups), the owner endpoints with their token, the
 * consent report, retention, and the CLI. On both engines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../../server/admin-cli.ts';
import { pruneExpired } from '../../../server/provider/retention.ts';
import { countRows, makeServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
});
afterAll(async () => {
  await s.app.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const token = () => fs.readFileSync(path.join(s.dataDir, 'admin-token'), 'utf8').trim();
const owner = (url: string, tok: string | null = token()) =>
  s.app.inject({ url: `/api/admin/demo/${url}`, headers: tok ? { authorization: `Bearer ${tok}` } : {} });
let requests = 0;
/** A tracking request as the tracking chunk sends it (text/plain, as sendBeacon posts it). */
const track = (events: Record<string, unknown>[], meta: Record<string, unknown> = {}) =>
  s.app.inject({
    method: 'POST',
    url: '/api/track',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({
      version: '0.1.0',
      shopId: 'demo',
      events,
      meta: { shopId: 'demo', requestUid: `r${String(++requests).padStart(23, '0')}`, ...meta },
    }),
  });
const visitor = (n: number) => ({ userUid: `u${String(n).padStart(23, '0')}`, sessionId: `s${String(n).padStart(23, '0')}` });

type Day = { date: string; pageViews: number; visitors: number; impressions: Record<string, number>; interactions: Record<string, number> };
type Stats = { from: string; to: string; days: (Day & Record<string, unknown>)[]; totals: Record<string, unknown> };

describe('tracking requests counted per day', () => {
  it('counts page views, visitors once a day, impressions per widget, interactions per name and add-to-carts in visits that saw reviews', async () => {
    const before = JSON.parse((await owner(`stats?from=${today()}&to=${today()}`)).body) as Stats;
    expect(before.days).toEqual([expect.objectContaining({ date: today(), pageViews: 0, visitors: 0 })]);

    // Visitor 1: two page views, sees the reviews and star snippets, opens a photo, writes a review, adds to cart.
    expect((await track([{ type: 'page_view' }], { ...visitor(1), requestType: 1 })).statusCode).toBe(204);
    await track(
      [
        { type: 'heartbeat' },
        { type: 'impression', widget: 'reviews', count: 1 },
        { type: 'impression', widget: 'star-snippets', count: 12 },
        { type: 'interaction', name: 'photo-opened' },
        { type: 'interaction', name: 'review-submitted' },
        { type: 'add_to_cart' },
      ],
      { ...visitor(1), requestType: 2 },
    );
    await track([{ type: 'page_view' }, { type: 'add_to_cart' }], { ...visitor(1), requestType: 1 });
    // Visitor 2 adds to cart first, sees reviews later in the same visit: both adds count.
    await track([{ type: 'page_view' }, { type: 'add_to_cart' }, { type: 'add_to_cart' }], { ...visitor(2), requestType: 1 });
    await track([{ type: 'heartbeat' }, { type: 'impression', widget: 'reviews', count: 1 }], { ...visitor(2), requestType: 2 });
    await track([{ type: 'page_hide' }, { type: 'add_to_cart' }], { ...visitor(2), requestType: 3 });
    // Visitor 3 never sees reviews; accepts an offer (fired by the offer card).
    await track([{ type: 'page_view' }, { type: 'add_to_cart' }, { type: 'interaction', name: 'offer-accepted' }], {
      ...visitor(3),
      requestType: 1,
    });
    // Noise a client may send is stored but adds nothing.
    await track(
      [
        { type: 'interaction', name: 'DROP TABLE' },
        { type: 'impression', widget: 'reviews', count: 1e9 },
      ],
      visitor(3),
    );

    const stats = JSON.parse((await owner(`stats?from=${today()}&to=${today()}`)).body) as Stats;
    expect(stats.days).toHaveLength(1);
    const day = stats.days[0]!;
    expect(day).toMatchObject({
      date: today(),
      pageViews: before.days[0]!.pageViews + 4,
      visitors: before.days[0]!.visitors + 3,
      reviewsSubmitted: 1,
      offersAccepted: 1,
      addToCarts: 6,
      addToCartsAfterReviews: 5,
    });
    expect(day.impressions).toEqual({ reviews: 2, 'star-snippets': 12 });
    expect(day.interactions).toEqual({ 'photo-opened': 1, 'review-submitted': 1, 'offer-accepted': 1 });
    expect(stats.totals).toMatchObject({ pageViews: day.pageViews, visitors: day.visitors, addToCartsAfterReviews: 5 });
  });

  it('counts a name that objects inherit (constructor) like any other, on write and on read', async () => {
    expect(
      (
        await track(
          [
            { type: 'interaction', name: 'constructor' },
            { type: 'impression', widget: 'constructor', count: 3 },
          ],
          visitor(4),
        )
      ).statusCode,
    ).toBe(204);
    const day = (JSON.parse((await owner(`stats?from=${today()}&to=${today()}`)).body) as Stats).days[0]!;
    expect({ interactions: day.interactions.constructor, impressions: day.impressions.constructor }).toEqual({
      interactions: 1,
      impressions: 3,
    });
  });

  it('counts a retried request (same request uid) once', async () => {
    const body = JSON.stringify({
      version: '0.1.0',
      shopId: 'demo',
      events: [{ type: 'page_view' }],
      meta: { requestUid: 'retried-request-0001', ...visitor(9) },
    });
    const views = async () => (JSON.parse((await owner(`stats?from=${today()}&to=${today()}`)).body) as Stats).days[0]!.pageViews;
    const before = await views();
    for (let i = 0; i < 3; i++) {
      expect(
        (await s.app.inject({ method: 'POST', url: '/api/track', headers: { 'content-type': 'text/plain' }, payload: body })).statusCode,
      ).toBe(204);
    }
    expect(await views()).toBe(before + 1);
  });
});

describe('GET /api/admin/{shopId}/stats', () => {
  it('answers every day of the range, zeros included, and the last 30 days by default', async () => {
    const stats = JSON.parse((await owner('stats?from=2024-02-27&to=2024-03-02')).body) as Stats;
    expect(stats.days.map((day) => day.date)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(stats.days[0]).toEqual({
      date: '2024-02-27',
      pageViews: 0,
      visitors: 0,
      impressions: {},
      interactions: {},
      reviewsSubmitted: 0,
      offersAccepted: 0,
      addToCarts: 0,
      addToCartsAfterReviews: 0,
      consent: { tracked: 0, notTracked: 0 },
    });
    const recent = JSON.parse((await owner('stats')).body) as Stats;
    expect(recent.days).toHaveLength(30);
    expect(recent.to).toBe(today());
  });

  it('needs the owner token; refuses bad ranges', async () => {
    expect((await owner('stats', null)).statusCode).toBe(401);
    expect((await owner('stats', 'x'.repeat(48))).statusCode).toBe(401);
    expect((await owner('errors', null)).statusCode).toBe(401);
    for (const query of [
      'from=2024-03-02&to=2024-03-01',
      'from=2024-02-30&to=2024-03-01',
      'from=2023-01-01&to=2024-12-31',
      'from=yesterday',
    ]) {
      expect((await owner(`stats?${query}`)).statusCode, query).toBe(400);
    }
    expect((await s.app.inject({ url: '/api/admin/nope/stats', headers: { authorization: `Bearer ${token()}` } })).statusCode).toBe(404);
  });
});

describe('error reports grouped', () => {
  const report = (form: Record<string, string>) =>
    s.app.inject({
      method: 'POST',
      url: '/api/store-error',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        sid: 'demo',
        bid: '0.1.0',
        url: 'https://shop.example/',
        ua: 'UA',
        ss: '1920x1080',
        ...form,
      }).toString(),
    });

  it('by code, message (numbers and URLs folded) and source chunk, with counts and first and last seen', async () => {
    const stack = 'Error: boom\n    at f (https://p.example/vitrine/chunks/reviews-a1b2c3.js:1:2)';
    for (const id of [1, 2, 3])
      expect((await report({ code: '2000', 'errors[0][msg]': `VTL:CRITICAL boom on review ${id}`, stack })).statusCode).toBe(204);
    await report({ code: '3010', 'errors[0][msg]': 'widget injection location not found: reviews', 'errors[0][widget]': 'reviews' });
    await report({ code: '3020', 'errors[0][msg]': 'HTTP 503 for GET https://p.example/api/sf/prs/demo/tee.json' });
    const answer = JSON.parse((await owner('errors')).body) as {
      groups: { code: string; message: string; source: string; count: number; firstSeen: string; lastSeen: string }[];
      total: number;
    };
    expect(answer.total).toBe(3);
    const byCode = Object.fromEntries(answer.groups.map((group) => [group.code, group]));
    expect(byCode['2000']).toMatchObject({ message: 'VTL:CRITICAL boom on review #', source: 'reviews', count: 3 });
    expect(byCode['3010']).toMatchObject({ source: 'reviews', count: 1 });
    expect(byCode['3020']).toMatchObject({ message: 'HTTP # for GET <url>', source: '', count: 1 });
    expect(Date.parse(byCode['2000']!.lastSeen)).toBeGreaterThanOrEqual(Date.parse(byCode['2000']!.firstSeen));
    expect(answer.groups.map((group) => group.code)[0]).toBe('3020');
    expect(JSON.parse((await owner('errors?limit=1')).body).groups).toHaveLength(1);
  });
});

describe('POST /api/consent', () => {
  const consent = (form: Record<string, string>) =>
    s.app.inject({
      method: 'POST',
      url: '/api/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('counts consent reports per day; nothing about the visitor is stored', async () => {
    expect((await consent({ gdpr: '1', ccpa: '0', sId: 'demo', bt: '1' })).statusCode).toBe(204);
    expect((await consent({ gdpr: '1', ccpa: '0', sId: 'demo', bt: '0' })).statusCode).toBe(204);
    expect((await consent({ gdpr: '0', ccpa: '1', sId: 'demo', bt: '0' })).statusCode).toBe(204);
    const stats = JSON.parse((await owner(`stats?from=${today()}&to=${today()}`)).body) as Stats;
    expect(stats.days[0]!.consent).toEqual({ tracked: 2, notTracked: 1 });
    expect((await consent({ gdpr: '3', ccpa: '0', sId: 'demo', bt: '0' })).statusCode).toBe(400);
    expect((await consent({ gdpr: '1', ccpa: '0', sId: 'nope', bt: '0' })).statusCode).toBe(404);
    expect((await consent({ gdpr: '1', ccpa: '0', sId: 'demo', bt: '0', extra: 'x' })).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('deletes the visitors, visits and stale error groups with the raw rows; the daily counters stay', async () => {
    const stats = s.app.vitrine.storage;
    expect(await countRows(s, 'daily_visitors')).toBeGreaterThan(0);
    expect(await countRows(s, 'visits')).toBeGreaterThan(0);
    const counters = await countRows(s, 'daily_stats');
    const later = new Date(Date.now() + 100 * 86_400_000);
    const deleted = await pruneExpired(stats.tracking, { retentionDays: 90, now: later });
    expect(deleted.daily_visitors).toBeGreaterThan(0);
    expect(deleted.visits).toBeGreaterThan(0);
    expect(deleted.error_groups).toBe(3);
    for (const table of ['daily_visitors', 'visits', 'error_groups', 'events', 'track_batches', 'error_reports'] as const) {
      expect(await countRows(s, table), table).toBe(0);
    }
    expect(await countRows(s, 'daily_stats')).toBe(counters);
  });
});

describe('npm run admin -- stats / errors', () => {
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const address = await s.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`);
    const code = await runAdminCli(
      [...argv, '--url', address],
      { VITRINE_DATA_DIR: s.dataDir },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    );
    return { code, out, err };
  };

  it('prints the days and totals of a range', async () => {
    const { code, out, err } = await run('stats', '--from', today(), '--to', today());
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^stats for demo, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
    expect(out.join('\n')).toContain(today());
    expect(out.join('\n')).toMatch(/total/);
  });

  it('prints the error groups', async () => {
    const { code, out } = await run('errors');
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^\d+ error group\(s\) for demo/);
  });

  it('refuses a bad date before calling the server', async () => {
    const { code, err } = await run('stats', '--from', 'soon');
    expect(code).toBe(1);
    expect(err[0]).toMatch(/--from/);
  });
});
