/**
 * The demo shop's data set: its shop row, products, reviews (with their photos) and lastUpdated,
 * built deterministically from a fixed seed so every engine and every test sees the same shop.
 * Rows carry explicit ids (review `n` has id `n`), so photo paths, which contain the review id,
 * are the same on SQLite and PostgreSQL.
 */
import { DEMO_SHOP_DOMAIN, DEMO_SHOP_ID } from '../lib/demoShop.ts';
import { Rng } from '../lib/prng.ts';
import { SANITIZER_VERSION, sanitizeReviewHtml } from '../lib/sanitizeReviewHtml.ts';
import { DEMO_STORED_SETTINGS } from '../provider/settings.ts';
import { getProduct, PRODUCTS, type Product } from '../shop/catalog.ts';

/** Seed facts tests may rely on. */
export const SEED_FACTS = {
  shopId: DEMO_SHOP_ID,
  shopDomain: DEMO_SHOP_DOMAIN,
  productCount: PRODUCTS.length,
  /** Products seeded with no reviews at all. */
  productsWithoutReviews: ['dotted-notebook', 'enamel-pin-set', 'gift-card'] as readonly string[],
  /** The product with many reviews, most with photos. */
  manyReviewsHandle: 'classic-cotton-tee',
  manyReviewsCount: 48,
  /** Products with more than one variant. */
  productWithVariants: 'classic-cotton-tee',
  seed: 20240115,
  /**
   * Review bodies overridden on `manyReviewsHandle` (index 5 and 6 of its reviews; counts,
   * stars and photos are unchanged). Both are English and among its newest reviews (1 and 2 days old).
   */
  htmlReviewBody: 'Lovely <b>soft</b> fabric.<br>What I like:<ul><li>the fit</li><li>the colour</li></ul>',
  /**
   * Stored raw on purpose (a "legacy import" that bypassed the store-time sanitizer): the
   * serving sanitizer must neutralise it.
   */
  hostileReviewBody:
    'Great tee!<img src=x onerror="alert(\'xss\')"><script>alert(1)</script> <a href="javascript:alert(2)" onclick="alert(3)">details</a>',
  /** Stored photo values look like `reviews/{reviewId}/{n}.svg` → served at `/api/photos/{reviewId}/{n}.svg`. */
  photoPrefix: 'reviews/',
  /**
   * Demo orders with review codes (the `orders` table): each code lets its customer write one
   * verified review of its product, at `/pages/review-order?code=…` (listed on `/pages/demo-orders`).
   */
  orders: [
    { code: 'VTR-1001-TEE', productHandle: 'classic-cotton-tee', customerName: 'Ana P.', customerEmail: 'ana.p@example.com' },
    { code: 'VTR-1002-MUG', productHandle: 'ceramic-mug', customerName: 'Jonas V.', customerEmail: 'jonas.v@example.com' },
    { code: 'VTR-1003-BAG', productHandle: 'canvas-tote-bag', customerName: 'Marta G.', customerEmail: null },
    { code: 'VTR-1004-PEN', productHandle: 'fountain-pen', customerName: null, customerEmail: null },
    { code: 'VTR-1005-TEE', productHandle: 'classic-cotton-tee', customerName: 'Kim L.', customerEmail: 'kim.l@example.com' },
    { code: 'VTR-1006-SCARF', productHandle: 'silk-scarf', customerName: 'Noor H.', customerEmail: 'noor.h@example.com' },
  ] as readonly { code: string; productHandle: string; customerName: string | null; customerEmail: string | null }[],
} as const;

const NAMES = [
  'Emma W.',
  'Liam K.',
  'Sofia R.',
  'Noah B.',
  'Lucía G.',
  'Daan de V.',
  'Olivia M.',
  'Mateo F.',
  'Sanne J.',
  'Ava T.',
  'Hugo P.',
  'Julia S.',
  'Pablo M.',
  'Femke B.',
  'Mia L.',
  'Lars H.',
  'Chloe D.',
  'Diego A.',
  'Isabel N.',
  'Ruben K.',
];

const TEXTS: Record<'en' | 'es' | 'nl', Record<'good' | 'mid' | 'bad', string[]>> = {
  en: {
    good: [
      'Absolutely love it. The quality is even better than I expected.',
      'Fast shipping and beautifully packaged. Would buy again!',
      'Exactly as pictured. I have already recommended it to two friends.',
      'Great value for money, <b>highly</b> recommended.',
      'Perfect gift, my sister was thrilled.',
    ],
    mid: [
      'Nice product, but delivery took a bit longer than expected.',
      'Good quality overall. The colour is slightly different from the photo.',
      'It does the job. Not amazing, not bad.',
    ],
    bad: [
      'Disappointed, it arrived damaged and I had to return it.',
      'Smaller than I thought and the finish is rough.',
      'Not worth the price in my opinion.',
    ],
  },
  es: {
    good: [
      'Me encanta, la calidad es excelente.',
      'Llegó rapidísimo y muy bien empaquetado. ¡Repetiré!',
      'Tal cual las fotos. Muy recomendable.',
    ],
    mid: ['Está bien, aunque el envío tardó un poco.', 'Buena calidad, pero el color es algo distinto.'],
    bad: ['Llegó dañado, una pena.', 'No vale lo que cuesta.'],
  },
  nl: {
    good: ['Heel blij mee, prachtige kwaliteit!', 'Snel geleverd en mooi verpakt. Aanrader.', 'Precies zoals op de foto.'],
    mid: ['Prima product, levering duurde wat langer.', 'Goede kwaliteit, kleur wijkt iets af.'],
    bad: ['Kwam beschadigd aan, jammer.', 'Te duur voor wat het is.'],
  },
};

const REPLIES: Record<'en' | 'es' | 'nl', string[]> = {
  en: [
    'Thank you so much for your kind words!',
    'We are sorry to hear that. Our team will contact you to make it right.',
    'Thanks for the feedback, we will pass it on to our makers.',
  ],
  es: ['¡Muchas gracias por tu reseña!', 'Lo sentimos mucho, te escribimos para solucionarlo.'],
  nl: ['Hartelijk dank voor je review!', 'Wat vervelend! We nemen contact met je op.'],
};

/** Number of reviews seeded for a product (deterministic). */
function reviewCountFor(handle: string, rng: Rng): number {
  if (SEED_FACTS.productsWithoutReviews.includes(handle)) return 0;
  if (handle === SEED_FACTS.manyReviewsHandle) return SEED_FACTS.manyReviewsCount;
  return rng.int(6, 15);
}

const DAY_MS = 86400000;
/** Reviews are dated up to two years back. */
const REVIEW_SPAN_MS = 730 * DAY_MS;

/** A `reviews` row as the seed inserts it. */
interface SeedReview {
  id: number;
  shop_id: string;
  product_id: number;
  product_handle: string;
  type: 'order_review' | 'product_review';
  name: string;
  email: string;
  stars: number;
  body_html: string;
  verified: 0 | 1;
  reply_html: string | null;
  reply_at: string | null;
  hidden: 0 | 1;
  locale: keyof typeof REPLIES;
  created_at: string;
  html_version: number;
}

/**
 * Review `index` of `product`. Every value comes from `rng`, in a fixed order: reordering the
 * calls (here or in photoCount) changes the whole demo data set.
 */
function seedReview(rng: Rng, product: Product, index: number, nowMs: number, id: number): SeedReview {
  const many = product.handle === SEED_FACTS.manyReviewsHandle;
  // Guarantee every star value appears for the big product; otherwise skew positive.
  const stars = many && index < 5 ? 5 - index : rng.weighted([5, 4, 3, 2, 1], [55, 25, 10, 5, 5]);
  const locale = rng.weighted(['en', 'es', 'nl'] as const, [60, 25, 15]);
  const mood = stars >= 4 ? 'good' : stars === 3 ? 'mid' : 'bad';
  const body = rng.pick(TEXTS[locale][mood]);
  const name = rng.pick(NAMES);
  const created = new Date(nowMs - Math.floor(rng.float() * REVIEW_SPAN_MS));
  const hasReply = rng.chance(0.2);
  const replyAt = hasReply ? new Date(Math.min(nowMs, created.getTime() + rng.int(1, 10) * DAY_MS)) : null;
  let bodyHtml = sanitizeReviewHtml(body);
  let createdAt = created.toISOString();
  let reviewLocale: keyof typeof REPLIES = locale;
  // The hostile body is a "legacy import": stored raw (html_version 0), cleaned when served.
  const hostile = many && index === 6;
  if (many && (index === 5 || index === 6)) {
    reviewLocale = 'en';
    bodyHtml = index === 5 ? sanitizeReviewHtml(SEED_FACTS.htmlReviewBody) : SEED_FACTS.hostileReviewBody;
    createdAt = new Date(nowMs - (index - 4) * DAY_MS).toISOString();
  }
  return {
    id,
    shop_id: DEMO_SHOP_ID,
    product_id: product.id,
    product_handle: product.handle,
    type: rng.chance(0.15) ? 'order_review' : 'product_review',
    name,
    email: `${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')
      .replace(/\.+$/, '')}@example.com`,
    stars,
    body_html: bodyHtml,
    verified: rng.chance(0.6) ? 1 : 0,
    reply_html: hasReply ? sanitizeReviewHtml(rng.pick(REPLIES[reviewLocale])) : null,
    reply_at: replyAt ? new Date(Math.max(replyAt.getTime(), Date.parse(createdAt))).toISOString() : null,
    hidden: !many && index === 0 && rng.chance(0.15) ? 1 : 0,
    locale: reviewLocale,
    created_at: createdAt,
    html_version: hostile ? 0 : SANITIZER_VERSION,
  };
}

/** Photos of a seeded review: most of the big product's reviews have 1–5, a quarter of the others 1–3. */
function photoCount(rng: Rng, product: Product): number {
  if (product.handle === SEED_FACTS.manyReviewsHandle) return rng.chance(0.6) ? rng.int(1, 5) : 0;
  return rng.chance(0.25) ? rng.int(1, 3) : 0;
}

/** The demo shop's rows, ready to insert (see the module comment). */
export interface DemoData {
  shop: { id: string; domain: string; settings_json: string; created_at: string };
  products: { shop_id: string; product_id: number; handle: string; title: string; image_url: string | null }[];
  reviews: SeedReview[];
  photos: { id: number; review_id: number; url: string; position: number }[];
  orders: DemoOrderRow[];
  lastUpdated: number;
}

/** An `orders` row as the seed inserts it. */
type DemoOrderRow = {
  shop_id: string;
  code: string;
  product_handle: string;
  product_id: number;
  customer_name: string | null;
  customer_email: string | null;
  created_at: string;
};

/**
 * The demo shop's stored settings with the offer card, for a demo shop seeded before it existed:
 * module 47 added and the demo offer, when the settings have no `offer` section at all (an owner's
 * own section, even an empty one, is kept). Null when there is nothing to change.
 */
export function demoSettingsWithOffer(settingsJson: string): string | null {
  let stored: unknown;
  try {
    stored = JSON.parse(settingsJson);
  } catch {
    return null;
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored) || 'offer' in stored) return null;
  const settings = stored as Record<string, unknown>;
  const modules = Array.isArray(settings.modules) ? settings.modules : [24, 21, 30, 12];
  return JSON.stringify({
    ...settings,
    modules: modules.includes(47) ? modules : [...modules, 47],
    offer: DEMO_STORED_SETTINGS.offer,
  });
}

/**
 * The demo catalogue's image of each product (`products.image_url`: its first image, null without
 * one). A store seeded before the catalogue's images moved (SVGs under `/images/products/`, then
 * photos on the CDN's paths) gets them at start, as a provider syncing the shop's products would.
 */
export function demoProductImages(): { handle: string; image_url: string | null }[] {
  return PRODUCTS.map(({ product }) => ({ handle: product.handle, image_url: product.featured_image }));
}

/** The demo orders (SEED_FACTS.orders), placed one day apart before `now`. */
export function buildDemoOrders(now: Date = new Date()): DemoOrderRow[] {
  return SEED_FACTS.orders.map((order, index) => ({
    shop_id: DEMO_SHOP_ID,
    code: order.code,
    product_handle: order.productHandle,
    product_id: getProduct(order.productHandle)!.product.id,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    created_at: new Date(now.getTime() - (index + 1) * DAY_MS).toISOString(),
  }));
}

/**
 * Builds the demo shop's data set for `now`. Every value comes from one seeded generator, in a
 * fixed order: reordering the calls changes the whole data set (and the tests that count on it).
 */
export function buildDemoData(now: Date = new Date()): DemoData {
  const data: DemoData = {
    shop: {
      id: DEMO_SHOP_ID,
      domain: DEMO_SHOP_DOMAIN,
      settings_json: JSON.stringify(DEMO_STORED_SETTINGS),
      created_at: now.toISOString(),
    },
    products: [],
    reviews: [],
    photos: [],
    orders: buildDemoOrders(now),
    lastUpdated: Math.floor(now.getTime() / 1000),
  };
  const rng = new Rng(SEED_FACTS.seed);
  let photoNumber = 0;
  const nowMs = now.getTime();
  for (const { product } of PRODUCTS) {
    data.products.push({
      shop_id: DEMO_SHOP_ID,
      product_id: product.id,
      handle: product.handle,
      title: product.title,
      image_url: product.featured_image,
    });
    const count = reviewCountFor(product.handle, rng);
    for (let index = 0; index < count; index++) {
      const reviewId = data.reviews.length + 1;
      data.reviews.push(seedReview(rng, product, index, nowMs, reviewId));
      const photos = photoCount(rng, product);
      for (let position = 0; position < photos; position++) {
        photoNumber++;
        data.photos.push({
          id: photoNumber,
          review_id: reviewId,
          url: `${SEED_FACTS.photoPrefix}${reviewId}/${photoNumber}.svg`,
          position,
        });
      }
    }
  }
  return data;
}
