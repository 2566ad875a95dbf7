// Lighthouse CI on the demo shop (mobile emulation, Lighthouse's default): lighthouserc.json holds
// the pages and the budgets. The server runs on port 8181 with a throw-away data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, run } from './lib.mjs';

const chrome = ensureChromium();
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-lhci-'));
// The temporary files of lhci's processes, Chromium's among them, go here and with it: lhci ends
// each Chromium with SIGKILL, which leaves its singleton directory (`org.chromium.Chromium.*`)
// behind, one per run.
const scratch = mkdtempSync(join(tmpdir(), 'vitrine-lhci-tmp-'));
const env = { ...process.env, PORT: '8181', VITRINE_DATA_DIR: dataDir, CHROME_PATH: chrome, TMPDIR: scratch };
try {
  rmSync('.lighthouseci', { recursive: true, force: true });
  run('npx', ['lhci', 'collect', `--collect.chromePath=${chrome}`], { env });
  run('npx', ['lhci', 'assert'], { env });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}
