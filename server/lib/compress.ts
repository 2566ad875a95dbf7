import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/i;
const MIN_BYTES = 860;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: br, else gzip, unless refused (`q=0`) or not accepted; null for none. */
function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const ae = acceptEncoding.toLowerCase();
  // Honour explicit q=0 refusals; otherwise prefer brotli.
  const refuses = (enc: string) => new RegExp(`(^|,)\\s*${enc}\\s*;\\s*q=0(\\.0+)?\\s*(,|$)`).test(ae);
  if (/(^|,)\s*br\b/.test(ae) && !refuses('br')) return 'br';
  if (/(^|,)\s*gzip\b/.test(ae) && !refuses('gzip')) return 'gzip';
  return null;
}

function compressBuffer(buf: Buffer, enc: Encoding): Buffer {
  return enc === 'br'
    ? brotliCompressSync(buf, {
        params: {
          [zc.BROTLI_PARAM_QUALITY]: 5,
          [zc.BROTLI_PARAM_SIZE_HINT]: buf.length,
        },
      })
    : gzipSync(buf, { level: 6 });
}

/** Small cache for compressed immutable payloads (static files), keyed by caller. */
const cache = new Map<string, Buffer>();
const CACHE_MAX = 200;

function compressCached(key: string, buf: Buffer, enc: Encoding): Buffer {
  const cacheKey = `${enc}:${key}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const out = compressBuffer(buf, enc);
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(cacheKey, out);
  return out;
}

/**
 * onSend hook: compress string/Buffer bodies of compressible types with br or gzip
 * according to Accept-Encoding. Streams are left alone.
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
    const out = cacheKey !== undefined ? compressCached(String(cacheKey), buf, enc) : compressBuffer(buf, enc);
    reply.header('content-encoding', enc);
    reply.header('content-length', out.length);
    return out;
  });
}
