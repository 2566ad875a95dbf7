/** The decisions of photo downscaling, with a fake codec: sizes, formats, and when the original is kept. */
import { describe, expect, test, vi } from 'vitest';
import { MAX_EDGE_PX, pickUpload, preparePhoto, scaledSize, type PhotoCodec } from '../../../../../src/widgets/reviews/form/downscale';

const blob = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });
const photo = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type, lastModified: 1 });

/** A codec that "decodes" to `width`×`height` and encodes to `encodedSize` bytes of `encodedType`. */
function fakeCodec(width: number, height: number, encodedSize: number | null, encodedType = 'image/webp') {
  const close = vi.fn();
  const codec: PhotoCodec & { decode: ReturnType<typeof vi.fn>; encode: ReturnType<typeof vi.fn> } = {
    decode: vi.fn(async () => ({ width, height, close })),
    encode: vi.fn(async () => (encodedSize == null ? null : blob(encodedSize, encodedType))),
  };
  return { codec, close };
}

describe('scaledSize', () => {
  test('the long edge becomes at most 2048 px, proportions kept, never enlarged', () => {
    expect(MAX_EDGE_PX).toBe(2048);
    expect(scaledSize(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(scaledSize(8000, 100)).toEqual({ width: 2048, height: 26 });
    expect(scaledSize(2048, 2048)).toEqual({ width: 2048, height: 2048 });
    expect(scaledSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(scaledSize(20000, 1)).toEqual({ width: 2048, height: 1 });
    expect(scaledSize(0, 0)).toEqual({ width: 1, height: 1 });
  });
});

describe('pickUpload', () => {
  test('the re-encoded photo only when smaller; an icon is always re-encoded; nothing encoded keeps the original', () => {
    expect(pickUpload(blob(4_000_000, 'image/jpeg'), blob(350_000, 'image/webp'))).toBe('encoded');
    expect(pickUpload(blob(80_000, 'image/png'), blob(120_000, 'image/webp'))).toBe('original');
    expect(pickUpload(blob(100, 'image/jpeg'), blob(100, 'image/jpeg'))).toBe('original');
    expect(pickUpload(blob(2_000, 'image/x-icon'), blob(9_000, 'image/webp'))).toBe('encoded');
    expect(pickUpload(blob(4_000_000, 'image/jpeg'), null)).toBe('original');
  });
});

describe('preparePhoto', () => {
  test('a 4 MB phone photo goes up as the few hundred kB WebP, 2048 px on its long edge, renamed', async () => {
    const { codec, close } = fakeCodec(4032, 3024, 380_000);
    const original = photo('IMG_0042.JPG', 4_000_000, 'image/jpeg');
    const prepared = await preparePhoto(original, codec);
    expect(codec.decode).toHaveBeenCalledWith(original);
    expect(codec.encode).toHaveBeenCalledWith(expect.anything(), 2048, 1536);
    expect(close).toHaveBeenCalled();
    expect(prepared).not.toBe(original);
    expect(prepared).toMatchObject({ name: 'IMG_0042.webp', type: 'image/webp', size: 380_000 });
  });

  test('JPEG where WebP cannot be encoded', async () => {
    const { codec } = fakeCodec(3000, 4000, 420_000, 'image/jpeg');
    expect(await preparePhoto(photo('p.png', 5_000_000, 'image/png'), codec)).toMatchObject({ name: 'p.jpg', type: 'image/jpeg' });
  });

  test('a small photo that would grow is sent as it is', async () => {
    const { codec } = fakeCodec(600, 400, 90_000);
    const original = photo('small.jpg', 60_000, 'image/jpeg');
    expect(await preparePhoto(original, codec)).toBe(original);
  });

  test('a GIF is sent as it is, not even decoded (it may be animated)', async () => {
    const { codec } = fakeCodec(4000, 4000, 10);
    const gif = photo('loop.gif', 3_000_000, 'image/gif');
    expect(await preparePhoto(gif, codec)).toBe(gif);
    expect(codec.decode).not.toHaveBeenCalled();
  });

  test('an icon is re-encoded even when that makes it larger (the provider takes JPEG, PNG, GIF and WebP only)', async () => {
    const { codec } = fakeCodec(32, 32, 1_500);
    const icon = photo('favicon.ico', 1_000, 'image/x-icon');
    expect(await preparePhoto(icon, codec)).toMatchObject({ name: 'favicon.webp', type: 'image/webp', size: 1_500 });
  });

  test('whatever fails sends the original: no decoder, an undecodable file, an encoder that gives nothing', async () => {
    const original = photo('p.jpg', 4_000_000, 'image/jpeg');
    const broken: PhotoCodec = { decode: () => Promise.reject(new Error('InvalidStateError')), encode: async () => null };
    expect(await preparePhoto(original, broken)).toBe(original);
    const throwing: PhotoCodec = {
      decode: () => {
        throw new ReferenceError('createImageBitmap is not defined');
      },
      encode: async () => null,
    };
    expect(await preparePhoto(original, throwing)).toBe(original);
    expect(await preparePhoto(original, fakeCodec(4032, 3024, null).codec)).toBe(original);
  });
});
