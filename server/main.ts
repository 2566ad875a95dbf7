import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, configFromEnv } from './config.ts';

const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '0.0.0.0';
const dataDir = path.resolve(process.env.VITRINE_DATA_DIR || './data');
const distDir = path.resolve(process.env.VITRINE_DIST_DIR || './dist');

let app: FastifyInstance;
try {
  // Every other VITRINE_* variable is read and validated here (server/config.ts).
  app = await buildApp({ dataDir, distDir, logger: process.env.VITRINE_LOG !== '0', ...configFromEnv(process.env) });
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`vitrine: ${err.message}`);
  process.exit(1);
}
await app.listen({ port, host });
console.log(`Vitrine demo shop: http://localhost:${port}/`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close(); // onClose hook closes the database
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
