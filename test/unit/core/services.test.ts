/** The page view's requester (src/core/services.ts), which the loader's second stage creates once per page. */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ERR_REQUEST, reportError, setErrorReporter, type ErrorReport } from '../../../src/core/errors';
import { createPageRequester } from '../../../src/core/services';

const ok = () => Promise.resolve(new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));

// The page the requester runs on: it resolves relative URLs against the page's address.
beforeEach(() => vi.stubGlobal('location', new URL('https://shop.example/es/products/tote')));

describe('createPageRequester', () => {
  test('one budget for the page view: the 51st call is dropped', async () => {
    vi.stubGlobal('fetch', vi.fn(ok));
    const request = createPageRequester(reportError);
    const results = await Promise.all(Array.from({ length: 51 }, () => request('https://p.test/x.json')));
    expect(results.filter((result) => result !== null)).toHaveLength(50);
    expect(results[50]).toBeNull();
  });

  test('a reportable failure goes to the error hook as a request error (3020) with its details', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })),
    );
    const reports: ErrorReport[] = [];
    setErrorReporter((report) => reports.push(report));
    const request = createPageRequester(reportError);
    await expect(request('https://p.test/missing.json')).rejects.toBeTruthy();
    expect(reports.map((report) => [report.code, (report.error as Error).message, report.extra?.status, report.extra?.url])).toEqual([
      [ERR_REQUEST, expect.any(String), 404, 'https://p.test/missing.json'],
    ]);
  });

  test("the loader's transport (earlyFetch) carries its requests, in the budget; without one, fetch does", async () => {
    const fetched = vi.fn((_url: string, _init?: RequestInit) => ok());
    vi.stubGlobal('fetch', fetched);
    const carried: string[] = [];
    const transport = (url: string, init: RequestInit) => {
      carried.push(`${init.method} ${url}`);
      return Promise.resolve(new Response(JSON.stringify({ early: 1 })));
    };
    const request = createPageRequester(reportError, transport);
    expect(await request('https://p.test/a.json')).toEqual({ early: 1 });
    expect(await request('https://p.test/b.json', { method: 'POST', json: {} })).toEqual({ early: 1 });
    expect(carried).toEqual(['GET https://p.test/a.json', 'POST https://p.test/b.json']);
    expect(fetched).not.toHaveBeenCalled();
    expect(await createPageRequester(reportError)('https://p.test/c.json')).toEqual({ ok: 1 });
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(['https://p.test/c.json']);
  });

  test("a transport's failure is the requester's: a network error (status 0)", async () => {
    const request = createPageRequester(reportError, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('https://p.test/x.json')).rejects.toMatchObject({ name: 'RequestError', status: 0 });
  });
});
