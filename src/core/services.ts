/**
 * Lazy entry `services`: the network side of the core, imported by the loader on the first
 * request of a page view (usually together with the first widget chunk), so the ≤ 6 kB loader
 * does not carry it. One instance per page: the loader creates the page view's single requester
 * (spec §7: 50 requests per page view) from it.
 */
export { createRequester } from './request';
