// Small helpers shared by the npm scripts (build, start, test). Node built-ins only, so they run
// before `npm ci` has installed anything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Runs a command in the repo root with inherited output; exits this process when it fails. */
export function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (result.status !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** Newest modification time under `paths` (files or folders), 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const path of paths) visit(resolve(ROOT, path));
  return newest;
}

/** True when `dist/` is missing or older than the sources it is built from. */
export function distIsStale() {
  const built = resolve(ROOT, 'dist/vitrine.js');
  if (!existsSync(built)) return true;
  return newestMtime(['src', 'vite.config.ts', 'package.json', 'package-lock.json']) > statSync(built).mtimeMs;
}

/** Installs dependencies when `node_modules` is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = resolve(ROOT, 'node_modules/.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestMtime(['package-lock.json'])) return;
  run('npm', ['ci']);
}

/** Path of a Chromium for browser tests and Lighthouse; installs Debian's when root and missing. */
export function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error('Chromium is missing: run `sudo apt-get install -y chromium` (or set CHROME_PATH) and try again.');
  process.exit(1);
}
