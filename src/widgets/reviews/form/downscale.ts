/**
 * Photos made smaller before they are uploaded: a phone's 4 MB, 4032×3024 photo goes up as a few
 * hundred kB. The long edge is brought to at most 2048 px, the orientation the camera recorded is
 * applied to the pixels, and the result is encoded as WebP where the browser can encode it, else as
 * JPEG, at quality 0.82. The result is used only when it is smaller than the original; GIFs (maybe
 * animated) are sent as they are, and icons (image/x-icon) are always re-encoded because the
 * provider takes only JPEG, PNG, GIF and WebP. Whatever fails (an old browser, a file it cannot
 * decode) sends the original: the provider has the last word on it.
 */

/** Longest edge of an uploaded photo. */
export const MAX_EDGE_PX = 2048;
/** Encoder quality (WebP and JPEG). */
const QUALITY = 0.82;

/** Decoding and encoding, apart from the decisions so those can be tested without pixels. */
export interface PhotoCodec {
  /** The decoded picture with the recorded orientation applied. */
  decode(file: Blob): Promise<{ width: number; height: number; close?(): void }>;
  /** `image` drawn at `width`×`height` and encoded; null when the browser could not. */
  encode(image: CanvasImageSource, width: number, height: number): Promise<Blob | null>;
}

/** `width`×`height` scaled down, keeping its proportions, so that the long edge is at most `max`. */
export function scaledSize(width: number, height: number, max = MAX_EDGE_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Which file to upload: the re-encoded one when it is smaller (an icon: whenever there is one), else the original. */
export function pickUpload(original: Blob, encoded: Blob | null): 'original' | 'encoded' {
  if (!encoded) return 'original';
  return original.type === 'image/x-icon' || encoded.size < original.size ? 'encoded' : 'original';
}

/** `name` with the extension of `type` ('IMG_1.HEIC.jpg' stays readable; 'a.png' becomes 'a.webp'). */
const renamed = (name: string, type: string): string => name.replace(/\.[a-z0-9]{1,5}$/i, '') + (type === 'image/webp' ? '.webp' : '.jpg');

/** The file to upload for `file` (see the module comment); never rejects. */
export async function preparePhoto(file: File, codec: PhotoCodec = canvasCodec): Promise<File> {
  if (file.type === 'image/gif') return file;
  try {
    const image = await codec.decode(file);
    const { width, height } = scaledSize(image.width, image.height);
    const encoded = await codec.encode(image as unknown as CanvasImageSource, width, height);
    image.close?.();
    return encoded && pickUpload(file, encoded) === 'encoded'
      ? new File([encoded], renamed(file.name, encoded.type), { type: encoded.type })
      : file;
  } catch {
    return file;
  }
}

let webpSupport: boolean | undefined;
/** Whether canvases encode WebP here (Safari's fall back to PNG): asked once, of a 1×1 canvas. */
function canEncodeWebp(): boolean {
  if (webpSupport === undefined) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    webpSupport = canvas.toDataURL('image/webp').startsWith('data:image/webp');
  }
  return webpSupport;
}

/** The browser's codec: `createImageBitmap` (orientation from the image) and a canvas. */
const canvasCodec: PhotoCodec = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  encode(image, width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    const webp = canEncodeWebp();
    if (!webp) {
      // JPEG has no transparency: transparent areas of a PNG become white instead of black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, webp ? 'image/webp' : 'image/jpeg', QUALITY));
  },
};
