/**
 * The Chromium of each Lighthouse run (perf/lib/launchChrome.ts) leaves nothing in the system's
 * temporary directory. chrome-launcher ends Chromium with SIGKILL, which left the directory of its
 * singleton socket (`org.chromium.Chromium.*`) there: one per run, some fifty per `npm test`.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { launchChrome } from '../../perf/lib/launchChrome';
import { CHROMIUM_FLAGS } from './chromiumFlags';

const ours = () => readdirSync(tmpdir()).filter((name) => /^(org\.chromium\.Chromium\.|vitrine-chrome-)/.test(name));

test('a Chromium started for Lighthouse and killed leaves no directory in the temporary directory', async () => {
  const before = ours();
  const chrome = await launchChrome({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  assert.ok(chrome.port > 0);
  // It answers on its debugging port: a real browser was started.
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
  assert.match(version.Browser ?? '', /Chrome/);
  await chrome.kill();
  assert.deepEqual(
    ours().filter((name) => !before.includes(name)),
    [],
  );
});
