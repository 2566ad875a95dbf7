/**
 * The network side of the core: the page view's one requester (spec §7: 50 requests per page
 * view), which the loader's second stage creates. In the `core` chunk with it: as a chunk of its
 * own, fetched with the first widget that calls the provider, every page with stars imported one
 * more file at start.
 */
import { ERR_REQUEST } from './errors';
import type { Report } from './lib/guardWith';
import { createRequester, type Requester } from './request';

/**
 * The taker of a GET the loader's first stage started before the `core` chunk came (the product
 * page's stars line stats, src/loader/earlyFetch.ts): asked before every request with its URL
 * and method, it answers that request's response once, else null.
 */
export type EarlyResponse = (url: string, method: string) => Promise<Response> | null;

/**
 * The page view's requester: its reportable failures (spec §8) go to the loader's `report` as
 * request errors (3020) with their details. Not in the loader's first stage, which carries no
 * request wrapper. A request that `early` answers counts against the budget as any other, and its
 * timeout runs from the call (the early request is not aborted with it).
 */
export const createPageRequester = (report: Report, early?: EarlyResponse): Requester =>
  createRequester({
    onError: (info) => report(ERR_REQUEST, new Error(info.message), info),
    fetch: (url, init) => early?.(url, init.method!) || fetch(url, init),
  });
