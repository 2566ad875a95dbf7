/**
 * Photos sent with a review: the content decides what a file is (disguised HTML, PHP or SVG → 415),
 * every accepted photo is decoded and re-encoded (EXIF and GPS gone, orientation applied, long
 * edge ≤ 2048 px, a thumbnail beside it), decompression bombs and oversized uploads are refused
 * (413) in the failure shape, and stored photos are served by content hash and listed with their
 * thumbnails on the read side.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, resolveConfig } from '../../../server/config.ts';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { countRows, makeServer, storedDb, type TestServer } from './helpers.ts';
import { jpegOf, multipartBody, solidImage, submitReview, validFields, type FilePart, type SubmitAnswer } from './reviewForms.ts';

const HANDLE = SEED_FACTS.manyReviewsHandle;

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ rateLimit: false });
});
afterAll(async () => {
  await s.app.close();
});

const submitWith = (files: FilePart[], fields = validFields(), app = s.app) => submitReview(app, fields, files);

/** GET a stored photo: its status, type and decoded metadata. */
async function fetchPhoto(url: string) {
  const res = await s.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return { type: res.headers['content-type'], metadata: await sharp(res.rawPayload).metadata(), bytes: res.rawPayload };
}

function expectFailure(answer: SubmitAnswer, status: number, code: string, errors: string[]): void {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { success: false, errors, error: { code, message: errors[0] } },
  });
}

/** The CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG of a few hundred bytes whose header declares `width`×`height` pixels (a decompression bomb). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('accepted photos are re-encoded', () => {
  it('a JPEG with EXIF GPS and orientation: stored without metadata, rotated, long edge ≤ 2048 px, with a thumbnail', async () => {
    const input = await sharp(await jpegOf(3000, 1500))
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
      })
      .jpeg({ quality: 90 })
      .toBuffer();
    const original = await sharp(input).metadata();
    expect(original).toMatchObject({ width: 3000, height: 1500, orientation: 6 });
    // The GPS IFD pointer (tag 0x8825) is in the upload's EXIF.
    expect(original.exif!.includes(Buffer.from([0x88, 0x25])) || original.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const answer = await submitWith([{ name: 'IMG_0001.JPG', bytes: input, type: 'image/jpeg' }]);
    expect(answer.status).toBe(200);
    const review = answer.body.review!;
    expect(review.photos).toHaveLength(1);
    expect(review.thumbnails).toHaveLength(1);
    expect(review.imgUrl).toBe(review.photos[0]);
    expect(review.photos[0]).toMatch(/^\/api\/photos\/h\/[0-9a-f]{64}\.jpg$/);
    expect(review.thumbnails[0]).toMatch(/^\/api\/photos\/h\/[0-9a-f]{64}\.jpg$/);
    expect(review.thumbnails[0]).not.toBe(review.photos[0]);

    const photo = await fetchPhoto(review.photos[0]!);
    expect(photo.type).toBe('image/jpeg');
    // Turned upright (portrait), then brought down to 2048 px on the long edge.
    expect(photo.metadata).toMatchObject({ format: 'jpeg', width: 1024, height: 2048 });
    expect(photo.metadata.exif).toBeUndefined();
    expect(photo.metadata.orientation).toBeUndefined();
    expect(photo.metadata.icc).toBeUndefined();
    expect(photo.metadata.xmp).toBeUndefined();
    expect(photo.bytes.includes(Buffer.from('PhoneCam'))).toBe(false);
    const thumbnail = await fetchPhoto(review.thumbnails[0]!);
    expect(thumbnail.metadata).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(thumbnail.metadata.exif).toBeUndefined();
  });

  it('small photos are not enlarged; PNG, GIF (first frame) and WebP without transparency become JPEG', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
      const answer = await submitWith([{ name: `small.${format}`, bytes: await solidImage(format, 320, 200), type: `image/${format}` }]);
      expect(answer.status, format).toBe(200);
      const photo = await fetchPhoto(answer.body.review!.photos[0]!);
      expect(photo.metadata, format).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    }
  });

  it('a photo with transparency stays transparent (WebP)', async () => {
    const png = await sharp({ create: { width: 500, height: 300, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.4 } } })
      .png()
      .toBuffer();
    const answer = await submitWith([{ name: 'logo.png', bytes: png, type: 'image/png' }]);
    expect(answer.status).toBe(200);
    expect(answer.body.review!.photos[0]).toMatch(/\.webp$/);
    const photo = await fetchPhoto(answer.body.review!.photos[0]!);
    expect(photo.type).toBe('image/webp');
    expect(photo.metadata).toMatchObject({ format: 'webp', width: 500, height: 300, hasAlpha: true });
    expect((await fetchPhoto(answer.body.review!.thumbnails[0]!)).metadata).toMatchObject({ format: 'webp', width: 400, height: 240 });
  });

  it('several photos keep their order; the declared type and the name do not matter', async () => {
    const files = [
      { name: 'first.gif', bytes: await solidImage('png', 100, 50), type: 'application/octet-stream' },
      { name: 'second', bytes: await solidImage('jpeg', 60, 90), type: 'text/plain' },
      { name: 'third.jpg', bytes: await solidImage('webp', 40, 40), type: 'image/gif' },
    ];
    const answer = await submitWith(files);
    expect(answer.status).toBe(200);
    const sizes = [];
    for (const url of answer.body.review!.photos) {
      const { metadata } = await fetchPhoto(url);
      sizes.push([metadata.width, metadata.height]);
    }
    expect(sizes).toEqual([
      [100, 50],
      [60, 90],
      [40, 40],
    ]);
  });

  it('the read side lists the photos with their thumbnails', async () => {
    const answer = await submitWith([
      { name: 'a.jpg', bytes: await jpegOf(900, 600) },
      { name: 'b.jpg', bytes: await jpegOf(600, 900) },
    ]);
    const lastUpdated = await s.app.vitrine.storage.shops.lastUpdated('demo');
    const list = JSON.parse((await s.app.inject({ url: `/api/reviews/demo/${lastUpdated}/${HANDLE}.json` })).body) as {
      reviews: { id: number; photos: string[]; thumbnails: string[] }[];
    };
    const listed = list.reviews.find((review) => review.id === answer.body.review!.id)!;
    expect(listed.photos).toEqual(answer.body.review!.photos);
    expect(listed.thumbnails).toEqual(answer.body.review!.thumbnails);
    const rows = await storedDb(s).selectFrom('review_photos').selectAll().where('review_id', '=', listed.id).orderBy('position').execute();
    expect(rows.map((row) => [row.url, row.thumbnail_url, row.position])).toEqual(
      listed.photos.map((url, position) => [url, listed.thumbnails[position], position]),
    );
  });

  it('an empty file input (an empty part with no name) is not a photo', async () => {
    const answer = await submitWith([{ name: '', bytes: Buffer.alloc(0), type: 'application/octet-stream' }]);
    expect(answer.status).toBe(200);
    expect(answer.body.review!.photos).toEqual([]);
  });
});

describe('files that are not JPEG, PNG, GIF or WebP images → 415, nothing stored', () => {
  const disguised: [string, Buffer][] = [
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
    ['PHP', Buffer.from('<?php echo shell_exec($_GET["cmd"]); ?>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>')],
    ['a GIF header on PHP', Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<?php system($_GET["c"]); ?>')])],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['random bytes', Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 7919) % 256))],
  ];
  it.each(disguised)('%s named .jpg', async (_what, bytes) => {
    const before = await countRows(s, 'reviews');
    const photos = await countRows(s, 'photos');
    const answer = await submitWith([{ name: 'holiday.jpg', bytes, type: 'image/jpeg' }]);
    expectFailure(answer, 415, 'UNSUPPORTED_MEDIA_TYPE', ['Photo "holiday.jpg" is not a JPEG, PNG, GIF or WebP image']);
    expect(await countRows(s, 'reviews')).toBe(before);
    expect(await countRows(s, 'photos')).toBe(photos);
  });

  // A part sent without a file name (`filename=""`, as a script's or a tool's form may send it)
  // answered 500: its name, undefined, was quoted in the message.
  it('a file sent without a name: quoted as "photo" (415, and 413 when too large)', async () => {
    const answer = await submitWith([{ name: '', bytes: Buffer.from('<html></html>'), type: '' }]);
    expectFailure(answer, 415, 'UNSUPPORTED_MEDIA_TYPE', ['Photo "photo" is not a JPEG, PNG, GIF or WebP image']);
    const server = await makeServer({ rateLimit: false, reviewPhotos: { maxPhotoBytes: 200 * 1024 } });
    try {
      const tooBig = await submitWith([{ name: '', bytes: await jpegOf(600, 600, 100), type: '' }], validFields(), server.app);
      expectFailure(tooBig, 413, 'PAYLOAD_TOO_LARGE', ['Photo "photo" is too large (0.2 MB at most)']);
    } finally {
      await server.app.close();
    }
  });

  it('a truncated JPEG; each bad file named (cut to 100 characters) beside a good one', async () => {
    const good = await jpegOf(300, 200);
    const long = `${'x'.repeat(120)}.jpg`;
    const answer = await submitWith([
      { name: 'good.jpg', bytes: good },
      { name: 'half.jpg', bytes: good.subarray(0, good.length / 2) },
      { name: long, bytes: Buffer.from('<html></html>') },
    ]);
    expectFailure(answer, 415, 'UNSUPPORTED_MEDIA_TYPE', [
      'Photo "half.jpg" is not a JPEG, PNG, GIF or WebP image',
      `Photo "${long.slice(0, 100)}" is not a JPEG, PNG, GIF or WebP image`,
    ]);
  });
});

describe('limits → 413', () => {
  it('a decompression bomb (a tiny PNG declaring 30000×30000) is refused from its header', async () => {
    const bomb = pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const answer = await submitWith([{ name: 'bomb.png', bytes: bomb, type: 'image/png' }]);
    expectFailure(answer, 413, 'PAYLOAD_TOO_LARGE', ['Photo "bomb.png" has too many pixels (40 megapixels at most)']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('the pixel limit is configurable; a photo at the limit passes', async () => {
    const server = await makeServer({ rateLimit: false, reviewPhotos: { maxPixels: 1_000_000 } });
    try {
      expect((await submitWith([{ name: 'ok.jpg', bytes: await jpegOf(1000, 1000) }], validFields(), server.app)).status).toBe(200);
      const over = await submitWith([{ name: 'big.jpg', bytes: await jpegOf(1001, 1000) }], validFields(), server.app);
      expectFailure(over, 413, 'PAYLOAD_TOO_LARGE', ['Photo "big.jpg" has too many pixels (1 megapixels at most)']);
    } finally {
      await server.app.close();
    }
  });

  it('more photos than allowed (default 5)', async () => {
    const photo = { name: 'p.jpg', bytes: await solidImage('jpeg') };
    expect((await submitWith(Array(5).fill(photo))).status).toBe(200);
    const before = await countRows(s, 'reviews');
    for (const count of [6, 9]) {
      expectFailure(await submitWith(Array(count).fill(photo)), 413, 'PAYLOAD_TOO_LARGE', ['Too many photos (5 at most)']);
    }
    expect(await countRows(s, 'reviews')).toBe(before);
  });

  it('a photo over the per-file size, the request over its total, and a declared length over it', async () => {
    const server = await makeServer({
      rateLimit: false,
      reviewPhotos: { maxPhotoBytes: 200 * 1024, maxRequestBytes: 500 * 1024, maxCount: 2 },
    });
    try {
      const big = await jpegOf(600, 600, 100);
      expect(big.length).toBeGreaterThan(200 * 1024);
      const medium = await jpegOf(300, 300, 100);
      expect(medium.length).toBeLessThan(150 * 1024);
      const tooBig = await submitWith([{ name: 'huge.jpg', bytes: big }], validFields(), server.app);
      expectFailure(tooBig, 413, 'PAYLOAD_TOO_LARGE', ['Photo "huge.jpg" is too large (0.2 MB at most)']);
      expect(tooBig.headers.connection).toBe('close');
      const three = await submitWith(Array(3).fill({ name: 'm.jpg', bytes: medium }), validFields(), server.app);
      expectFailure(three, 413, 'PAYLOAD_TOO_LARGE', ['Too many photos (2 at most)']);
      // Two photos under the per-file size, over the total with large text fields.
      const filler = 'f'.repeat(60 * 1024);
      const padded = Buffer.concat([medium, Buffer.alloc(190 * 1024 - medium.length)]);
      const { payload, contentType } = await multipartBody(validFields({ fill1: filler, fill2: filler, fill3: filler }), [
        { name: 'a.jpg', bytes: padded },
        { name: 'b.jpg', bytes: padded },
      ]);
      expect(payload.length).toBeGreaterThan(500 * 1024);
      const total = await server.app.inject({
        method: 'POST',
        url: '/api/add-new-review',
        payload,
        // Sent chunked: the limit is counted while reading.
        headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
      });
      expect(total.statusCode).toBe(413);
      expect(JSON.parse(total.body).errors).toEqual(['The review and its photos are too large together (0.5 MB at most)']);
      const declared = await server.app.inject({
        method: 'POST',
        url: '/api/add-new-review',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(declared.statusCode).toBe(413);
      expect(JSON.parse(declared.body).errors).toEqual(['The review and its photos are too large together (0.5 MB at most)']);
      expect(await countRows(server, 'photos')).toBe(0);
    } finally {
      await server.app.close();
    }
  });

  it('over a real connection, an upload refused midway is answered and the connection closed', async () => {
    const server = await makeServer({ rateLimit: false, reviewPhotos: { maxPhotoBytes: 100 * 1024 } });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const form = new FormData();
      for (const [name, value] of Object.entries(validFields())) form.append(name, value);
      form.append('images[]', new Blob([new Uint8Array(5 * 1024 * 1024)]), 'zeros.jpg');
      const res = await fetch(`${address}/api/add-new-review`, { method: 'POST', body: form });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ success: false, errors: ['Photo "zeros.jpg" is too large (0.1 MB at most)'] });
      // The server still answers.
      expect((await fetch(`${address}/api/health`)).status).toBe(200);
    } finally {
      await server.app.close();
    }
  });

  it('photos to a shop that does not take them (reviews.reviewForm.allowPhotoUpload false)', async () => {
    const server = await makeServer({ rateLimit: false });
    try {
      const settings = {
        ...JSON.parse((await server.app.vitrine.storage.shops.get('demo'))!.settings_json),
        reviews: { reviewForm: { enabled: true, allowPhotoUpload: false } },
      };
      await storedDb(server)
        .updateTable('shops')
        .set({ settings_json: JSON.stringify(settings) })
        .where('id', '=', 'demo')
        .execute();
      const answer = await submitWith([{ name: 'p.jpg', bytes: await solidImage('jpeg') }], validFields(), server.app);
      expectFailure(answer, 413, 'PAYLOAD_TOO_LARGE', ['Photos cannot be added to reviews here']);
      expect((await submitWith([], validFields(), server.app)).status).toBe(200);
    } finally {
      await server.app.close();
    }
  });

  it('VITRINE_REVIEW_MAX_PHOTOS=0: no photos at all', async () => {
    const server = await makeServer({ rateLimit: false, reviewPhotos: { maxCount: 0 } });
    try {
      const answer = await submitWith([{ name: 'p.jpg', bytes: await solidImage('jpeg') }], validFields(), server.app);
      expectFailure(answer, 413, 'PAYLOAD_TOO_LARGE', ['Photos cannot be added to reviews here']);
    } finally {
      await server.app.close();
    }
  });
});

describe('configuration', () => {
  it('the limits come from VITRINE_REVIEW_* variables (MB, megapixels), with defaults 5 photos, 15 MB, 40 MB, 40 MP', () => {
    expect(resolveConfig({}).reviewPhotos).toEqual({
      maxCount: 5,
      maxPhotoBytes: 15 * 1024 * 1024,
      maxRequestBytes: 40 * 1024 * 1024,
      maxPixels: 40_000_000,
    });
    const env = {
      VITRINE_REVIEW_MAX_PHOTOS: '3',
      VITRINE_REVIEW_PHOTO_MAX_MB: '8',
      VITRINE_REVIEW_REQUEST_MAX_MB: '20',
      VITRINE_REVIEW_PHOTO_MAX_MEGAPIXELS: '24',
      VITRINE_REVIEW_RATE_PER_HOUR: '4',
      VITRINE_CAPTURED_EMAIL_RATE_PER_MIN: '9',
    };
    expect(configFromEnv(env)).toEqual({
      rateLimit: { reviewsPerHour: 4, capturedEmailsPerMinute: 9 },
      reviewPhotos: { maxCount: 3, maxPhotoBytes: 8 * 1024 * 1024, maxRequestBytes: 20 * 1024 * 1024, maxPixels: 24_000_000 },
    });
    expect(resolveConfig(configFromEnv(env)).rateLimits).toMatchObject({
      reviewsPerHour: 4,
      capturedEmailsPerMinute: 9,
      trackPerMinute: 300,
    });
    expect(configFromEnv({ VITRINE_REVIEW_MAX_PHOTOS: '0' })).toEqual({ reviewPhotos: { maxCount: 0 } });
    expect(() => configFromEnv({ VITRINE_REVIEW_PHOTO_MAX_MB: '1.5' })).toThrow(ConfigError);
    expect(() => configFromEnv({ VITRINE_REVIEW_RATE_PER_HOUR: '0' })).toThrow(/^VITRINE_REVIEW_RATE_PER_HOUR must be a whole number/);
    expect(() => resolveConfig({ reviewPhotos: { maxCount: 21 } })).toThrow(/at most 20/);
  });
});
