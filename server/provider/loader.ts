import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from '../lib/caching.ts';
import { requestOrigin, type AppContext } from '../lib/context.ts';
import { safeJson } from '../lib/html.ts';
import { SHOP_ID_RE } from '../lib/validation.ts';
import { getShop, resolveSettings } from './settings.ts';

const JS_TYPE = 'application/javascript; charset=utf-8';

const MIME: Record<string, string> = {
  '.js': JS_TYPE,
  '.mjs': JS_TYPE,
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
}

/** Reads files, re-reading when mtime or size changes. */
class FileCache {
  private readonly files = new Map<string, CachedFile>();
  read(file: string): CachedFile | null {
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      return null;
    }
    if (!st.isFile()) return null;
    const hit = this.files.get(file);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    const entry = { mtimeMs: st.mtimeMs, size: st.size, body: fs.readFileSync(file) };
    if (this.files.size > 500) this.files.clear();
    this.files.set(file, entry);
    return entry;
  }
}

/** The JS prefix that publishes a shop's settings (safe inside an inline or external script). */
export function settingsPrefix(settings: Record<string, unknown>): string {
  return `window.vitrineSettings=Object.assign(${safeJson(settings)},window.vitrineSettings||{});\n`;
}

function jsComment(text: string): string {
  return `/* ${text.replace(/\*\//g, '* /')} */\n`;
}

/**
 * GET /{shopId}/vitrine.js (settings + loader, cached 5 min, so its absolute URLs come from the
 * configured or validated origin: see requestOrigin) and the static widget files under /vitrine/.
 */
export function registerLoader(app: FastifyInstance, ctx: AppContext): void {
  const cache = new FileCache();
  const distRoot = path.resolve(ctx.distDir);

  // Settings + loader: GET /{shopId}/vitrine.js
  app.get<{ Params: { shopId: string } }>('/:shopId/vitrine.js', async (request, reply) => {
    const { shopId } = request.params;
    reply.type(JS_TYPE).header('access-control-allow-origin', '*');
    if (!SHOP_ID_RE.test(shopId)) {
      return reply.code(404).header('cache-control', 'no-store').send(jsComment('Vitrine: invalid shop id'));
    }
    const shop = getShop(ctx.db, shopId);
    if (!shop) {
      return reply.code(404).header('cache-control', 'no-store').send(jsComment(`Vitrine: unknown shop "${shopId}"`));
    }
    const bundle = cache.read(path.join(distRoot, 'vitrine.js'));
    if (!bundle) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send(jsComment('Vitrine: the widget bundle is missing (dist/vitrine.js). Run `npm run build` and reload.'));
    }
    const origin = requestOrigin(request, ctx.config.publicOrigin);
    if (!origin) {
      return reply.code(400).header('cache-control', 'no-store').send(jsComment('Vitrine: invalid Host header'));
    }
    const settings = resolveSettings(ctx.db, shop, origin, ctx.shopSettingsOverrides);
    reply.header('cache-control', 'public, max-age=300');
    return reply.send(Buffer.concat([Buffer.from(settingsPrefix(settings)), bundle.body]));
  });

  // Static widget assets: /vitrine/*
  const serveStatic = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const rel = request.params['*'] ?? '';
    const notFound = () => reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'File not found' } });
    let decoded: string;
    try {
      decoded = decodeURIComponent(rel);
    } catch {
      return notFound();
    }
    if (!decoded || decoded.includes('\0') || decoded.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) return notFound();
    const file = path.resolve(distRoot, decoded);
    if (!file.startsWith(distRoot + path.sep)) return notFound();
    const entry = cache.read(file);
    if (!entry) return notFound();
    const etag = `W/"${entry.size.toString(16)}-${Math.floor(entry.mtimeMs).toString(16)}"`;
    const immutable = decoded.startsWith('chunks/') || decoded.startsWith('assets/');
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', immutable ? IMMUTABLE : 'public, max-age=300')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .type(MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('x-vitrine-compress-key', `${file}:${etag}`);
    return reply.send(entry.body);
  };
  app.get('/vitrine/*', serveStatic);
}
