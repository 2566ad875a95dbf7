import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_BUDGET, UPLOAD_TIMEOUT_MS } from '../../../src/core/request';
import { createRequester, isReportableStatus, isTimeoutError, isRequestError, type RequestError } from '../../../src/core/request';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// The page the requester runs on: it resolves relative URLs against the page's address.
beforeEach(() => vi.stubGlobal('location', new URL('https://shop.example/es/products/tote')));

describe('createRequester', () => {
  it('parses JSON and sends GET by default', async () => {
    const fetch = vi.fn(async () => jsonResponse({ a: 1 }));
    const request = createRequester({ fetch });
    await expect(request<{ a: number }>('https://p.dev/api/x')).resolves.toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://p.dev/api/x');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('silently drops calls over the budget of 50', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true }));
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const log = vi.spyOn(console, 'log');
    const request = createRequester({ fetch });
    const results = await Promise.all(Array.from({ length: REQUEST_BUDGET + 1 }, (_, index) => request(`/x/${index}`)));
    expect(fetch).toHaveBeenCalledTimes(50);
    expect(results[49]).toEqual({ ok: true });
    expect(results[50]).toBeNull();
    await expect(request('/more')).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(50);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('has an independent budget per requester and honours a custom budget', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const first = createRequester({ fetch, budget: 2 });
    const second = createRequester({ fetch, budget: 2 });
    await first('/1');
    await first('/2');
    await expect(first('/3')).resolves.toBeNull();
    await expect(second('/1')).resolves.toEqual({});
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('rejects with TimeoutError and aborts the fetch', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    const request = createRequester({ fetch: fetch as unknown as typeof globalThis.fetch });
    const pending = request('/slow');
    const check = expect(pending).rejects.toSatisfy((error: unknown) => {
      return (
        isTimeoutError(error) &&
        !isRequestError(error) &&
        (error as Error).name === 'TimeoutError' &&
        /timeout/i.test((error as Error).message)
      );
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    expect(signal?.aborted).toBe(true);
  });

  it('uses a custom timeout for uploads', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    const request = createRequester({ fetch: fetch as unknown as typeof globalThis.fetch });
    let settled = false;
    const pending = request('/upload', { body: new FormData(), timeout: UPLOAD_TIMEOUT_MS }).catch((error) => {
      settled = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(39999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isTimeoutError(await pending)).toBe(true);
  });

  it('does not time out once a response arrived', async () => {
    vi.useFakeTimers();
    const request = createRequester({ fetch: async () => jsonResponse({ ok: 1 }) });
    await expect(request('/fast')).resolves.toEqual({ ok: 1 });
    await vi.advanceTimersByTimeAsync(10000);
  });

  it('DELETE resolves the response text', async () => {
    const fetch = vi.fn(async () => new Response('deleted', { status: 200 }));
    const request = createRequester({ fetch });
    await expect(request('/item/1', { method: 'DELETE' })).resolves.toBe('deleted');
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('DELETE');
  });

  it('text option resolves text, empty body resolves null', async () => {
    const request = createRequester({ fetch: async () => new Response('FI') });
    await expect(request('/get-country-code', { text: true })).resolves.toBe('FI');
    const empty = createRequester({ fetch: async () => new Response('', { status: 200 }) });
    await expect(empty('/x')).resolves.toBeNull();
  });

  it('encodes JSON bodies and passes headers', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const request = createRequester({ fetch });
    await request('/track', { json: { s: 'x', i: [1] }, headers: { 'X-A': '1' } });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('{"s":"x","i":[1]}');
    expect(init.headers).toEqual({ 'X-A': '1', 'Content-Type': 'application/json' });
  });

  it('rejects garbled JSON with a clear RequestError', async () => {
    const request = createRequester({ fetch: async () => jsonResponse('{"a": 1,,', 200) });
    const error = (await request('https://p.dev/api/reviews.json').catch((rejection) => rejection)) as RequestError;
    expect(isRequestError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/invalid json/i);
    expect(error.status).toBe(200);
    expect(error.url).toBe('https://p.dev/api/reviews.json');
  });

  it('rejects non-2xx with RequestError and reports only reportable statuses', async () => {
    const onError = vi.fn();
    let status = 502;
    const request = createRequester({ fetch: async () => new Response('bad', { status }), onError });
    const error = (await request('/api/x').catch((rejection) => rejection)) as RequestError;
    expect(isRequestError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 502, url: '/api/x' });
    expect(error.message).toContain('502');
    expect(onError).toHaveBeenCalledWith({ url: '/api/x', method: 'GET', status: 502, message: error.message });
    status = 403;
    await expect(request('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('turns network failures into RequestError status 0 (not reported)', async () => {
    const onError = vi.fn();
    const request = createRequester({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      onError,
    });
    await expect(request('/x')).rejects.toMatchObject({ name: 'RequestError', status: 0 });
    expect(onError).not.toHaveBeenCalled();
  });

  it('a throwing onError hook does not change the outcome', async () => {
    const request = createRequester({
      fetch: async () => new Response('', { status: 503 }),
      onError: () => {
        throw new Error('hook');
      },
    });
    await expect(request('/x')).rejects.toMatchObject({ status: 503 });
  });

  it("a failed request's RequestError carries the response's JSON body as data (none for other bodies)", async () => {
    const body = { success: false, errors: ['Name is required'], error: { code: 'invalid', message: 'Name is required' } };
    const request = createRequester({ fetch: async () => jsonResponse(body, 400) });
    await expect(request('/api/add-new-review', { method: 'POST' })).rejects.toMatchObject({
      name: 'RequestError',
      status: 400,
      data: body,
    });
    const text = createRequester({ fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    const error = (await text('/api/x').catch((rejection) => rejection)) as RequestError;
    expect(error.status).toBe(502);
    expect('data' in error).toBe(false);
    const empty = createRequester({ fetch: async () => new Response('', { status: 500 }) });
    expect('data' in ((await empty('/api/x').catch((rejection) => rejection)) as RequestError)).toBe(false);
  });

  it('a per-request transport replaces fetch; budget, timeout, errors and reports stay the wrapper’s', async () => {
    vi.useFakeTimers();
    const pageFetch = vi.fn(async () => jsonResponse({ from: 'page' }));
    const onError = vi.fn();
    const request = createRequester({ fetch: pageFetch, budget: 3, onError });
    const transport = vi.fn(async () => ({ ok: true, status: 200, text: async () => '{"from":"transport"}' }));
    const form = new FormData();
    await expect(request('/api/add-new-review', { body: form, fetch: transport })).resolves.toEqual({ from: 'transport' });
    const [url, init] = transport.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://shop.example/api/add-new-review');
    expect(init).toMatchObject({ method: 'POST', body: form });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(pageFetch).not.toHaveBeenCalled();
    // Its failures are the wrapper's: a RequestError with the body, reported.
    const failing = async () => ({ ok: false, status: 429, text: async () => '{"success":false,"errors":["Slow down"]}' });
    await expect(request('/api/add-new-review', { method: 'POST', fetch: failing })).rejects.toMatchObject({
      status: 429,
      data: { success: false, errors: ['Slow down'] },
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 429, method: 'POST' }));
    // The timeout aborts through the signal it was handed.
    let signal: AbortSignal | undefined;
    const hanging = (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<never>(() => {});
    };
    const pending = request('/api/add-new-review', { method: 'POST', fetch: hanging, timeout: UPLOAD_TIMEOUT_MS }).catch((error) => error);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS);
    expect(isTimeoutError(await pending)).toBe(true);
    expect(signal?.aborted).toBe(true);
    // It counted against the budget like any request.
    await expect(request('/api/x', { fetch: transport })).resolves.toBeNull();
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it("resolves a relative URL against the page's address (not a <base href>'s host); errors name the URL asked", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({}));
    const onError = vi.fn();
    const request = createRequester({ fetch, onError });
    await request('/es/cart.js');
    await request('cart.js');
    await request('https://p.dev/api/x?a=1');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://shop.example/es/cart.js',
      'https://shop.example/es/products/cart.js',
      'https://p.dev/api/x?a=1',
    ]);
    fetch.mockResolvedValueOnce(jsonResponse('down', 502));
    await expect(request('/es/cart/add.js', { method: 'POST' })).rejects.toMatchObject({ status: 502, url: '/es/cart/add.js' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ url: '/es/cart/add.js', status: 502 }));
  });

  it('a malformed URL rejects as a network error (status 0, not reported); the call itself never throws', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const onError = vi.fn();
    const request = createRequester({ fetch, onError });
    let pending: Promise<unknown> | undefined;
    expect(() => (pending = request('http://[bad/x'))).not.toThrow();
    await expect(pending).rejects.toMatchObject({ name: 'RequestError', status: 0, url: 'http://[bad/x' });
    expect(fetch).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('uses the global fetch when none is given', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([1]));
    await expect(createRequester()('/g')).resolves.toEqual([1]);
    expect(spy).toHaveBeenCalledOnce();
  });
});

describe('isReportableStatus', () => {
  it.each([0, 401, 402, 403, 418, 421, 430, 499, 500])('never reports %i', (status) => {
    expect(isReportableStatus(status, '/api/x', 'GET')).toBe(false);
  });
  it('ignores 469 and 404 on the cart endpoint only', () => {
    for (const url of ['/cart.js', '/cart.json', '/es/cart.js?x=1', 'https://s.com/cart']) {
      expect(isReportableStatus(469, url, 'GET'), url).toBe(false);
      expect(isReportableStatus(404, url, 'GET'), url).toBe(false);
    }
    expect(isReportableStatus(404, '/products/a.json', 'GET')).toBe(true);
    expect(isReportableStatus(469, '/api/x', 'GET')).toBe(true);
  });
  it('ignores 422 on cart add/change POSTs', () => {
    expect(isReportableStatus(422, '/cart/add.js', 'POST')).toBe(false);
    expect(isReportableStatus(422, '/cart/change.js', 'post')).toBe(false);
    expect(isReportableStatus(422, '/cart/add', 'POST')).toBe(false);
    expect(isReportableStatus(422, '/cart/update.js', 'POST')).toBe(true);
    expect(isReportableStatus(422, '/api/add-new-review', 'POST')).toBe(true);
  });
  it('reports other failures', () => {
    expect(isReportableStatus(502, '/api/x', 'GET')).toBe(true);
    expect(isReportableStatus(200, '/api/x')).toBe(true);
  });
});
