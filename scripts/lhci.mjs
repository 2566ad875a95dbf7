// Lighthouse CI on the demo shop (mobile emulation, Lighthouse's default): lighthouserc.json holds
// the pages and the budgets. The server runs on port 8181 with a throw-away data folder.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, run } from './lib.mjs';

const chrome = ensureChromium();
// One throw-away folder: the server's data, and the temporary files of lhci's processes, Chromium's
// among them (lhci ends each Chromium with SIGKILL, which leaves its singleton directory,
// `org.chromium.Chromium.*`, behind: one per run).
const scratch = mkdtempSync(join(tmpdir(), 'vitrine-lhci-'));
const dataDir = join(scratch, 'data');
mkdirSync(dataDir);
const env = { ...process.env, PORT: '8181', VITRINE_DATA_DIR: dataDir, CHROME_PATH: chrome, TMPDIR: scratch };
try {
  rmSync('.lighthouseci', { recursive: true, force: true });
  run('npx', ['lhci', 'collect', `--collect.chromePath=${chrome}`], { env });
  run('npx', ['lhci', 'assert'], { env });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
