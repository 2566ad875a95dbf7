import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.ts';

const LIMITS = { msg: 1000, stack: 1200, url: 2000, ua: 500 };

type ErrorForm = Record<string, string | string[] | undefined>;

function str(v: string | string[] | undefined, max: number): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  if (typeof s !== 'string') return null;
  return s.slice(0, max);
}

/** Collect `errors[0][msg]`-style flat keys into `[{msg, …}, …]`. */
function collectErrors(form: ErrorForm): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const [key, value] of Object.entries(form)) {
    const m = /^errors\[(\d{1,2})\]\[([A-Za-z0-9_]{1,40})\]$/.exec(key);
    if (!m) continue;
    const idx = Number(m[1]);
    const field = m[2]!;
    const v = str(value, LIMITS.msg);
    if (v === null) continue;
    (out[idx] ??= {})[field] = v;
  }
  return out.filter(Boolean);
}

/**
 * POST /api/store-error — client error reports (form-urlencoded, JSON also accepted):
 * sid, bid, code, url, ua, ss, stl, errors[0][msg]…, stack. 204 on success.
 */
export function registerStoreError(app: FastifyInstance, ctx: AppContext): void {
  const insert = ctx.db.prepare('INSERT INTO error_reports (shop_id, code, message, url, ua, payload_json) VALUES (?, ?, ?, ?, ?, ?)');
  const shortStr = { type: 'string', maxLength: 200 };
  app.post<{ Body: ErrorForm }>(
    '/api/store-error',
    {
      bodyLimit: 64 * 1024,
      schema: {
        body: {
          type: 'object',
          required: ['code'],
          properties: {
            code: { type: ['string', 'number'], pattern: '^[A-Za-z0-9_:.\\-]{1,40}$' },
            sid: shortStr,
            bid: shortStr,
            url: { type: 'string', maxLength: 4000 },
            ua: { type: 'string', maxLength: 2000 },
            ss: { type: 'string', maxLength: 40 },
            stl: { type: ['string', 'number'], maxLength: 20 },
            stack: { type: 'string', maxLength: 20000 },
          },
        },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const errors = collectErrors(form);
      const message = errors[0]?.msg ?? str(form['message'], LIMITS.msg);
      const payload = {
        sid: str(form.sid, 200),
        bid: str(form.bid, 200),
        ss: str(form.ss, 40),
        stl: form.stl === undefined ? null : String(form.stl).slice(0, 20),
        errors,
        stack: str(form.stack, LIMITS.stack),
      };
      insert.run(
        payload.sid,
        String(form.code),
        message,
        str(form.url, LIMITS.url),
        str(form.ua, LIMITS.ua) ?? str(request.headers['user-agent'], LIMITS.ua),
        JSON.stringify(payload),
      );
      return reply.code(204).send();
    },
  );
}
