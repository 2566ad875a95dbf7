import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';

/** The rate snapshot the widgets also embed (`src/currency/rates.json`: date, base, rates per USD). */
const RATES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/currency/rates.json');

/**
 * `GET /api/rates.json`: exchange rates per USD for the currency converter, with their date.
 * A reference provider would refresh them daily; the demo serves the embedded snapshot. Read on
 * each request (the file is small and may be updated while the server runs).
 */
export function registerRates(app: FastifyInstance, _ctx: AppContext): void {
  app.get('/api/rates.json', async (_request, reply) => {
    let body: { date: string; base: string; rates: Record<string, number> };
    try {
      body = JSON.parse(fs.readFileSync(RATES_FILE, 'utf8'));
    } catch {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'RATES_UNAVAILABLE', message: 'Rates are unavailable' } });
    }
    reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
    return { date: body.date, base: body.base, rates: body.rates };
  });
}
