import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/index.ts';

/** Shared state handed to every route module. */
export interface AppContext {
  db: DB;
  distDir: string;
  shopSettingsOverrides: Record<string, unknown>;
  version: string;
}

/** The request origin (`proto://host`), honouring X-Forwarded-* headers from a proxy. */
export function requestOrigin(request: FastifyRequest): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(request.headers['x-forwarded-proto']) || request.protocol || 'http';
  const host = first(request.headers['x-forwarded-host']) || request.headers.host || 'localhost';
  const safeProto = proto === 'https' ? 'https' : 'http';
  const safeHost = /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : 'localhost';
  return `${safeProto}://${safeHost}`;
}
