/**
 * Flags for Debian's Chromium on these machines (headless, as root, no network but loopback):
 * without the background-networking flags Chromium keeps trying to reach Google's hosts.
 * Shared by the browser tests and `npm run perf`; lighthouserc.json lists those it needs (one origin) in JSON.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A shop page on one loopback host loading the script from another (the documented install:
  // the shop's domain, the provider's script) is a "local network" request to Chromium.
  '--disable-features=LocalNetworkAccessChecks',
];
