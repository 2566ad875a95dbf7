import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Options } from 'chrome-launcher';

/** A Chrome that `launchChrome` started: its debugging port, and `kill`, which also removes its files. */
export interface LaunchedChrome {
  port: number;
  kill(): Promise<void>;
}

/**
 * chrome-launcher's `launch`, with Chromium's temporary files in a directory of their own that
 * `kill` removes. chrome-launcher ends Chromium with SIGKILL, so Chromium never removes the
 * directory of its singleton socket (`/tmp/org.chromium.Chromium.*`): one was left behind by every
 * Lighthouse run, some fifty by each `npm test`.
 */
export async function launchChrome(options: Options): Promise<LaunchedChrome> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-chrome-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const chrome = await launch({ ...options, envVars: { ...(options.envVars ?? process.env), TMPDIR: dir } });
    return {
      port: chrome.port,
      async kill() {
        try {
          await chrome.kill();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
