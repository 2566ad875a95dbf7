/**
 * The shop's images: the favicon, the product photos at the platform CDN's paths and the demo's
 * review photos.
 *
 * `/cdn/shop/files/{name}[_{size}].jpg?v=…&width={w}` answers as the platform's CDN does for the
 * theme's srcsets and for widgets: the photo (productPhotos.ts) `w` px wide, else at the legacy
 * size suffix (`_small` = 100 px, `_1024x1024`…, which widgets still ask for), else the
 * original; never enlarged (a larger width gives the original). JPEG, immutable for a year
 * (`v` names the version), with a strong ETag. A width that is no whole number from 1 to
 * 5760 is a 400 in the provider's error shape; an unknown file a 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from '../lib/caching.ts';
import { sendError } from '../lib/errors.ts';
import { hashString, Rng } from '../lib/prng.ts';
import { etagMatches } from '../lib/responseCache.ts';
import { getPhoto, getProduct } from './catalog.ts';
import { CDN_FILES_PATH } from './media.ts';
import { queryOf } from './pageContext.ts';
import { PhotoStore } from './productPhotos.ts';

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;
}

/** Review "photo": a little landscape with sun and hills, varied by number. */
export function reviewPhotoSvg(photoNumber: number): string {
  const rng = new Rng(hashString(`review-${photoNumber}`));
  const hue = rng.int(0, 359);
  const sky = hsl(hue, 60, 85);
  const sun = hsl(hue + 40, 90, 60);
  const farHill = hsl(hue + 120, 35, 45);
  const nearHill = hsl(hue + 140, 40, 32);
  const sunX = rng.int(120, 680);
  const farY = rng.int(300, 380);
  const nearY = rng.int(380, 460);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${sky}"/><circle cx="${sunX}" cy="${rng.int(110, 200)}" r="${rng.int(40, 80)}" fill="${sun}"/><path d="M0 ${farY}Q200 ${farY - 120} 400 ${farY}T800 ${farY - 40}V600H0z" fill="${farHill}"/><path d="M0 ${nearY}Q300 ${nearY - 100} 560 ${nearY}T800 ${nearY + 10}V600H0z" fill="${nearHill}"/></svg>`;
}

/** The largest width the platform's CDN answers, px. */
const MAX_WIDTH = 5760;

/** The platform's legacy size suffixes (`tee_small.jpg`) and their widths; `original`/`master` is the original. */
const NAMED_SIZES = new Map([
  ['pico', 16],
  ['icon', 32],
  ['thumb', 50],
  ['small', 100],
  ['compact', 160],
  ['medium', 240],
  ['large', 480],
  ['grande', 600],
  ['original', MAX_WIDTH],
  ['master', MAX_WIDTH],
]);

/** `{name}[_{size}].jpg`: the file name and its size suffix (a name from NAMED_SIZES, or a box: `{w}x{h}`, `{w}x`, `x{h}`). */
const CDN_FILE_RE = /^([a-z0-9][a-z0-9-]*?)(?:_([a-z]+|\d{0,4}x\d{0,4}))?\.jpg$/;
const BOX_RE = /^\d{0,4}x\d{0,4}$/;

/** What a CDN request asks for: a file and a width, or why it cannot be answered. */
type CdnRequest = { kind: 'photo'; name: string; width: number } | { kind: 'not-found' } | { kind: 'bad-width'; message: string };

/** The width a box suffix asks for: a square photo fits a `{w}x{h}` box at the smaller side (`x` alone: no size). */
function boxWidth(box: string): number {
  const [width, height] = box.split('x').map((side) => (side ? Number(side) : Infinity));
  return Math.min(width!, height!);
}

/** Reads a CDN request: the file's name and size suffix, and `width` (which wins over the suffix). */
function readCdnRequest(file: string, widthParam: string | undefined): CdnRequest {
  const [, name, suffix] = CDN_FILE_RE.exec(file) ?? [];
  if (!name || !getPhoto(name)) return { kind: 'not-found' };
  const suffixed = !suffix ? MAX_WIDTH : BOX_RE.test(suffix) ? boxWidth(suffix) : NAMED_SIZES.get(suffix);
  if (suffixed === undefined) return { kind: 'not-found' };
  const width = widthParam === undefined ? suffixed : /^\d{1,5}$/.test(widthParam) ? Number(widthParam) : NaN;
  if (!(width >= 1 && width <= MAX_WIDTH))
    return { kind: 'bad-width', message: `The width must be a whole number of pixels from 1 to ${MAX_WIDTH}` };
  return { kind: 'photo', name, width };
}

/** Answers a CDN request for a product photo (see the module comment). */
async function sendPhoto(store: PhotoStore, request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) {
  const asked = readCdnRequest(request.params.file, queryOf(request).width);
  switch (asked.kind) {
    case 'not-found':
      return notFound(reply);
    case 'bad-width':
      return sendError(reply, 400, 'BAD_IMAGE_WIDTH', asked.message);
    case 'photo': {
      const photo = await store.photo(asked.name, asked.width);
      if (!photo) return notFound(reply);
      reply.type('image/jpeg').header('cache-control', IMMUTABLE).header('etag', photo.etag);
      if (etagMatches(request.headers['if-none-match'], photo.etag)) return reply.code(304).send();
      return reply.send(photo.bytes);
    }
  }
}

/** The product images' paths before the CDN paths (`/images/products/{handle}[--{option value}].svg`). */
const LEGACY_PRODUCT_IMAGE_RE = /^([a-z0-9-]+?)(?:--([a-z0-9-]+))?\.svg$/;

/** The shop's icon: browsers ask for one on every first visit (a 404 would show in the console). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#121212"/><path d="M8 9h4l4 11 4-11h4l-6 15h-4z" fill="#fff"/></svg>';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

/**
 * The favicon, the product photos on the CDN's paths, the old SVG paths of product images
 * (301 to their photo: pages, caches and stores from before keep working) and the demo's
 * review photos.
 */
export function registerImages(app: FastifyInstance): void {
  const svg = 'image/svg+xml';
  const photos = new PhotoStore(getPhoto);
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    app.get(path, async (_request, reply) => reply.type(svg).header('cache-control', 'public, max-age=86400').send(FAVICON));
  }
  app.get<{ Params: { file: string } }>(`${CDN_FILES_PATH}:file`, (request, reply) => sendPhoto(photos, request, reply));
  app.get<{ Params: { file: string } }>('/images/products/:file', async (request, reply) => {
    const [, handle, valueSlug] = LEGACY_PRODUCT_IMAGE_RE.exec(request.params.file) ?? [];
    const name = valueSlug ? `${handle}-${valueSlug}` : handle;
    const image = handle
      ? getProduct(handle)?.product.media.find((media) => media.src.startsWith(`${CDN_FILES_PATH}${name}.jpg?`))
      : undefined;
    if (!image) return notFound(reply);
    return reply.header('cache-control', IMMUTABLE).redirect(image.src, 301);
  });
  app.get<{ Params: { file: string } }>('/images/reviews/:file', async (request, reply) => {
    const photoNumber = /^(\d{1,6})\.svg$/.exec(request.params.file)?.[1];
    if (photoNumber === undefined) return notFound(reply);
    return reply
      .type(svg)
      .header('cache-control', IMMUTABLE)
      .send(reviewPhotoSvg(Number(photoNumber)));
  });
}
