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

/** The newest `/usr/lib/postgresql/<version>/bin` with initdb and pg_ctl (Debian's layout), or null. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/** A free TCP port on loopback (asked of the OS, then released). */
async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A PostgreSQL server for the test run. `DATABASE_URL` set by the caller is used as is (it must be
 * allowed to create databases). Otherwise a throwaway server: Debian's binaries (installed with apt
 * when missing and running as root, else a one-line instruction and exit), `initdb` into a temp
 * folder, `pg_ctl` on a free loopback port, as the `postgres` user when running as root (the
 * server refuses root). Returns the admin URL and `stop()` (also run when this process exits).
 */
export async function startTestPostgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop() {} };
  let bin = postgresBin();
  if (!bin && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = postgresBin();
  }
  if (!bin) {
    console.error(
      'PostgreSQL is missing: run `sudo apt-get install -y postgresql` (or set DATABASE_URL to a server that lets you create databases) and try again.',
    );
    process.exit(1);
  }
  const { mkdtempSync, chownSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) {
    const { execFileSync } = await import('node:child_process');
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  const [initCmd, initArgs] = as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  run(initCmd, initArgs, quiet);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const [startCmd, startArgs] = as(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  run(startCmd, startArgs, quiet);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const [stopCmd, stopArgs] = as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
