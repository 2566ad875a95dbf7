/**
 * Reads a review submission's multipart body (@fastify/multipart, registered only in the
 * submission routes' scope): its text fields, and the files of `images[]` in memory, within the
 * limits (ReviewPhotoLimits): photos per review, bytes per photo, bytes of the whole request.
 * Whatever goes over a limit stops the reading at once with a 413 ReviewFailure naming it.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReviewPhotoLimits } from '../config.ts';
import { fieldText, notText } from '../lib/fieldText.ts';
import { displayName, type Upload } from '../lib/reviewPhotos.ts';
import { NOT_A_FORM, ReviewFailure } from './reviewFailure.ts';

/** A submission's form: the first value of each text field, and the uploaded photos in order. */
export interface ReviewForm {
  fields: Map<string, string>;
  /** Text fields the parser cut at MAX_FIELD_BYTES (then certainly too long). */
  truncated: Set<string>;
  photos: Upload[];
}

/** Bytes of one text field (a 5,000-character review is at most 20 kB of UTF-8). */
const MAX_FIELD_BYTES = 64 * 1024;
/** Text fields one form may have (the contract has about a dozen). */
const MAX_FIELDS = 50;

/** The file fields that carry photos: `images[]` (also `images` and `images[0]`…). */
const PHOTO_FIELD_RE = /^images(\[\d{0,2}\])?$/;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const tooLarge = (message: string) => new ReviewFailure(413, 'PAYLOAD_TOO_LARGE', [message]);

/** The 413 of one photo too many. */
function tooManyPhotos(limits: ReviewPhotoLimits): ReviewFailure {
  return limits.maxCount === 0
    ? tooLarge('Photos cannot be added to reviews here')
    : tooLarge(`Too many photos (${limits.maxCount} at most)`);
}

/** The multipart parser's own errors, as failures. */
function fromParserError(error: unknown, limits: ReviewPhotoLimits): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return tooManyPhotos(limits);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge('The review form has too many fields');
  if (error instanceof ReviewFailure) return error;
  // A malformed body (busboy's parse errors, a prototype-polluting field name…).
  if (error instanceof Error) return new ReviewFailure(400, 'VALIDATION_ERROR', ['The review form could not be read']);
  return error;
}

/** Bytes read of the whole request, against its limit. */
class Budget {
  private used = 0;
  constructor(private readonly max: number) {}
  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max) throw tooLarge(`The review and its photos are too large together (${megabytes(this.max)} at most)`);
  }
}

/** A photo's bytes, read within its own limit and the request's (`filename`: as the messages quote it). */
async function readPhoto(part: MultipartFile, filename: string, limits: ReviewPhotoLimits, budget: Budget): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    budget.spend(chunk.length);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw tooLarge(`Photo "${displayName(filename)}" is too large (${megabytes(limits.maxPhotoBytes)} at most)`);
  return Buffer.concat(chunks);
}

/** Reads the parts into `form`. */
async function readParts(parts: AsyncIterable<Multipart>, form: ReviewForm, limits: ReviewPhotoLimits, budget: Budget): Promise<void> {
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = fieldText(part.value);
      if (value === null) throw new ReviewFailure(400, 'VALIDATION_ERROR', [notText(part.fieldname)]);
      budget.spend(Buffer.byteLength(value));
      if (!form.fields.has(part.fieldname)) form.fields.set(part.fieldname, value);
      if (part.valueTruncated) form.truncated.add(part.fieldname);
      continue;
    }
    if (!PHOTO_FIELD_RE.test(part.fieldname)) {
      // Not a photo field: read past it (it still counts against the request's bytes).
      for await (const chunk of part.file as AsyncIterable<Buffer>) budget.spend(chunk.length);
      continue;
    }
    // Typed a string, but the parser gives `filename=""` as undefined.
    const filename = part.filename ?? '';
    const bytes = await readPhoto(part, filename, limits, budget);
    // A file input left empty sends an empty part with no name.
    if (bytes.length === 0 && !filename) continue;
    if (form.photos.length >= limits.maxCount) throw tooManyPhotos(limits);
    form.photos.push({ filename, bytes });
  }
}

/**
 * After a refusal mid-body: the rest of the upload is read and dropped (not parsed), and the
 * connection closes after the answer, so a client still sending megabytes neither stalls nor
 * keeps the connection busy.
 */
function discardRest(request: FastifyRequest, reply: FastifyReply): void {
  request.raw.unpipe();
  request.raw.resume();
  reply.header('connection', 'close');
}

/**
 * Reads the body of a submission. Throws ReviewFailure: 415 for a body that is not
 * multipart/form-data, 413 over a limit (declared Content-Length, photos, a photo's or the
 * request's bytes, fields), 400 for a malformed body.
 */
export async function readReviewForm(request: FastifyRequest, reply: FastifyReply, limits: ReviewPhotoLimits): Promise<ReviewForm> {
  // A POST without a body has no content type to refuse: it is not a form either.
  if (!request.isMultipart()) throw new ReviewFailure(415, 'UNSUPPORTED_MEDIA_TYPE', [NOT_A_FORM]);
  const declared = Number(request.headers['content-length']);
  if (declared > limits.maxRequestBytes) {
    discardRest(request, reply);
    throw tooLarge(`The review and its photos are too large together (${megabytes(limits.maxRequestBytes)} at most)`);
  }
  const form: ReviewForm = { fields: new Map(), truncated: new Set(), photos: [] };
  const parts = request.parts({
    limits: {
      fieldNameSize: 100,
      fieldSize: MAX_FIELD_BYTES,
      fields: MAX_FIELDS,
      // One more than allowed, so the extra photo is named by readParts rather than the parser.
      files: limits.maxCount + 1,
      fileSize: limits.maxPhotoBytes,
      parts: MAX_FIELDS + limits.maxCount + 1,
      headerPairs: 100,
    },
    // The limit is checked on the part (readPhoto names the photo in its message).
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0]);
  try {
    await readParts(parts, form, limits, new Budget(limits.maxRequestBytes));
  } catch (error) {
    discardRest(request, reply);
    throw fromParserError(error, limits);
  }
  return form;
}
