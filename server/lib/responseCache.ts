/**
 * Encoded bytes of immutable answers, kept in memory: a `{lastUpdated}`-versioned review URL names
 * one answer forever, so its JSON, ETag and compressed forms are computed once (per process) and
 * served from memory after that. Correct across processes without any coordination: the version
 * is in the key, and a change of the shop's reviews makes new URLs rather than new answers.
 *
 * Bounded by bytes (least recently used entries go first). Concurrent misses for one key share one
 * computation, and compression runs in libuv's thread pool at a quality worth spending once.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressAsync, MIN_BYTES, pickEncoding, type Encoding } from './compress.ts';

/** Brotli quality for cached answers: computed once, served many times. */
const CACHED_BROTLI_QUALITY = 9;

interface Entry {
  json: Buffer;
  etag: string;
  /** Compressed forms, made on first request for each encoding. */
  encoded: Map<Encoding, Promise<Buffer>>;
  /** Bytes held (JSON plus the compressed forms made so far). */
  bytes: number;
}

/** Strong ETag of a serialized body. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether an `If-None-Match` header matches `etag` (`*`, a list, weak or strong forms). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  if (value.trim() === '*') return true;
  return value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The cache (see the module comment). */
export class ResponseCache {
  private readonly entries = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes held now (for tests and the health answer). */
  get size(): number {
    return this.bytes;
  }

  /**
   * Answers `request` with the immutable JSON of `key` (computed by `produce` on a miss):
   * `Cache-Control`, a strong ETag (If-None-Match → 304), and br/gzip bytes as accepted.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    cacheControl: string,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const entry = await this.entry(key, produce);
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', cacheControl)
      .header('etag', entry.etag)
      .header('vary', 'Accept-Encoding');
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    const encoding = entry.json.length >= MIN_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.json);
    return reply.header('content-encoding', encoding).send(await this.encoded(key, entry, encoding));
  }

  private entry(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used: move to the end of the insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = produce().then((body) => {
      const json = Buffer.from(JSON.stringify(body));
      const entry: Entry = { json, etag: strongEtag(json), encoded: new Map(), bytes: json.length };
      this.grow(entry.bytes);
      return entry;
    });
    // A failed computation is not cached: the next request tries again.
    pending.catch(() => this.entries.get(key) === pending && this.entries.delete(key));
    this.entries.set(key, pending);
    return pending;
  }

  private encoded(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    let pending = entry.encoded.get(encoding);
    if (!pending) {
      pending = compressAsync(entry.json, encoding, CACHED_BROTLI_QUALITY);
      entry.encoded.set(encoding, pending);
      pending.then(
        (bytes) => {
          entry.bytes += bytes.length;
          if (this.entries.has(key)) this.grow(bytes.length);
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return pending;
  }

  /** Counts `bytes` more and evicts the least recently used entries beyond the bound. */
  private grow(bytes: number): void {
    this.bytes += bytes;
    for (const [key, pending] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      // Settled entries give their bytes back; a pending one is counted when it settles, and a
      // dropped one settles into nothing.
      void pending.then(
        (entry) => (this.bytes -= entry.bytes),
        () => {},
      );
    }
  }
}
