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

/** The parsed parts as `name → value` (a repeated name: its values in order). */
function formFields(parts: Record<string, Multipart | Multipart[] | undefined>): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, part] of Object.entries(parts)) {
    if (part) fields[name] = Array.isArray(part) ? part.map(partValue) : partValue(part);
  }
  return fields;
}

/** Lets the routes registered after it in `scope` take multipart form bodies (see the module comment). */
export async function registerMultipartForms(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { attachFieldsToBody: true, limits: LIMITS, onFile: dropFile });
  // After the parser's own hook (registered first, so run first): its parts become plain fields.
  scope.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.body) request.body = formFields(request.body as Record<string, Multipart | Multipart[]>);
  });
}
