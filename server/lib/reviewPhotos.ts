/**
 * Photos shoppers upload with a review, made safe to serve: the bytes' own content decides what
 * they are (never the file name or the declared type), then sharp decodes them and encodes new
 * files, so nothing of the upload but its pixels reaches other shoppers.
 *
 * - Accepted: JPEG, PNG, GIF and WebP by content (file-type); anything else is 415, e.g. an HTML,
 *   PHP or SVG file named `.jpg`, or bytes no decoder accepts.
 * - The pixel count is checked from the header before anything is decoded, and sharp's
 *   `limitInputPixels` holds the same limit, so a decompression bomb (a tiny PNG declaring
 *   30000×30000) is refused (413) without allocating its pixels.
 * - Decoded once: EXIF orientation applied (`rotate()`), converted to sRGB, the long edge brought
 *   down to 2048 px (never enlarged); a GIF gives its first frame. From those pixels two files are
 *   encoded with no metadata at all (no EXIF, GPS, ICC or comments): the photo and a thumbnail
 *   (long edge 400 px). JPEG (mozjpeg) unless some pixel is transparent: then WebP, which keeps it.
 * - At most as many photos are processed at once as the machine has cores: each holds its decoded
 *   pixels (up to 16 MB) while it is encoded, and a burst of uploads must not hold them all at once.
 */
import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ReviewPhotoImages } from '../storage/submissions.ts';

// Every upload is different: libvips' operation cache would only hold memory.
sharp.cache(false);

/** What the bytes of an accepted upload may be. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** Long edge of a stored photo, in pixels. */
const PHOTO_MAX_EDGE = 2048;
/** Long edge of a thumbnail (list strips, the modal's thumbnails at 2× density and more). */
const THUMBNAIL_MAX_EDGE = 400;
const PHOTO_QUALITY = 80;
const THUMBNAIL_QUALITY = 75;
/** Characters of a file name quoted in a message (names come from the shopper's device). */
const MAX_NAME_IN_MESSAGE = 100;

/** An uploaded file: its name as sent and its bytes. */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

/** Why an upload was refused: 415 (not an accepted image) or 413 (too many pixels). */
export class PhotoRejected extends Error {
  constructor(
    public readonly statusCode: 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRejected';
  }
}

/** The file name as quoted in messages: control characters dropped, cut to 100 characters; "photo" when none is left. */
export function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'photo').slice(0, MAX_NAME_IN_MESSAGE);
}

const notAnImage = (upload: Upload) =>
  new PhotoRejected(415, `Photo "${displayName(upload.filename)}" is not a JPEG, PNG, GIF or WebP image`);
const tooManyPixels = (upload: Upload, maxPixels: number) =>
  new PhotoRejected(413, `Photo "${displayName(upload.filename)}" has too many pixels (${Math.floor(maxPixels / 1e6)} megapixels at most)`);

/** A counting semaphore: at most `slots` holders at once, the others wait in order. */
function limiter(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const oneAtATimePerCore = limiter(Math.max(1, availableParallelism()));

/** Whether any pixel of interleaved 8-bit RGBA data is not fully opaque. */
function hasTransparency(data: Buffer, channels: number): boolean {
  if (channels !== 4) return false;
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! < 255) return true;
  return false;
}

/** Decodes once (oriented, sRGB, long edge ≤ PHOTO_MAX_EDGE): the raw pixels. */
async function decode(upload: Upload, maxPixels: number) {
  const options = { limitInputPixels: maxPixels, failOn: 'error' as const, sequentialRead: true };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only: nothing is decoded yet.
    const metadata = await sharp(upload.bytes, { ...options, limitInputPixels: false }).metadata();
    width = metadata.width;
    height = metadata.pageHeight ?? metadata.height;
  } catch {
    throw notAnImage(upload);
  }
  if (!width || !height) throw notAnImage(upload);
  if (width * height > maxPixels) throw tooManyPixels(upload, maxPixels);
  try {
    return await sharp(upload.bytes, options)
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw tooManyPixels(upload, maxPixels);
    throw notAnImage(upload);
  }
}

/** Encodes raw pixels at most `edge` px on the long side: JPEG, or WebP when transparent. */
async function encode(pixels: Awaited<ReturnType<typeof decode>>, edge: number, quality: number, transparent: boolean) {
  const { width, height, channels } = pixels.info;
  let image = sharp(pixels.data, { raw: { width, height, channels } });
  if (edge < Math.max(width, height)) image = image.resize({ width: edge, height: edge, fit: 'inside' });
  if (transparent) return { bytes: await image.webp({ quality, alphaQuality: 90 }).toBuffer(), contentType: 'image/webp' };
  if (channels === 4) image = image.removeAlpha();
  return { bytes: await image.jpeg({ quality, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
}

/**
 * Checks an upload and encodes its photo and thumbnail (see the module comment). Throws
 * PhotoRejected (415 not an accepted image, 413 over `maxPixels`).
 */
export async function processPhoto(upload: Upload, maxPixels: number): Promise<ReviewPhotoImages> {
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw notAnImage(upload);
  return oneAtATimePerCore(async () => {
    const pixels = await decode(upload, maxPixels);
    const transparent = hasTransparency(pixels.data, pixels.info.channels);
    const [photo, thumbnail] = await Promise.all([
      encode(pixels, PHOTO_MAX_EDGE, PHOTO_QUALITY, transparent),
      encode(pixels, THUMBNAIL_MAX_EDGE, THUMBNAIL_QUALITY, transparent),
    ]);
    return { photo, thumbnail };
  });
}
