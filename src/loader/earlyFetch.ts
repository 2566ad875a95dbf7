import type { Transport } from '../core/request';

/**
 * Starts a GET of `url` now, before the `core` chunk (and with it the request wrapper) has come,
 * and returns the transport the page's requester then fetches with (`createPageRequester`): the
 * first GET of `url` takes the response, once (a body reads once); any other request, and a later
 * GET of the same URL, is fetched as usual. A failure nobody takes stays quiet; one that is taken
 * is the requester's to report.
 *
 * Why a `fetch` and not `<link rel="preload">`: on the demo's product page with our scripts
 * blocked (Chromium at 4x, 16 pages, medians of the synchronous starts), a preload link cost
 * 5.6 ms, the two chunk imports after it 1.7 and 1.6 ms, and the requester's fetch that matched
 * it 3.2 ms; a fetch costs 4.1 ms, the imports after it 1.4 and 1.0 ms, and the requester fetches
 * nothing. The shop's `<head>` also stays as it is.
 */
export function earlyFetch(url: string): Transport {
  let response: Promise<Response> | null = fetch(url);
  response.catch(() => {});
  return (asked, init) => {
    // The requester asks with the URL resolved (an href); the stars line's URL is one already (the
    // provider base is an href, the shop id and handle are percent-encoded), so the two compare equal.
    const taken = init.method === 'GET' && asked === url && response;
    if (!taken) return fetch(asked, init);
    response = null;
    return taken;
  };
}
