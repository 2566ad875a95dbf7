/**
 * The demo catalogue's product photos: drawn, not shot, but built to behave like photos where it
 * matters for performance. Chromium leaves an image out of Largest Contentful Paint when it has
 * fewer than 0.05 bits per shown pixel, which a flat 2 kB SVG never reaches, so the demo's
 * product pages used to measure the text around the image instead of the image, unlike a real
 * shop. Each photo here is a studio scene (backdrop, floor, soft shadow, the product's shape,
 * shaded, with a highlight) rasterised by sharp, with seeded mottling and film grain over a fine
 * weave on top: a JPEG of real entropy, about 50 kB at 1000 px, like a product photo.
 *
 * License-clean (nothing but code draws them) and deterministic: the same spec gives the same
 * bytes on every start (seeded from the file name; sharp's encoders are deterministic).
 *
 * The {@link PhotoStore} draws each original on its first request and keeps it, with the sized
 * copies the shop's markup asks for: nothing is drawn at start, so `npm start` is not slowed
 * (about 0.2 s per original and 10–90 ms per sized copy on one core; README, "The demo's
 * product photos and the largest paint").
 */
import sharp from 'sharp';
import { Rng } from '../lib/prng.ts';
import { strongEtag } from '../lib/responseCache.ts';
import type { ShapeKind } from './catalog.ts';

/** Width and height of every original, px (square, like the theme's 1:1 cards). */
export const PHOTO_SIZE = 1000;

/** Bump when the drawing changes: it is part of every photo's `?v=`, so browsers fetch the new one. */
export const PHOTO_STYLE = 1;

/** What a photo shows: the product's shape, the hue of its scene, its colour (a variant's) and the seed of its composition. */
export interface PhotoSpec {
  shape: ShapeKind;
  hue: number;
  /** The product's colour (a variant image's option value), else a shade of `hue`. */
  colour: string | null;
  /** Seeds the composition (the product handle: a product's variant photos are one shoot) and the grain (the file name). */
  scene: string;
  grain: string;
}

/** One encoded copy of a photo. */
export interface Photo {
  bytes: Buffer;
  width: number;
  etag: string;
}

const JPEG = { quality: 78, mozjpeg: true } as const;
/** Side of the repeated grain tile, px: large enough that no repeat shows. */
const GRAIN_TILE = 256;
/** Grain strength: the deviation around mid-grey in the overlay tile. */
const GRAIN_SIGMA = 7;
/** How much one thread of the weave differs from the next (deviation around mid-grey). */
const WEAVE_CONTRAST = 6;
/** The mottling's strength (deviation of its coarse octave around mid-grey, soft light). */
const MOTTLE_CONTRAST = 22;
/**
 * Bytes of sized copies kept at most: every width the theme's markup and the widgets ask for, of
 * every photo, takes about 12 MB.
 */
const MAX_SIZED_BYTES = 32 * 1024 * 1024;

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;
}

/**
 * Each product shape in a 600×600 scene: its body (the outline the shading and highlight are
 * clipped to) in the product's fill with an outline colour, and the handles, drawn behind it as
 * strokes that the clip must leave out.
 */
const SHAPES: Record<ShapeKind, { body: (fill: string, dark: string) => string; strokes?: (dark: string) => string }> = {
  tee: {
    body: (fill, dark) =>
      `<path d="M200 150l70-40h60l70 40 60 90-70 40-20-30v200H180V260l-20 30-70-40z" fill="${fill}" stroke="${dark}" stroke-width="3" stroke-linejoin="round"/><path d="M270 110q30 40 60 0" fill="none" stroke="${dark}" stroke-width="3"/>`,
  },
  bag: {
    body: (fill, dark) => `<rect x="170" y="220" width="260" height="240" rx="24" fill="${fill}" stroke="${dark}" stroke-width="3"/>`,
    strokes: (dark) => `<path d="M230 230v-40a70 70 0 0 1 140 0v40" fill="none" stroke="${dark}" stroke-width="14"/>`,
  },
  mug: {
    body: (fill, dark) => `<rect x="180" y="200" width="220" height="240" rx="30" fill="${fill}" stroke="${dark}" stroke-width="3"/>`,
    strokes: (dark) => `<path d="M390 250h30a50 50 0 0 1 0 100h-30" fill="none" stroke="${dark}" stroke-width="16"/>`,
  },
  vase: {
    body: (fill, dark) =>
      `<path d="M260 130h80v50c70 40 90 120 60 200-15 40-45 70-100 70s-85-30-100-70c-30-80-10-160 60-200z" fill="${fill}" stroke="${dark}" stroke-width="3"/>`,
  },
  circle: {
    body: (fill, dark) =>
      `<circle cx="300" cy="300" r="150" fill="${fill}" stroke="${dark}" stroke-width="3"/><circle cx="300" cy="300" r="60" fill="${dark}" opacity=".35"/>`,
  },
  box: {
    body: (fill, dark) =>
      `<rect x="160" y="180" width="280" height="240" rx="18" fill="${fill}" stroke="${dark}" stroke-width="3"/><path d="M160 260h280" stroke="${dark}" stroke-width="4" opacity=".5"/>`,
  },
  drop: {
    body: (fill, dark) =>
      `<path d="M300 130c70 100 130 170 130 240a130 130 0 0 1-260 0c0-70 60-140 130-240z" fill="${fill}" stroke="${dark}" stroke-width="3"/>`,
  },
  star: {
    body: (fill, dark) =>
      `<path d="M300 140l45 100 110 10-83 73 25 107-97-57-97 57 25-107-83-73 110-10z" fill="${fill}" stroke="${dark}" stroke-width="3" stroke-linejoin="round"/>`,
  },
};

/**
 * The scene as SVG at PHOTO_SIZE: a backdrop wall and floor in tints of the hue, lit from a
 * seeded side; the product standing on the floor, slightly turned, with its soft shadow, and a
 * shading gradient and a highlight clipped to its body; a vignette. (No SVG patterns or blur
 * filters: librsvg takes several times longer with them; texture comes from the grain tile.)
 */
function sceneSvg(spec: PhotoSpec): string {
  const rng = new Rng(`photo-scene:${spec.scene}`);
  const hue = spec.hue;
  const fill = spec.colour ?? hsl(hue, 50, 48);
  const dark = hsl(hue, 35, 20);
  const floorY = rng.int(405, 440);
  const lightX = rng.pick([0.25, 0.35, 0.65, 0.75]);
  const tilt = rng.int(-6, 6);
  const fromLeft = lightX < 0.5;
  const shape = SHAPES[spec.shape];
  const strokes = shape.strokes?.(dark) ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}" viewBox="0 0 600 600"><defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 22, 93)}"/><stop offset="1" stop-color="${hsl(hue, 18, 82)}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 25, 16, 80)}"/><stop offset="1" stop-color="${hsl(hue + 25, 20, 66)}"/></linearGradient>
<radialGradient id="light" cx="${lightX}" cy=".25" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" r=".75"><stop offset=".55" stop-opacity="0"/><stop offset="1" stop-opacity=".3"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-opacity=".5"/><stop offset="1" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="${fromLeft ? 0 : 1}" y1="0" x2="${fromLeft ? 1 : 0}" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-opacity=".45"/></linearGradient>
<radialGradient id="gloss"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<clipPath id="body">${shape.body('#000', 'none')}</clipPath></defs>
<rect width="600" height="600" fill="url(#wall)"/><path d="M0 ${floorY}Q300 ${floorY - 25} 600 ${floorY}V600H0z" fill="url(#floor)"/>
<g transform="translate(0 ${floorY - 440})"><ellipse cx="${fromLeft ? 325 : 275}" cy="462" rx="220" ry="30" fill="url(#shadow)"/>
<g transform="rotate(${tilt} 300 300)">${strokes}${shape.body(fill, dark)}<g clip-path="url(#body)"><rect width="600" height="600" fill="url(#shade)"/><ellipse cx="${lightX * 600}" cy="200" rx="120" ry="80" fill="url(#gloss)"/></g></g></g>
<rect width="600" height="600" fill="url(#light)"/><rect width="600" height="600" fill="url(#vignette)"/></svg>`;
}

/** A roughly normal value (mean 0, deviation 1): the sum of three uniform ones, scaled. */
const normal = (rng: Rng) => (rng.float() + rng.float() + rng.float() - 1.5) * 2;

/** A one-channel image from `value(x, y)` around mid-grey (128). */
function greyImage(side: number, value: (x: number, y: number) => number): sharp.Sharp {
  const pixels = Buffer.alloc(side * side);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) pixels[y * side + x] = Math.max(0, Math.min(255, Math.round(128 + value(x, y))));
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } });
}

/**
 * The grain tile: film grain over a fine linen weave (threads every 4 px both ways, each
 * thread a little lighter or darker than the next), the texture of a photo on a cloth backdrop.
 */
function grainTile(seed: string): sharp.Sharp {
  const rng = new Rng(`photo-grain:${seed}`);
  const threads = Array.from({ length: 2 * (GRAIN_TILE / 4) }, () => normal(rng) * WEAVE_CONTRAST);
  return greyImage(GRAIN_TILE, (x, y) => {
    const thread = (x + y) % 8 < 4 ? threads[x >> 2]! : threads[GRAIN_TILE / 4 + (y >> 2)]!;
    return thread + normal(rng) * GRAIN_SIGMA;
  });
}

/**
 * Mottling: uneven light and paper, two octaves of smooth value noise drawn at 1/8 scale
 * (cubic-scaled up, so it stays soft).
 */
function mottle(seed: string): sharp.Sharp {
  const rng = new Rng(`photo-mottle:${seed}`);
  const side = PHOTO_SIZE / 8;
  const octave = (cell: number, amplitude: number) => {
    const cells = Math.ceil(side / cell) + 2;
    const grid = Array.from({ length: cells * cells }, () => normal(rng) * amplitude);
    return (x: number, y: number) => {
      const gx = x / cell;
      const gy = y / cell;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      // Smoothstep weights: no creases at the cell edges.
      const fx = (gx - x0) ** 2 * (3 - 2 * (gx - x0));
      const fy = (gy - y0) ** 2 * (3 - 2 * (gy - y0));
      const at = (i: number, j: number) => grid[(y0 + j) * cells + x0 + i]!;
      return (at(0, 0) * (1 - fx) + at(1, 0) * fx) * (1 - fy) + (at(0, 1) * (1 - fx) + at(1, 1) * fx) * fy;
    };
  };
  const coarse = octave(20, MOTTLE_CONTRAST);
  const fine = octave(6, MOTTLE_CONTRAST / 3);
  return greyImage(side, (x, y) => coarse(x, y) + fine(x, y)).resize(PHOTO_SIZE, PHOTO_SIZE, { kernel: 'cubic' });
}

/** The original photo (JPEG, PHOTO_SIZE²): the scene, then the mottling (soft light) and the grain tile (overlay). */
export async function drawPhoto(spec: PhotoSpec): Promise<Buffer> {
  const [mottleLayer, grainLayer] = await Promise.all([mottle(spec.grain).png().toBuffer(), grainTile(spec.grain).png().toBuffer()]);
  return sharp(Buffer.from(sceneSvg(spec)))
    .composite([
      { input: mottleLayer, blend: 'soft-light' },
      { input: grainLayer, blend: 'overlay', tile: true },
    ])
    .removeAlpha()
    .jpeg(JPEG)
    .toBuffer();
}

/** The original scaled down to `width` px (JPEG). */
async function resizePhoto(original: Buffer, width: number): Promise<Buffer> {
  return sharp(original).resize(width).jpeg(JPEG).toBuffer();
}

/**
 * The photos by file name, drawn on first use. Concurrent requests for one copy share one
 * computation; a failed one is not kept (the next request tries again). The originals (one per
 * catalogue image, about 50 kB each) are all kept, sized copies up to MAX_SIZED_BYTES.
 */
export class PhotoStore {
  private readonly originals = new Map<string, Promise<Photo>>();
  private readonly sized = new Map<string, Promise<Photo>>();
  private sizedBytes = 0;

  /** `specOf(name)`: what the photo of that file name shows, undefined for no such photo. */
  constructor(private readonly specOf: (name: string) => PhotoSpec | undefined) {}

  /** The photo `name` at `width` px (the original at PHOTO_SIZE or more), or null when there is no such photo. */
  async photo(name: string, width: number): Promise<Photo | null> {
    const spec = this.specOf(name);
    if (!spec) return null;
    const original = this.original(name, spec);
    if (width >= PHOTO_SIZE) return original;
    const key = `${name}@${width}`;
    const held = this.sized.get(key);
    if (held) return held;
    const pending = original.then(async ({ bytes }) => encoded(await resizePhoto(bytes, width), width));
    // Past the bound (only widths no page asks for get there), copies are made per request.
    if (this.sizedBytes < MAX_SIZED_BYTES) {
      this.sized.set(key, pending);
      pending.then(
        (photo) => (this.sizedBytes += photo.bytes.length),
        () => this.sized.delete(key),
      );
    }
    return pending;
  }

  private original(name: string, spec: PhotoSpec): Promise<Photo> {
    let pending = this.originals.get(name);
    if (!pending) {
      pending = drawPhoto(spec).then((bytes) => encoded(bytes, PHOTO_SIZE));
      this.originals.set(name, pending);
      pending.catch(() => this.originals.delete(name));
    }
    return pending;
  }
}

/** A copy with its ETag. */
const encoded = (bytes: Buffer, width: number): Photo => ({ bytes, width, etag: strongEtag(bytes) });
