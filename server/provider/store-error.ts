import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.ts';
import { sendError } from '../lib/errors.ts';
import { fieldText } from '../lib/fieldText.ts';
import { clientShopKey } from '../lib/rateLimit.ts';
import { errorSource, groupMessage } from './errorGroup.ts';
import { requireShop, shopOf } from './requireShop.ts';

/** Characters kept of each field (`msg` also for every `errors[n]` field and `message`). */
const LIMITS = { msg: 1000, stack: 1200, url: 2000, ua: 500 };
/** The client sends at most 10 reports per page view; more `errors[n]` entries are dropped. */
const MAX_ERROR_ENTRIES = 10;
/** Fields kept per `errors[n]` entry. */
const MAX_ERROR_FIELDS = 10;
/** A stored report's payload (after the cuts above), serialized, up to this many bytes. */
const MAX_REPORT_BYTES = 8 * 1024;

/** Form-encoded fields are strings (repeated: arrays); a JSON report's may be numbers and booleans too. */
type ErrorForm = Record<string, string | number | boolean | string[] | undefined>;

/** The shop id (`sid`, required by the schema) of a validated report. */
function reportShopId(request: FastifyRequest): string {
  return String((request.body as ErrorForm).sid);
}

/**
 * A field as one string (the first of repeated ones; a JSON number or boolean as its text) cut to
 * `max`; null when absent.
 */
function cut(field: ErrorForm[string], max: number): string | null {
  const text = fieldText(Array.isArray(field) ? field[0] : field);
  return text === null ? null : text.slice(0, max);
}

/** Collect `errors[0][msg]`-style flat keys into `[{msg, …}, …]` (the first MAX_ERROR_ENTRIES, MAX_ERROR_FIELDS fields each). */
function collectErrors(form: ErrorForm): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const [key, value] of Object.entries(form)) {
    const match = /^errors\[(\d{1,2})\]\[([A-Za-z0-9_]{1,40})\]$/.exec(key);
    if (!match) continue;
    const entryIndex = Number(match[1]);
    const field = match[2]!;
    const text = cut(value, LIMITS.msg);
    if (text === null || entryIndex >= MAX_ERROR_ENTRIES) continue;
    const entry = (out[entryIndex] ??= {});
    if (Object.keys(entry).length < MAX_ERROR_FIELDS) entry[field] = text;
  }
  return out.filter(Boolean);
}

/** What is stored of a report besides its columns: ids, session state, the errors and the stack, all cut. */
function reportPayload(form: ErrorForm, errors: Record<string, string>[]) {
  return {
    sid: cut(form.sid, 200),
    bid: cut(form.bid, 200),
    ss: cut(form.ss, 40),
    stl: cut(form.stl, 20),
    errors,
    stack: cut(form.stack, LIMITS.stack),
  };
}

const shortString = { type: 'string', maxLength: 200 };

/** Flat reports only: a nested JSON value is not part of the format (400). */
const reportSchema = {
  type: 'object',
  required: ['code', 'sid'],
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
  properties: {
    // The rules of a string do not apply to a number: a JSON code is a whole number of the codes' size.
    code: { type: ['string', 'integer'], pattern: '^[A-Za-z0-9_:.\\-]{1,40}$', minimum: 0, maximum: 999_999_999 },
    sid: shortString,
    bid: shortString,
    url: { type: 'string', maxLength: 4000 },
    ua: { type: 'string', maxLength: 2000 },
    ss: { type: 'string', maxLength: 40 },
    stl: { type: ['string', 'integer'], maxLength: 20, minimum: 0, maximum: 999_999_999 },
    stack: { type: 'string', maxLength: 20000 },
  },
};

/**
 * POST /api/store-error — client error reports (form-urlencoded, JSON also accepted):
 * sid (the shop id, required), bid, code, url, ua, ss, stl, errors[0][msg]…, stack; stored, and
 * counted in its error group (errorGroup.ts). 204 on
 * success; 400 on a bad or nested field, 404 for an unknown shop, 413 when the report is still
 * over MAX_REPORT_BYTES after the cuts, 429 over the per-address-and-shop rate.
 */
export function registerStoreError(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const rateLimit = limits
    ? [
        app.rateLimit({
          groupId: 'store-error',
          max: limits.storeErrorPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => clientShopKey(request, reportShopId(request)),
        }),
      ]
    : [];
  app.post<{ Body: ErrorForm }>(
    '/api/store-error',
    {
      bodyLimit: 64 * 1024,
      schema: { body: reportSchema },
      // After validation, as the shop id (sid) is in the body: the rate limit first, then the shop lookup.
      preHandler: [...rateLimit, requireShop(ctx.storage.shops, { shopIdOf: reportShopId })],
    },
    async (request, reply) => {
      const form = request.body;
      const errors = collectErrors(form);
      const payloadJson = JSON.stringify(reportPayload(form, errors));
      const bytes = Buffer.byteLength(payloadJson);
      if (bytes > MAX_REPORT_BYTES) {
        return sendError(
          reply,
          413,
          'PAYLOAD_TOO_LARGE',
          `The report is ${bytes} bytes after cutting long fields; at most ${MAX_REPORT_BYTES} are stored`,
        );
      }
      const message = errors[0]?.msg ?? cut(form['message'], LIMITS.msg);
      await ctx.storage.tracking.insertErrorReport({
        shopId: shopOf(request).id,
        code: String(form.code),
        message,
        url: cut(form.url, LIMITS.url),
        ua: cut(form.ua, LIMITS.ua) ?? cut(request.headers['user-agent'], LIMITS.ua),
        payloadJson,
        group: { message: groupMessage(message), source: errorSource(errors[0]?.widget, cut(form.stack, LIMITS.stack)) },
        now: new Date().toISOString(),
      });
      return reply.code(204).send();
    },
  );
}
