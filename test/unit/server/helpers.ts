import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app.ts';

export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  distDir: string;
}

/** A fake dist dir with a loader and one chunk. */
export function makeFakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-dist-'));
  fs.writeFileSync(path.join(dir, 'vitrine.js'), 'console.log("FAKE_LOADER");\n');
  fs.mkdirSync(path.join(dir, 'chunks'));
  fs.writeFileSync(path.join(dir, 'chunks', 'reviews-abc123.js'), 'export const reviews = 1;\n'.repeat(100));
  return dir;
}

export async function makeServer(overrides: Partial<BuildAppOptions> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-data-'));
  const distDir = overrides.distDir ?? makeFakeDist();
  const app = await buildApp({ dataDir, distDir, logger: false, ...overrides });
  return { app, dataDir, distDir };
}

/** Extract `name=value` of a Set-Cookie header. */
export function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  for (const c of list) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(String(c));
    if (m) return m[1];
  }
  return undefined;
}
