/** HTTP caching helpers shared by the provider and the demo shop. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, strongEtag } from './responseCache.ts';

/** `Cache-Control` of content-addressed answers: versioned URLs, hashed chunks, generated images. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Send JSON with the `{lastUpdated}` caching contract: with a `cacheControl` value, that header
 * and a strong ETag (If-None-Match → 304); with null, `no-store` (still the current data).
 */
export function sendVersioned(request: FastifyRequest, reply: FastifyReply, body: unknown, cacheControl: string | null): FastifyReply {
  const text = JSON.stringify(body);
  reply.type('application/json; charset=utf-8');
  if (cacheControl === null) {
    return reply.header('cache-control', 'no-store').send(text);
  }
  const etag = strongEtag(text);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(text);
}
