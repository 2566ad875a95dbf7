// `npm run check:extension` (and npm test, after lint): the platform's own theme checker
// (@shopify/theme-check-node) on the theme app extension, with the platform's checks for such
// extensions (`extensions/vitrine-theme/.theme-check.yml`). Prints every offense like a linter;
// exits 1 on any error (warnings and infos are printed only).
//
// Offline: the checker first tries to download the platform's latest Liquid docs (filters,
// objects, schemas) into a cache. `SHOPIFY_TLD_ROOT`, the checker's own switch for a local docs
// copy, points at an empty folder, so that step fails at once without the network, and a
// throwaway cache (`XDG_CACHE_HOME`) stays empty, so the checker falls back to the docs bundled
// with the installed version: the same result on every machine, online or not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const EXTENSION = join(ROOT, 'extensions/vitrine-theme');

const scratch = mkdtempSync(join(tmpdir(), 'vitrine-theme-check-'));
// Read when the checker's modules load (the cache folder) and when it downloads: set before the import.
process.env.SHOPIFY_TLD_ROOT = join(scratch, 'no-docs');
process.env.XDG_CACHE_HOME = join(scratch, 'cache');

/** The checker's severities (theme-check-common `Severity`). */
const SEVERITY = ['error', 'warning', 'info'];

try {
  const { themeCheckRun } = await import('@shopify/theme-check-node');
  const { offenses } = await themeCheckRun(EXTENSION, join(EXTENSION, '.theme-check.yml'));
  for (const offense of offenses) {
    const file = relative(ROOT, fileURLToPath(offense.uri));
    const { line, character } = offense.start;
    console.log(
      `${file}:${line + 1}:${character + 1}  ${SEVERITY[offense.severity] ?? offense.severity}  ${offense.message}  (${offense.check})`,
    );
  }
  const errors = offenses.filter((offense) => offense.severity === 0).length;
  console.log(`theme check: ${errors} error(s), ${offenses.length - errors} other offense(s) in ${relative(ROOT, EXTENSION)}`);
  process.exitCode = errors ? 1 : 0;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
