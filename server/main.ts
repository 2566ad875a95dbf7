import path from 'node:path';
import { buildApp } from './app.ts';

const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '0.0.0.0';
const dataDir = path.resolve(process.env.VITRINE_DATA_DIR || './data');
const distDir = path.resolve(process.env.VITRINE_DIST_DIR || './dist');

const app = await buildApp({ dataDir, distDir, logger: process.env.VITRINE_LOG !== '0' });
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
