import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Deepest nesting of arrays/objects accepted in a JSON body. Nothing the widgets send comes
 * near it; deeper bodies are rejected before `JSON.parse`, so no later step (validation,
 * `JSON.stringify` when storing) can overflow the stack on them.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when the JSON text nests arrays/objects deeper than `max`. One pass over the raw text;
 * brackets inside strings do not count. It does not validate the JSON (the parser does).
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH)
        i++; // the escaped character cannot end the string
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * Replace fastify's `application/json` parser, and parse `text/plain` (what `navigator.sendBeacon`
 * posts) as JSON too, with one parser that first rejects bodies nested deeper than
 * MAX_JSON_DEPTH (400 `BODY_TOO_DEEP`), then hands the text to fastify's own JSON parser
 * (secure-json-parse: a `__proto__` or `constructor.prototype` key is an error, as fastify's
 * default `onProtoPoisoning`/`onConstructorPoisoning: 'error'`). Invalid JSON → 400 `INVALID_JSON`.
 */
export function installJsonParsers(app: FastifyInstance): void {
  const secureParse = app.getDefaultJsonParser('error', 'error');
  const parse = (request: FastifyRequest, text: string, done: Done) => {
    if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, 'BODY_TOO_DEEP', `Body nests arrays/objects deeper than ${MAX_JSON_DEPTH} levels`));
      return;
    }
    secureParse(request, text, (err, body) => {
      if (err) {
        const message =
          text.length === 0
            ? 'Body cannot be empty when content-type is application/json'
            : 'Body is not valid JSON (or has a __proto__/constructor.prototype key)';
        done(new HttpError(400, 'INVALID_JSON', message));
        return;
      }
      done(null, body);
    });
  };

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // An empty beacon is an empty object (the route's schema then says what is missing).
    if (text.trim() === '') done(null, {});
    else parse(request, text, done);
  });
}
