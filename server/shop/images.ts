import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMMUTABLE } from '../lib/caching.ts';
import { hashString, Rng } from '../lib/prng.ts';
import { getProduct, NAMED_COLORS, type Product, type ShapeKind } from './catalog.ts';

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;
}

/** Each product shape as SVG, in the product's fill and a dark outline colour. */
const SHAPES: Record<ShapeKind, (fill: string, dark: string) => string> = {
  tee: (fill, dark) =>
    `<path d="M200 150l70-40h60l70 40 60 90-70 40-20-30v200H180V260l-20 30-70-40z" fill="${fill}" stroke="${dark}" stroke-width="6" stroke-linejoin="round"/><path d="M270 110q30 40 60 0" fill="none" stroke="${dark}" stroke-width="6"/>`,
  bag: (fill, dark) =>
    `<path d="M230 230v-40a70 70 0 0 1 140 0v40" fill="none" stroke="${dark}" stroke-width="14"/><rect x="170" y="220" width="260" height="240" rx="24" fill="${fill}" stroke="${dark}" stroke-width="6"/>`,
  mug: (fill, dark) =>
    `<path d="M390 250h30a50 50 0 0 1 0 100h-30" fill="none" stroke="${dark}" stroke-width="16"/><rect x="180" y="200" width="220" height="240" rx="30" fill="${fill}" stroke="${dark}" stroke-width="6"/>`,
  vase: (fill, dark) =>
    `<path d="M260 130h80v50c70 40 90 120 60 200-15 40-45 70-100 70s-85-30-100-70c-30-80-10-160 60-200z" fill="${fill}" stroke="${dark}" stroke-width="6"/>`,
  circle: (fill, dark) =>
    `<circle cx="300" cy="300" r="150" fill="${fill}" stroke="${dark}" stroke-width="6"/><circle cx="300" cy="300" r="60" fill="${dark}" opacity=".35"/>`,
  box: (fill, dark) =>
    `<rect x="160" y="180" width="280" height="240" rx="18" fill="${fill}" stroke="${dark}" stroke-width="6"/><path d="M160 260h280" stroke="${dark}" stroke-width="6" opacity=".5"/>`,
  drop: (fill, dark) =>
    `<path d="M300 130c70 100 130 170 130 240a130 130 0 0 1-260 0c0-70 60-140 130-240z" fill="${fill}" stroke="${dark}" stroke-width="6"/>`,
  star: (fill, dark) =>
    `<path d="M300 140l45 100 110 10-83 73 25 107-97-57-97 57 25-107-83-73 110-10z" fill="${fill}" stroke="${dark}" stroke-width="6" stroke-linejoin="round"/>`,
};

/** Product (or variant) image: pastel background, product shape, subtle circles. Always < 2 kB. */
function productSvg(hue: number, shape: ShapeKind, colour?: string): string {
  const rng = new Rng(hue * 31 + shape.length);
  const background = hsl(hue, 45, 92);
  const accent = hsl(hue + 30, 55, 82);
  const fill = colour ?? hsl(hue, 55, 55);
  const dark = hsl(hue, 40, 25);
  const topCircle = `<circle cx="${rng.int(60, 160)}" cy="${rng.int(60, 160)}" r="${rng.int(40, 90)}" fill="${accent}"/>`;
  const bottomCircle = `<circle cx="${rng.int(440, 540)}" cy="${rng.int(440, 540)}" r="${rng.int(50, 110)}" fill="${accent}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="${background}"/>${topCircle}${bottomCircle}${SHAPES[shape](fill, dark)}</svg>`;
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

function slugColour(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The shop's icon: browsers ask for one on every first visit (a 404 would show in the console). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#121212"/><path d="M8 9h4l4 11 4-11h4l-6 15h-4z" fill="#fff"/></svg>';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

/** The fill of a variant image: the named colour of an option value slug, else a hue from its hash; 404 (null) when no option has the value. */
function variantColour(product: Product, valueSlug: string): string | null {
  const hasValue = product.options_with_values.some((option) => option.values.some((value) => slugColour(value) === valueSlug));
  if (!hasValue) return null;
  return NAMED_COLORS[valueSlug] ?? `hsl(${hashString(valueSlug) % 360} 50% 50%)`;
}

/** The favicon, generated product and variant images (`{handle}[--{option value}].svg`) and the demo's review photos. */
export function registerImages(app: FastifyInstance): void {
  const svg = 'image/svg+xml';
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    app.get(path, async (_request, reply) => reply.type(svg).header('cache-control', 'public, max-age=86400').send(FAVICON));
  }
  app.get<{ Params: { file: string } }>('/images/products/:file', async (request, reply) => {
    const [, handle, valueSlug] = /^([a-z0-9-]+?)(?:--([a-z0-9-]+))?\.svg$/.exec(request.params.file) ?? [];
    const entry = handle ? getProduct(handle) : undefined;
    if (!entry) return notFound(reply);
    let colour: string | undefined;
    if (valueSlug) {
      const found = variantColour(entry.product, valueSlug);
      if (found === null) return notFound(reply);
      colour = found;
    }
    return reply
      .type(svg)
      .header('cache-control', IMMUTABLE)
      .send(productSvg(entry.spec.hue, entry.spec.shape, colour));
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
