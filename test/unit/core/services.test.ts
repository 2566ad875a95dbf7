/** The page view's requester (src/core/services.ts), which the loader's second stage creates once per page. */
import { describe, expect, test, vi } from 'vitest';
import { ERR_REQUEST, reportError, setErrorReporter, type ErrorReport } from '../../../src/core/errors';
import { createPageRequester } from '../../../src/core/services';

const ok = () => Promise.resolve(new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));

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

  test("a request the loader's early fetch answers takes its response and does not fetch; every other request fetches", async () => {
    const fetched = vi.fn((_url: string, _init?: RequestInit) => ok());
    vi.stubGlobal('fetch', fetched);
    const url = 'https://p.test/api/sf/prs/demo/tee.json';
    const asked: string[] = [];
    const early = (called: string, method: string) => {
      asked.push(`${method} ${called}`);
      return method === 'GET' && called === url && asked.length === 2 ? Promise.resolve(new Response(JSON.stringify({ early: 1 }))) : null;
    };
    const request = createPageRequester(reportError, early);
    expect(await request('https://p.test/other.json')).toEqual({ ok: 1 });
    expect(await request(url)).toEqual({ early: 1 });
    expect(await request(url, { method: 'POST', json: {} })).toEqual({ ok: 1 });
    expect(asked).toEqual(['GET https://p.test/other.json', `GET ${url}`, `POST ${url}`]);
    expect(fetched.mock.calls.map(([called]) => called)).toEqual(['https://p.test/other.json', url]);
  });

  test("an early response that failed is the requester's failure: a network error (status 0)", async () => {
    vi.stubGlobal('fetch', vi.fn(ok));
    const request = createPageRequester(reportError, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('https://p.test/x.json')).rejects.toMatchObject({ name: 'RequestError', status: 0 });
  });
});
