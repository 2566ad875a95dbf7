/**
 * Review submissions in tests: multipart bodies built with the platform's FormData (the bytes and
 * the boundary `new Response(form)` produces, as a browser sends them), posted with inject, and
 * images made with sharp.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';

/** A file part: `images[]` unless `field` says otherwise. */
export interface FilePart {
  name: string;
  bytes: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body and its content type. */
export async function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field ?? 'images[]', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** A submission's answer: status, headers and the parsed body. */
export interface SubmitAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: {
    success: boolean;
    review?: Record<string, unknown> & { id: number; status: string; photos: string[]; thumbnails: string[]; review: string };
    errors?: string[];
    error?: { code: string; message: string };
  };
}

/** Posts a review form to `url` (default `/api/add-new-review`). */
export async function submitReview(
  app: FastifyInstance,
  fields: Record<string, string>,
  files: FilePart[] = [],
  options: { url?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<SubmitAnswer> {
  const { payload, contentType } = await multipartBody(fields, files);
  const res = await app.inject({
    method: 'POST',
    url: options.url ?? '/api/add-new-review',
    payload,
    remoteAddress: options.remoteAddress,
    headers: { 'content-type': contentType, ...options.headers },
  });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) as SubmitAnswer['body'] };
}

let emails = 0;

/** A valid submission's fields (a new e-mail address each time, so the 24-hour rule never applies by accident). */
export function validFields(overrides: Record<string, string> = {}): Record<string, string> {
  emails++;
  return {
    shopId: SEED_FACTS.shopId,
    productHandle: SEED_FACTS.manyReviewsHandle,
    'review[name]': 'Ana P.',
    'review[email]': `shopper${emails}.${process.pid}@example.com`,
    'review[review]': 'Lovely fabric, fits well.',
    'review[stars]': '5',
    ...overrides,
  };
}

/** A JPEG of `width`×`height` (noise, so it does not compress to nothing). */
export async function jpegOf(width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality })
    .toBuffer();
}

/** A plain-colour image in `format`. */
export async function solidImage(format: 'jpeg' | 'png' | 'gif' | 'webp', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}
