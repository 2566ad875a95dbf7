/** The loader's early GET (src/loader/earlyFetch.ts): started at once, its response taken once, by a GET of its URL. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { earlyFetch } from '../../../src/loader/earlyFetch';

const URL = 'https://p.test/api/sf/prs/demo/tee.json';
const GET: RequestInit = { method: 'GET' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('earlyFetch', () => {
  test('fetches at once; the first GET of its URL takes that response, once; every other request is fetched', async () => {
    const early = new Response('{}');
    const fetched = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('[]')));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(early)),
    );
    const transport = earlyFetch(URL);
    vi.stubGlobal('fetch', fetched);
    await transport('https://p.test/other.json', GET);
    await transport(URL, { method: 'POST', body: '{}' });
    expect(await transport(URL, GET)).toBe(early);
    // A body reads once: a second GET of the URL is fetched.
    expect(await transport(URL, GET)).not.toBe(early);
    expect(fetched.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET https://p.test/other.json',
      `POST ${URL}`,
      `GET ${URL}`,
    ]);
  });

  test('a failed fetch that nobody takes raises no unhandled rejection; taken, it rejects', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      );
      earlyFetch(URL);
      const transport = earlyFetch(URL);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(transport(URL, GET)).rejects.toThrow('Failed to fetch');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
