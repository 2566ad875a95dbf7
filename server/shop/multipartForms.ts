/**
 * Multipart form bodies on the demo shop's POST routes, as the platform takes them: Dawn's product
 * form posts `new FormData(form)` to `/cart/add` (its `<form enctype="multipart/form-data">`
 * does the same without JavaScript), and so does the commerce services' `addForm`. The fields
 * arrive as the form-encoded ones do (`name → value`, a repeated name as an array), so the cart's
 * parsers read both the same way.
 *
 * Nothing is cut short in silence: a field over 64 kB (the form-encoded bodies' limit) or a name
 * over 200 characters is refused (413), as are more than 500 fields or a file over 5 MB. A file
 * field (a line item property upload) is read and dropped: its value is the file's name.
 */
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import { fieldText, notText } from '../lib/fieldText.ts';

const LIMITS = {
  fieldNameSize: 200,
  fieldSize: 64 * 1024,
  fields: 500,
  files: 5,
  fileSize: 5 * 1024 * 1024,
  parts: 505,
};

/** Reads a file part to its end (the form goes on) and forgets it. */
async function dropFile(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file) {
    /* read and forgotten */
  }
}

/** One part's value: a field's text, a file's name; refused when the parser cut it short or it holds no text (`fieldText`). */
function partValue(part: Multipart): string {
  if (part.type === 'file') return part.filename;
  if (part.valueTruncated || part.fieldnameTruncated) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The form field ${part.fieldname.slice(0, 50)} is over its limit`);
  }
  const text = fieldText(part.value);
  if (text === null) throw new HttpError(400, 'BAD_REQUEST', notText(part.fieldname));
  return text;
}

/**
 * The parts as `name → value` (a repeated name: its values in order). The parser refuses a name
 * that `Object.prototype` has (`__proto__`, `constructor`…) before it gets here.
 */
async function readFields(parts: AsyncIterable<Multipart>): Promise<Record<string, string | string[]>> {
  const fields: Record<string, string | string[]> = {};
  for await (const part of parts) {
    if (part.type === 'file') await dropFile(part);
    const value = partValue(part);
    const before = fields[part.fieldname];
    fields[part.fieldname] = before === undefined ? value : ([] as string[]).concat(before, value);
  }
  return fields;
}

/**
 * Lets the routes registered after it in `scope` take multipart form bodies (see the module
 * comment). The parts are read here rather than by the plugin's `attachFieldsToBody`: what the
 * parser itself cannot read (no boundary, a malformed part) throws an error without a status,
 * which answered 500; here it is the 400 it is. Its own errors keep their status (413 over a
 * limit, 400 for a prototype's name).
 */
export async function registerMultipartForms(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: LIMITS });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    try {
      request.body = await readFields(request.parts());
    } catch (error) {
      if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw new HttpError(400, 'BAD_REQUEST', 'The form could not be read');
    }
  });
}
