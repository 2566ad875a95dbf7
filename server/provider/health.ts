import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';

/** `GET /api/health` (version) and `GET /api/get-country-code` (the CDN's country header, else US). */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true, version: ctx.version };
  });

  app.get('/api/get-country-code', async (request, reply) => {
    const raw = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    reply.header('cache-control', 'private, no-store');
    return { countryCode: value && /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : 'US' };
  });
}
