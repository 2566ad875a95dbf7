/**
 * The network side of the core: the page view's one requester (spec §7: 50 requests per page
 * view), which the loader's second stage creates. In the `core` chunk with it: as a chunk of its
 * own, fetched with the first widget that calls the provider, every page with stars imported one
 * more file at start.
 */
import { ERR_REQUEST } from './errors';
import type { Report } from './lib/guardWith';
import { createRequester, type Requester, type Transport } from './request';

/**
 * The page view's requester: its reportable failures (spec §8) go to the loader's `report` as
 * request errors (3020) with their details. Not in the loader's first stage, which carries no
 * request wrapper. `transport` is the first stage's when it started a request before this chunk
 * came (src/loader/earlyFetch.ts): a request it answers counts against the budget as any other,
 * and its timeout runs from the call (the early request is not aborted with it).
 */
export const createPageRequester = (report: Report, transport?: Transport): Requester =>
  createRequester({ onError: (info) => report(ERR_REQUEST, new Error(info.message), info), fetch: transport });
