import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMMUTABLE } from '../lib/caching.ts';
import { COMPILE_HINT } from '../lib/compileHint.ts';
import { requestOrigin, type AppContext } from '../lib/context.ts';
import { safeJson } from '../lib/html.ts';
import { SHOP_ID_RE } from '../lib/validation.ts';
import { resolveSettings } from './settings.ts';

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
    let stats: fs.Stats;
    try {
      stats = fs.statSync(file);
    } catch {
      return null;
    }
    if (!stats.isFile()) return null;
    const hit = this.files.get(file);
    if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit;
    const entry = { mtimeMs: stats.mtimeMs, size: stats.size, body: fs.readFileSync(file) };
    if (this.files.size > 500) this.files.clear();
    this.files.set(file, entry);
    return entry;
  }
}

/** The compile hint's line, as the build writes it first in the loader. */
const HINT_LINE = Buffer.from(`${COMPILE_HINT}\n`);

/** The JS prefix that publishes a shop's settings (safe inside an inline or external script). */
function settingsPrefix(settings: Record<string, unknown>): string {
  return `window.vitrineSettings=Object.assign(${safeJson(settings)},window.vitrineSettings||{});\n`;
}

function jsComment(text: string): string {
  return `/* ${text.replace(/\*\//g, '* /')} */\n`;
}

/**
 * GET /{shopId}/vitrine.js: settings + loader, cached 5 min, so its absolute URLs come from the
 * configured or validated origin (see requestOrigin).
 */
function registerSettingsScript(app: FastifyInstance, ctx: AppContext, cache: FileCache, distRoot: string): void {
  const failure = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send(jsComment(message));
  app.get<{ Params: { shopId: string } }>('/:shopId/vitrine.js', async (request, reply) => {
    const { shopId } = request.params;
    reply.type(JS_TYPE).header('access-control-allow-origin', '*');
    if (!SHOP_ID_RE.test(shopId)) return failure(reply, 404, 'Vitrine: invalid shop id');
    const shop = await ctx.storage.shops.get(shopId);
    if (!shop) return failure(reply, 404, `Vitrine: unknown shop "${shopId}"`);
    const bundle = cache.read(path.join(distRoot, 'vitrine.js'));
    if (!bundle) return failure(reply, 503, 'Vitrine: the widget bundle is missing (dist/vitrine.js). Run `npm run build` and reload.');
    const origin = requestOrigin(request, ctx.config.publicOrigin);
    if (!origin) return failure(reply, 400, 'Vitrine: invalid Host header');
    const settings = resolveSettings(shop, origin, ctx.shopSettingsOverrides, await ctx.storage.placements.placedWidgets(shop.id));
    reply.header('cache-control', 'public, max-age=300');
    // V8 reads a compile hint only on a script's first line: it stays before the settings.
    const hint = bundle.body.subarray(0, HINT_LINE.length).equals(HINT_LINE) ? HINT_LINE : Buffer.alloc(0);
    return reply.send(Buffer.concat([hint, Buffer.from(settingsPrefix(settings)), bundle.body.subarray(hint.length)]));
  });
}

/** The dist file a `/vitrine/*` path names, or null (bad encoding, dot segments, outside dist). */
function distFile(distRoot: string, relativePath: string): { file: string; decoded: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (!decoded || decoded.includes('\0') || decoded.split('/').some((segment) => segment === '..' || segment.startsWith('.'))) return null;
  const file = path.resolve(distRoot, decoded);
  return file.startsWith(distRoot + path.sep) ? { file, decoded } : null;
}

/** GET /vitrine/*: the static widget files (hashed chunks and assets immutable, the rest 5 min), with ETags. */
function registerStaticFiles(app: FastifyInstance, cache: FileCache, distRoot: string): void {
  app.get<{ Params: { '*': string } }>('/vitrine/*', async (request, reply) => {
    const notFound = () => reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'File not found' } });
    const target = distFile(distRoot, request.params['*'] ?? '');
    const entry = target && cache.read(target.file);
    if (!target || !entry) return notFound();
    const etag = `W/"${entry.size.toString(16)}-${Math.floor(entry.mtimeMs).toString(16)}"`;
    const immutable = target.decoded.startsWith('chunks/') || target.decoded.startsWith('assets/');
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', immutable ? IMMUTABLE : 'public, max-age=300')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .type(MIME[path.extname(target.file).toLowerCase()] ?? 'application/octet-stream');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('x-vitrine-compress-key', `${target.file}:${etag}`);
    return reply.send(entry.body);
  });
}

/** `/{shopId}/vitrine.js` and the static widget files under `/vitrine/`, from the build in `ctx.distDir`. */
export function registerLoader(app: FastifyInstance, ctx: AppContext): void {
  const cache = new FileCache();
  const distRoot = path.resolve(ctx.distDir);
  registerSettingsScript(app, ctx, cache, distRoot);
  registerStaticFiles(app, cache, distRoot);
}
