/**
 * Vitest's global setup: one temporary directory per run, removed when the run ends. Every
 * test's `os.tmpdir()` answers it (`TMPDIR`, which the test workers inherit), so the data
 * directories, fake builds and backups the provider's tests make go with the run. They were
 * left in the system's temporary directory: about 250 directories a run, SQLite databases among
 * them, a gigabyte after a few dozen runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prefix of a run's directory, under the system's temporary directory. */
export const TEMP_ROOT_PREFIX = 'vitrine-test-';

/**
 * Makes the run's directory and points `TMPDIR` at it; returns the teardown, which removes it
 * (with whatever a test left) and puts `TMPDIR` back.
 */
export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), TEMP_ROOT_PREFIX));
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true });
  };
}
