/**
 * The run's temporary directory (tempRoot.ts): what tests make in `os.tmpdir()` goes when the run
 * ends, not into the system's temporary directory for good.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import setup, { TEMP_ROOT_PREFIX } from './tempRoot';

describe('the test run temporary directory', () => {
  const saved = process.env.TMPDIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  });

  test('this run makes its temporary files in a directory of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-data-'));
    expect(basename(dirname(dir))).toMatch(new RegExp(`^${TEMP_ROOT_PREFIX}`));
  });

  test('the teardown removes the directory with what tests left in it, and puts TMPDIR back', () => {
    const teardown = setup();
    const root = tmpdir();
    expect(root).not.toBe(saved);
    const left = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
    writeFileSync(join(left, 'vitrine.js'), 'console.log(1);\n');
    teardown();
    expect(existsSync(root)).toBe(false);
    expect(process.env.TMPDIR).toBe(saved);
  });
});
