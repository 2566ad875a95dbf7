/**
 * Lazy entry `services`: the network side of the core, imported by the loader on the first
 * request of a page view (usually together with the first widget chunk), so the ≤ 6 kB loader
 * does not carry it. One instance per page: the loader creates the page view's single requester
 * (spec §7: 50 requests per page view) from it.
 */
import { ERR_REQUEST } from './errors';
import type { Report } from './lib/guardWith';
import { createRequester, type Requester } from './request';

/**
 * The page view's requester: its reportable failures (spec §8) go to the loader's `report` as
 * request errors (3020) with their details. Here rather than in the loader, which every page
 * downloads.
 */
export const createPageRequester = (report: Report): Requester =>
  createRequester({ onError: (info) => report(ERR_REQUEST, new Error(info.message), info) });
