import type { FastifyRequest } from 'fastify';
import type { ResolvedConfig } from '../config.ts';
import type { RetentionJob } from '../provider/retention.ts';
import type { ReviewMetafieldsSync } from '../provider/reviewMetafieldsSync.ts';
import type { DemoThemeSettings } from '../shop/ratings.ts';
import type { ResponseCache } from './responseCache.ts';
import type { Storage } from '../storage/index.ts';

/** Shared state handed to every route module. */
export interface AppContext {
  /** The stores (SQLite or PostgreSQL). */
  storage: Storage;
  /** Encoded immutable answers (versioned review URLs), per process. */
  responses: ResponseCache;
  /** The periodic deletion of expired events, track batches and error reports. */
  retention: RetentionJob;
  distDir: string;
  shopSettingsOverrides: Record<string, unknown>;
  version: string;
  /** Validated configuration (public origin, trusted proxies, …). */
  config: ResolvedConfig;
  /** Writes products' review stats to the platform's review metafields when they change (the demo shop's). */
  reviewMetafields: ReviewMetafieldsSync;
  /** The demo shop's theme settings (its "show rating"). */
  demoTheme: DemoThemeSettings;
}

/** `host` or `host:port`: DNS names, IPv4, or a bracketed IPv6 literal. */
const HOST_RE =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The origin (`proto://host[:port]`) the provider is reached at, for absolute URLs in cached
 * answers. `publicOrigin` (VITRINE_PUBLIC_URL) wins. Otherwise fastify's `request.protocol` and
 * `request.host`: they follow `X-Forwarded-Proto/-Host` only when the connection comes from a
 * trusted proxy (VITRINE_TRUST_PROXY), else they are the connection's scheme and the `Host`
 * header — a client cannot put another host in a response a cache shares. Returns null when the
 * host is not a valid host name (the caller answers 400).
 */
export function requestOrigin(request: FastifyRequest, publicOrigin: string | null): string | null {
  if (publicOrigin) return publicOrigin;
  const host = request.host;
  if (!host || host.length > 260 || !HOST_RE.test(host)) return null;
  const proto = request.protocol === 'https' ? 'https' : 'http';
  return `${proto}://${host.toLowerCase()}`;
}
