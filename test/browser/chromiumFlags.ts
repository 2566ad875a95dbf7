/**
 * Flags for Debian's Chromium on these machines (headless, as root, no network but loopback):
 * without the background-networking flags Chromium keeps trying to reach Google's hosts.
 * Shared by the browser tests and `npm run perf`; lighthouserc.json lists the same in JSON.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
