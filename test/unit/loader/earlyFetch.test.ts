/** The loader's early GET (src/loader/earlyFetch.ts): started at once, its response taken once, by a GET of its URL. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { earlyFetch } from '../../../src/loader/earlyFetch';

const URL = 'https://p.test/api/sf/prs/demo/tee.json';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('earlyFetch', () => {
  test('fetches at once; the first GET of its URL takes the response, once; other requests get null', async () => {
    const response = new Response('{}');
    const fetched = vi.fn(() => Promise.resolve(response));
    vi.stubGlobal('fetch', fetched);
    const take = earlyFetch(URL);
    expect(fetched.mock.calls).toEqual([[URL]]);
    expect(take('https://p.test/other.json', 'GET')).toBeNull();
    expect(take(URL, 'POST')).toBeNull();
    expect(await take(URL, 'GET')).toBe(response);
    // A body reads once: a second GET of the URL fetches for itself.
    expect(take(URL, 'GET')).toBeNull();
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
      const take = earlyFetch(URL);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(take(URL, 'GET')).rejects.toThrow('Failed to fetch');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
