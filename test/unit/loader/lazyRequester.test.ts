/** The loader's requester: one services import per page view, retried after a failed download. */
import { describe, expect, test, vi } from 'vitest';
import { ERR_REQUEST, setErrorReporter, type ErrorReport } from '../../../src/core/errors';
import * as services from '../../../src/core/services';
import { lazyRequester } from '../../../src/loader/lazyRequester';

const ok = () => Promise.resolve(new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('lazyRequester', () => {
  test('imports the services chunk once, on the first call, and shares one budget', async () => {
    vi.stubGlobal('fetch', vi.fn(ok));
    const importServices = vi.fn(async () => services);
    const request = lazyRequester(importServices);
    expect(importServices).not.toHaveBeenCalled();
    const results = await Promise.all(Array.from({ length: 51 }, () => request('https://p.test/x.json')));
    expect(importServices).toHaveBeenCalledTimes(1);
    expect(results.filter((result) => result !== null)).toHaveLength(50);
    expect(results[50]).toBeNull();
  });

  test('a failed chunk download fails that call only; the next call imports again', async () => {
    vi.stubGlobal('fetch', vi.fn(ok));
    const importServices = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(services);
    const request = lazyRequester(importServices);
    await expect(request('https://p.test/a.json')).rejects.toThrow('dynamically imported');
    await expect(request('https://p.test/b.json')).resolves.toEqual({ ok: 1 });
    expect(importServices).toHaveBeenCalledTimes(2);
  });

  test("a reportable failure goes to the loader's error hook as a request error (3020) with its details", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })),
    );
    const reports: ErrorReport[] = [];
    setErrorReporter((report) => reports.push(report));
    const request = lazyRequester(async () => services);
    await expect(request('https://p.test/missing.json')).rejects.toBeTruthy();
    expect(reports.map((report) => [report.code, (report.error as Error).message, report.extra?.status, report.extra?.url])).toEqual([
      [ERR_REQUEST, expect.any(String), 404, 'https://p.test/missing.json'],
    ]);
  });
});
