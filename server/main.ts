/**
 * `npm run serve [-- --workers N]`: the demo shop and the provider on $PORT (default 8080).
 *
 * With `--workers N` (or VITRINE_WORKERS=N) the primary process forks N provider processes that
 * share the port (node:cluster); each opens its own storage connection. Meant for PostgreSQL
 * (`DATABASE_URL`), where nothing correctness depends on lives in one process; on SQLite the
 * workers share the one file and its single writer. A worker that dies is replaced.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, configFromEnv } from './config.ts';

const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '0.0.0.0';
const dataDir = path.resolve(process.env.VITRINE_DATA_DIR || './data');
const distDir = path.resolve(process.env.VITRINE_DIST_DIR || './dist');

/** `--workers N`, `--workers=N` or VITRINE_WORKERS; 0 = no cluster (one process). */
function workerCount(argv: string[], env: NodeJS.ProcessEnv): number {
  const index = argv.findIndex((arg) => arg === '--workers' || arg.startsWith('--workers='));
  const raw = index < 0 ? env.VITRINE_WORKERS : argv[index]!.includes('=') ? argv[index]!.split('=')[1] : argv[index + 1];
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1) {
    console.error(`vitrine: --workers must be a whole number ≥ 1 (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return Number(raw);
}

/** Builds and starts one provider process; exits with a one-line error on bad configuration. */
async function serve(): Promise<FastifyInstance> {
  let app: FastifyInstance;
  try {
    // Every other VITRINE_* variable (and DATABASE_URL) is read and validated here (server/config.ts).
    app = await buildApp({ dataDir, distDir, logger: process.env.VITRINE_LOG !== '0', ...configFromEnv(process.env) });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`vitrine: ${err.message}`);
    process.exit(1);
  }
  await app.listen({ port, host });
  return app;
}

/** Closes the app on SIGTERM/SIGINT (in-flight requests finish, the storage closes), then exits. */
function exitOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

const workers = cluster.isPrimary ? workerCount(process.argv.slice(2), process.env) : 0;

if (cluster.isPrimary && workers > 0) {
  let stopping = false;
  let announced = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('listening', () => {
    if (announced) return;
    announced = true;
    console.log(`Vitrine demo shop: http://localhost:${port}/ (${workers} provider processes)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`vitrine: provider process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  exitOnSignals(async () => {
    stopping = true;
    const all = Object.values(cluster.workers ?? {});
    await Promise.all(
      all.map(
        (worker) =>
          new Promise<void>((resolve) => (worker!.isDead() ? resolve() : (worker!.once('exit', () => resolve()), worker!.kill('SIGTERM')))),
      ),
    );
  });
} else {
  const app = await serve();
  if (cluster.isPrimary) console.log(`Vitrine demo shop: http://localhost:${port}/`);
  exitOnSignals(async () => {
    app.log.info('shutting down');
    await app.close(); // onClose hooks close the storage
  });
}
