import { promisify } from 'node:util';
import { brotliCompress, constants as zc, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/i;
/** Smaller bodies go as they are: compression would save less than a packet. */
export const MIN_BYTES = 860;

/** A content encoding we answer with. */
export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with: br, else gzip, unless refused (`q=0`) or not accepted; null for none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const ae = acceptEncoding.toLowerCase();
  // Honour explicit q=0 refusals; otherwise prefer brotli.
  const refuses = (enc: string) => new RegExp(`(^|,)\\s*${enc}\\s*;\\s*q=0(\\.0+)?\\s*(,|$)`).test(ae);
  if (/(^|,)\s*br\b/.test(ae) && !refuses('br')) return 'br';
  if (/(^|,)\s*gzip\b/.test(ae) && !refuses('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses `buf` in libuv's thread pool, so the event loop keeps serving while it runs. `quality`
 * (brotli 0–11) trades CPU for bytes: 5 for answers made per request, higher for answers cached.
 */
export function compressAsync(buf: Buffer, enc: Encoding, quality = 5): Promise<Buffer> {
  return enc === 'br'
    ? brotliAsync(buf, { params: { [zc.BROTLI_PARAM_QUALITY]: quality, [zc.BROTLI_PARAM_SIZE_HINT]: buf.length } })
    : gzipAsync(buf, { level: 6 });
}

/** Small cache for compressed immutable payloads (static files), keyed by caller. */
const cache = new Map<string, Buffer>();
const CACHE_MAX = 200;

async function compressCached(key: string, buf: Buffer, enc: Encoding): Promise<Buffer> {
  const cacheKey = `${enc}:${key}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const out = await compressAsync(buf, enc, 9);
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(cacheKey, out);
  return out;
}

/**
 * onSend hook: compress string/Buffer bodies of compressible types with br or gzip
 * according to Accept-Encoding, off the event loop (compressAsync). Streams, and answers that
 * already carry a Content-Encoding (the immutable-response cache's), are left alone.
 * A route may set `reply.compressKey` (via header `x-vitrine-compress-key`, removed here)
 * to cache the compressed result.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const cacheKey = reply.getHeader('x-vitrine-compress-key');
    if (cacheKey !== undefined) reply.removeHeader('x-vitrine-compress-key');
    if (payload === null || payload === undefined) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    const buf = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (buf.length < MIN_BYTES) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const enc = pickEncoding(request.headers['accept-encoding']);
    if (!enc) return payload;
    const out = cacheKey !== undefined ? await compressCached(String(cacheKey), buf, enc) : await compressAsync(buf, enc);
    reply.header('content-encoding', enc);
    reply.header('content-length', out.length);
    return out;
  });
}
