/**
 * Provider processes for the load benchmarks (perf/provider.ts, perf/submissions.ts): the demo
 * shop's `server/main.ts` started on its own port and data folder, with rate limits off (the
 * load comes from one address), optionally on PostgreSQL and as a cluster of workers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** A provider (one process or a cluster) started for a measurement. */
export interface Provider {
  label: string;
  origin: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

let nextPort = 18500;

/** Starts `server/main.ts` (rate limits off) and waits until it answers. */
export async function startProvider(label: string, options: { databaseUrl?: string; workers?: number }): Promise<Provider> {
  const port = nextPort++;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-perf-'));
  const args = ['--import', 'tsx', 'server/main.ts', ...(options.workers ? ['--workers', String(options.workers)] : [])];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    VITRINE_DATA_DIR: dataDir,
    VITRINE_LOG: '0',
    VITRINE_RATE_LIMIT: '0',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (attempt > 300) throw new Error(`${label} did not start`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    label,
    origin,
    dataDir,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo shop's admin token, written by the provider that seeded the data folder. */
export const adminToken = (provider: Provider) => readFileSync(join(provider.dataDir, 'admin-token'), 'utf8').trim();

/** A request that fails on a dead process (or answers 5xx) is retried: a new connection reaches a live one. */
export async function withRetry(send: () => Promise<Response>): Promise<{ response: Response; retries: number }> {
  for (let retries = 0; ; retries++) {
    try {
      const response = await send();
      if (response.status < 500 || retries >= 20) return { response, retries };
    } catch (error) {
      if (retries >= 20) throw error;
    }
    await new Promise((wait) => setTimeout(wait, 20 * (retries + 1)));
  }
}

/** The value at percentile `p` of sorted numbers, rounded. */
export function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
}
