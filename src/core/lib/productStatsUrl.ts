/**
 * The provider URL of one product's review stats (spec §7 `sf/prs/{shopId}/{id}.json`). Shared by
 * the star snippets, which ask for it, and the loader, which starts that request on product pages
 * (`earlyFetch`) so that the stars line (an LCP candidate there) does not wait for the snippets
 * chunk first.
 */
export const productStatsUrl = (providerBase: string, shopId: string, handle: string): string =>
  `${providerBase}sf/prs/${encodeURIComponent(shopId)}/${encodeURIComponent(handle)}.json`;
