/**
 * The demo shop catalogue: deterministic, in code. Prices are in cents.
 * Shapes follow Shopify's Liquid `{{ product | json }}` / `/products/{handle}.js`.
 * Images are the generated photos of productPhotos.ts, at the platform CDN's paths
 * (`/cdn/shop/files/{name}.jpg?v=…`, served by images.ts).
 */
import { hashString } from '../lib/prng.ts';
import { cdnFilePath } from './media.ts';
import { PHOTO_SIZE, PHOTO_STYLE, type PhotoSpec } from './productPhotos.ts';

interface OptionSpec {
  name: string;
  values: string[];
}

interface ProductSpec {
  handle: string;
  title: string;
  type: string;
  vendor: string;
  tags: string[];
  price: number;
  compareAt?: number;
  options?: OptionSpec[];
  /** Per-variant price overrides keyed by variant title. */
  variantPrices?: Record<string, number>;
  /** Variant titles that are sold out (inventory 0, policy deny). */
  soldOut?: string[] | 'all';
  /** Pre-order: inventory 0 with policy continue. */
  preorder?: boolean;
  /** No inventory tracking (inventory_management null). */
  untracked?: boolean;
  /** The option (by name) whose values pick per-variant images. */
  imageOption?: string;
  /**
   * Not photographed yet: no images at all, as shops list such products (Dawn shows a text card
   * and the product page without media). Its product page is the demo's page where our product
   * stars line is the largest paint (README: "The demo's product photos and the largest paint").
   */
  noImages?: boolean;
  collections: string[];
  description: string;
  hue: number;
  shape: ShapeKind;
}

/** The drawing of a product's generated photo. */
export type ShapeKind = 'tee' | 'bag' | 'mug' | 'vase' | 'circle' | 'box' | 'drop' | 'star';

/** A variant as the platform's product JSON has it. */
export interface Variant {
  id: number;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  options: string[];
  sku: string;
  requires_shipping: boolean;
  taxable: boolean;
  featured_image: ProductImage | null;
  available: boolean;
  name: string;
  public_title: string | null;
  price: number;
  weight: number;
  compare_at_price: number | null;
  inventory_quantity: number;
  inventory_management: string | null;
  inventory_policy: 'deny' | 'continue';
  barcode: string;
  requires_selling_plan: boolean;
  selling_plan_allocations: unknown[];
}

/** An image as the platform's product JSON has it (`src`: the CDN path, without a host). */
interface ProductImage {
  id: number;
  product_id: number;
  position: number;
  created_at: string;
  updated_at: string;
  alt: string;
  width: number;
  height: number;
  src: string;
  variant_ids: number[];
}

/** A product as the platform's product JSON (`/products/{handle}.js`) has it. */
export interface Product {
  id: number;
  title: string;
  handle: string;
  description: string;
  published_at: string;
  created_at: string;
  vendor: string;
  type: string;
  tags: string[];
  price: number;
  price_min: number;
  price_max: number;
  available: boolean;
  price_varies: boolean;
  compare_at_price: number | null;
  compare_at_price_min: number;
  compare_at_price_max: number;
  compare_at_price_varies: boolean;
  variants: Variant[];
  images: string[];
  /** Null for a product without images (`images` and `media` are then empty). */
  featured_image: string | null;
  options: string[];
  options_with_values: { name: string; position: number; values: string[] }[];
  media: {
    alt: string;
    id: number;
    position: number;
    preview_image: { aspect_ratio: number; height: number; width: number; src: string };
    aspect_ratio: number;
    height: number;
    media_type: 'image';
    src: string;
    width: number;
  }[];
  requires_selling_plan: boolean;
  selling_plan_groups: unknown[];
  url: string;
  gift_card: boolean;
  /** Not part of Shopify's JSON: catalogue helpers. */
  collection_ids: number[];
}

/** A catalogue entry: the product JSON and what it was built from. */
export interface CatalogProduct {
  product: Product;
  spec: ProductSpec;
  /** Position in "manual" order. */
  index: number;
  /** Lower = sells better. */
  bestSellingRank: number;
}

/** A collection and its products (handles, in manual order). */
export interface Collection {
  id: number;
  handle: string;
  title: string;
  description: string;
  productHandles: string[];
}

/** Colour names used by option values, for variant photos. */
const NAMED_COLORS: Record<string, string> = {
  black: '#222831',
  white: '#eef0f2',
  navy: '#1f3a68',
  grey: '#8a8f98',
  forest: '#2f5d3a',
  clay: '#b86b4b',
  mustard: '#d4a017',
  charcoal: '#3b3f45',
  rust: '#a4462b',
  tan: '#c19a6b',
  sand: '#d8c3a5',
  sage: '#9caf88',
  ink: '#23395d',
  sky: '#8ec5e8',
  olive: '#6b7339',
  tortoise: '#7b4a2a',
};

const SIZES: OptionSpec = { name: 'Size', values: ['S', 'M', 'L', 'XL'] };

const SPECS: ProductSpec[] = [
  {
    handle: 'classic-cotton-tee',
    title: 'Classic Cotton Tee',
    type: 'T-Shirts',
    vendor: 'Vitrine Basics',
    tags: ['cotton', 'bestseller'],
    price: 2400,
    options: [SIZES, { name: 'Color', values: ['Black', 'White', 'Navy'] }],
    soldOut: ['XL / Navy'],
    imageOption: 'Color',
    collections: ['frontpage', 'apparel'],
    description: 'A heavyweight organic cotton tee with a relaxed fit. Pre-shrunk, garment dyed and made to last.',
    hue: 215,
    shape: 'tee',
  },
  {
    handle: 'linen-button-shirt',
    title: 'Linen Button Shirt',
    type: 'Shirts',
    vendor: 'Vitrine Basics',
    tags: ['linen', 'summer'],
    price: 5800,
    compareAt: 7200,
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    collections: ['frontpage', 'apparel', 'sale'],
    description: 'Breathable European linen shirt with mother-of-pearl buttons.',
    hue: 35,
    shape: 'tee',
  },
  {
    handle: 'everyday-hoodie',
    title: 'Everyday Hoodie',
    type: 'Sweatshirts',
    vendor: 'Vitrine Basics',
    tags: ['fleece'],
    price: 6400,
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Color', values: ['Grey', 'Forest', 'Clay'] },
    ],
    imageOption: 'Color',
    collections: ['frontpage', 'apparel'],
    description: 'Brushed-back fleece hoodie with a double-layer hood and kangaroo pocket.',
    hue: 140,
    shape: 'tee',
  },
  {
    handle: 'wool-beanie',
    title: 'Wool Beanie',
    type: 'Hats',
    vendor: 'North Loom',
    tags: ['wool', 'winter'],
    price: 2800,
    options: [{ name: 'Color', values: ['Mustard', 'Charcoal', 'Rust'] }],
    imageOption: 'Color',
    collections: ['apparel', 'accessories'],
    description: 'A ribbed merino beanie that keeps its shape all winter.',
    hue: 45,
    shape: 'drop',
  },
  {
    handle: 'canvas-tote-bag',
    title: 'Canvas Tote Bag',
    type: 'Bags',
    vendor: 'Harbor Goods',
    tags: ['canvas'],
    price: 3200,
    compareAt: 4000,
    collections: ['frontpage', 'accessories', 'sale'],
    description: 'Heavy canvas tote with an inside pocket and reinforced handles.',
    hue: 28,
    shape: 'bag',
  },
  {
    handle: 'leather-card-holder',
    title: 'Leather Card Holder',
    type: 'Wallets',
    vendor: 'Harbor Goods',
    tags: ['leather'],
    price: 4500,
    options: [{ name: 'Color', values: ['Tan', 'Black'] }],
    imageOption: 'Color',
    collections: ['accessories'],
    description: 'Slim vegetable-tanned leather card holder with four slots.',
    hue: 20,
    shape: 'box',
  },
  {
    handle: 'ceramic-mug',
    title: 'Ceramic Mug',
    type: 'Kitchen',
    vendor: 'Kiln & Co',
    tags: ['ceramic', 'kitchen'],
    price: 1800,
    options: [{ name: 'Color', values: ['Sand', 'Sage', 'Ink'] }],
    imageOption: 'Color',
    collections: ['frontpage', 'home-living'],
    description: 'Hand-glazed stoneware mug, 350 ml. Dishwasher safe.',
    hue: 95,
    shape: 'mug',
  },
  {
    handle: 'stoneware-vase',
    title: 'Stoneware Vase',
    type: 'Decor',
    vendor: 'Kiln & Co',
    tags: ['ceramic', 'decor'],
    price: 5400,
    compareAt: 6800,
    collections: ['frontpage', 'home-living', 'sale'],
    description: 'A wheel-thrown vase with a matte speckled glaze.',
    hue: 190,
    shape: 'vase',
  },
  {
    handle: 'scented-candle',
    title: 'Scented Candle',
    type: 'Candles',
    vendor: 'Lumen House',
    tags: ['candle', 'gift'],
    price: 2600,
    options: [{ name: 'Scent', values: ['Cedar', 'Fig', 'Sea Salt'] }],
    collections: ['frontpage', 'home-living'],
    description: 'Soy wax candle with a cotton wick. Burns for about 45 hours.',
    hue: 300,
    shape: 'circle',
  },
  {
    handle: 'linen-throw-pillow',
    title: 'Linen Throw Pillow',
    type: 'Textiles',
    vendor: 'North Loom',
    tags: ['linen'],
    price: 3900,
    collections: ['home-living'],
    description: 'Stonewashed linen cushion cover with a feather insert.',
    hue: 10,
    shape: 'box',
  },
  {
    handle: 'wool-blanket',
    title: 'Wool Blanket',
    type: 'Textiles',
    vendor: 'North Loom',
    tags: ['wool', 'winter'],
    price: 12800,
    compareAt: 15000,
    collections: ['home-living', 'sale'],
    description: 'A generous woven blanket in lambswool, 130 x 180 cm.',
    hue: 0,
    shape: 'box',
  },
  {
    handle: 'bamboo-cutting-board',
    title: 'Bamboo Cutting Board',
    type: 'Kitchen',
    vendor: 'Harbor Goods',
    tags: ['kitchen'],
    price: 3400,
    collections: ['home-living'],
    description: 'Solid bamboo board with a juice groove.',
    hue: 60,
    shape: 'box',
  },
  {
    handle: 'glass-water-bottle',
    title: 'Glass Water Bottle',
    type: 'Drinkware',
    vendor: 'Harbor Goods',
    tags: ['glass'],
    price: 2900,
    options: [{ name: 'Size', values: ['500 ml', '750 ml'] }],
    variantPrices: { '750 ml': 3400 },
    collections: ['accessories'],
    description: 'Borosilicate glass bottle with a protective silicone sleeve.',
    hue: 175,
    shape: 'drop',
  },
  {
    handle: 'running-socks',
    title: 'Running Socks (3 Pack)',
    type: 'Socks',
    vendor: 'Vitrine Basics',
    tags: ['sport'],
    price: 1400,
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    collections: ['apparel'],
    description: 'Cushioned technical socks that wick moisture on long runs.',
    hue: 250,
    shape: 'drop',
  },
  {
    handle: 'rain-jacket',
    title: 'Rain Jacket',
    type: 'Outerwear',
    vendor: 'North Loom',
    tags: ['outerwear', 'waterproof'],
    price: 11800,
    compareAt: 14000,
    options: [SIZES],
    soldOut: ['XL'],
    collections: ['apparel', 'sale'],
    description: 'A fully seam-sealed waterproof shell with a packable hood.',
    hue: 200,
    shape: 'tee',
  },
  {
    handle: 'denim-cap',
    title: 'Denim Cap',
    type: 'Hats',
    vendor: 'Vitrine Basics',
    tags: ['denim'],
    price: 2200,
    collections: ['accessories'],
    description: 'Six-panel cap in washed selvedge denim.',
    hue: 220,
    shape: 'drop',
  },
  {
    handle: 'classic-sunglasses',
    title: 'Classic Sunglasses',
    type: 'Eyewear',
    vendor: 'Lumen House',
    tags: ['summer'],
    price: 8500,
    options: [{ name: 'Color', values: ['Tortoise', 'Black'] }],
    imageOption: 'Color',
    collections: ['frontpage', 'accessories'],
    description: 'Acetate frames with polarised, UV400 lenses.',
    hue: 30,
    shape: 'circle',
  },
  {
    handle: 'dotted-notebook',
    title: 'Dotted Notebook',
    type: 'Stationery',
    vendor: 'Paper Trail',
    tags: ['paper'],
    price: 1600,
    collections: ['accessories'],
    description: 'A5 notebook, 160 pages of 100 gsm dotted paper.',
    hue: 340,
    shape: 'box',
  },
  {
    handle: 'fountain-pen',
    title: 'Fountain Pen',
    type: 'Stationery',
    vendor: 'Paper Trail',
    tags: ['paper', 'gift'],
    price: 4800,
    soldOut: 'all',
    noImages: true,
    collections: ['accessories'],
    description: 'Brass fountain pen with a fine steel nib.',
    hue: 50,
    shape: 'star',
  },
  {
    handle: 'desk-plant-pot',
    title: 'Desk Plant Pot',
    type: 'Decor',
    vendor: 'Kiln & Co',
    tags: ['ceramic', 'plants'],
    price: 2100,
    collections: ['home-living'],
    description: 'Small terracotta pot with a drainage saucer.',
    hue: 15,
    shape: 'vase',
  },
  {
    handle: 'cotton-bath-towel',
    title: 'Cotton Bath Towel',
    type: 'Textiles',
    vendor: 'North Loom',
    tags: ['cotton', 'bath'],
    price: 3600,
    options: [{ name: 'Color', values: ['White', 'Sky', 'Olive'] }],
    imageOption: 'Color',
    collections: ['home-living'],
    description: 'Thick Turkish cotton towel, 70 x 140 cm.',
    hue: 185,
    shape: 'box',
  },
  {
    handle: 'soy-soap-bar',
    title: 'Soy Soap Bar',
    type: 'Bath',
    vendor: 'Lumen House',
    tags: ['bath', 'gift'],
    price: 900,
    collections: ['home-living'],
    description: 'Cold-processed soap bar with shea butter and lavender.',
    hue: 275,
    shape: 'circle',
  },
  {
    handle: 'travel-backpack',
    title: 'Travel Backpack',
    type: 'Bags',
    vendor: 'Harbor Goods',
    tags: ['travel'],
    price: 13500,
    compareAt: 16000,
    options: [{ name: 'Color', values: ['Black', 'Olive'] }],
    imageOption: 'Color',
    collections: ['accessories', 'sale'],
    description: 'A 28 litre carry-on backpack with a padded laptop sleeve.',
    hue: 110,
    shape: 'bag',
  },
  {
    handle: 'minimal-wall-clock',
    title: 'Minimal Wall Clock',
    type: 'Decor',
    vendor: 'Lumen House',
    tags: ['decor'],
    price: 5900,
    collections: ['home-living'],
    description: 'Silent sweep wall clock in powder-coated steel, 30 cm.',
    hue: 230,
    shape: 'circle',
  },
  {
    handle: 'enamel-pin-set',
    title: 'Enamel Pin Set',
    type: 'Accessories',
    vendor: 'Paper Trail',
    tags: ['gift'],
    price: 1200,
    collections: ['accessories'],
    description: 'Three hard enamel pins with butterfly clutches.',
    hue: 330,
    shape: 'star',
  },
  {
    handle: 'silk-scarf',
    title: 'Silk Scarf',
    type: 'Accessories',
    vendor: 'North Loom',
    tags: ['silk', 'gift'],
    price: 6900,
    compareAt: 8900,
    collections: ['accessories', 'sale'],
    description: 'A hand-rolled silk twill scarf, 90 x 90 cm.',
    hue: 350,
    shape: 'drop',
  },
  {
    handle: 'gift-card',
    title: 'Gift Card',
    type: 'Gift Card',
    vendor: 'Vitrine Demo',
    tags: ['gift'],
    price: 2500,
    options: [{ name: 'Denominations', values: ['$25', '$50', '$100'] }],
    variantPrices: { $50: 5000, $100: 10000 },
    untracked: true,
    collections: ['accessories'],
    description: 'Give the gift of choice. Delivered by email.',
    hue: 160,
    shape: 'star',
  },
  {
    handle: 'trail-sneakers',
    title: 'Trail Sneakers (Pre-order)',
    type: 'Shoes',
    vendor: 'North Loom',
    tags: ['preorder', 'shoes'],
    price: 9900,
    options: [{ name: 'Size', values: ['40', '41', '42', '43', '44'] }],
    preorder: true,
    collections: ['apparel'],
    description: 'Grippy trail runners, shipping next month. Order now to reserve a pair.',
    hue: 125,
    shape: 'drop',
  },
];

const COLLECTION_DEFS: Omit<Collection, 'productHandles'>[] = [
  { id: 470000001, handle: 'all', title: 'Products', description: 'Everything in the shop.' },
  { id: 470000002, handle: 'frontpage', title: 'Featured products', description: 'Our favourite pieces this season.' },
  { id: 470000003, handle: 'apparel', title: 'Apparel', description: 'Everyday clothing made to last.' },
  { id: 470000004, handle: 'accessories', title: 'Accessories', description: 'Small things that make a difference.' },
  { id: 470000005, handle: 'home-living', title: 'Home & Living', description: 'Objects for a calm home.' },
  { id: 470000006, handle: 'sale', title: 'Sale', description: 'Limited time reductions.' },
];

/** Best-selling order (handles), the rest follow in manual order. */
const BEST_SELLERS = [
  'classic-cotton-tee',
  'ceramic-mug',
  'canvas-tote-bag',
  'everyday-hoodie',
  'scented-candle',
  'rain-jacket',
  'wool-beanie',
  'travel-backpack',
];

const PRODUCT_ID_BASE = 7000000000000;
const VARIANT_ID_BASE = 42000000000000;
/** Fixed catalogue date so JSON is deterministic. */
const CATALOG_EPOCH = Date.UTC(2024, 0, 15, 12, 0, 0);

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One photo of a product: its file name (`{handle}` or `{handle}-{option value}`), alt text and drawing. */
interface PhotoEntry {
  name: string;
  alt: string;
  photo: PhotoSpec;
}

/** The fill of an option value's photo: its named colour, else a hue from its name. */
function valueColour(value: string): string {
  const key = slug(value);
  return NAMED_COLORS[key] ?? `hsl(${hashString(key) % 360} 50% 50%)`;
}

/** The product's photos: the main one, then one per value of the image option; none for `noImages`. */
function photoEntries(spec: ProductSpec, imageOption: OptionSpec | null): PhotoEntry[] {
  if (spec.noImages) return [];
  const photo = (name: string, colour: string | null): PhotoSpec => ({
    shape: spec.shape,
    hue: spec.hue,
    colour,
    scene: spec.handle,
    grain: name,
  });
  return [
    { name: spec.handle, alt: spec.title, photo: photo(spec.handle, null) },
    ...(imageOption?.values ?? []).map((value) => {
      const name = `${spec.handle}-${slug(value)}`;
      return { name, alt: `${spec.title} in ${value}`, photo: photo(name, valueColour(value)) };
    }),
  ];
}

/** The CDN path of a photo; its `v` changes with the drawing, as the platform's changes with the file. */
function photoPath(entry: PhotoEntry): string {
  const { shape, hue, colour } = entry.photo;
  return cdnFilePath(`${entry.name}.jpg`, hashString(`${PHOTO_STYLE}|${entry.name}|${shape}|${hue}|${colour}`));
}

/** The option whose values have photos of their own (`imageOption`), if any. */
function imageOptionOf(spec: ProductSpec): OptionSpec | null {
  return spec.options?.find((option) => option.name === spec.imageOption) ?? null;
}

/** Every combination of option values, in option order (`S / Black`, `S / White`, …). */
function cartesian(options: OptionSpec[]): string[][] {
  let combinations: string[][] = [[]];
  for (const option of options) combinations = combinations.flatMap((prefix) => option.values.map((value) => [...prefix, value]));
  return combinations;
}

/** The product's images (photoEntries), and those of the image option's values by value. */
function productImages(spec: ProductSpec, productId: number, date: string, imageOption: OptionSpec | null) {
  const images: ProductImage[] = photoEntries(spec, imageOption).map((entry, index) => ({
    id: productId * 10 + index + 1,
    product_id: productId,
    position: index + 1,
    created_at: date,
    updated_at: date,
    alt: entry.alt,
    width: PHOTO_SIZE,
    height: PHOTO_SIZE,
    src: photoPath(entry),
    variant_ids: [],
  }));
  // The images after the first are the option values', in value order.
  const byValue = new Map<string, ProductImage>();
  imageOption?.values.forEach((value, index) => {
    const image = images[index + 1];
    if (image) byValue.set(value, image);
  });
  return { images, byValue };
}

/** Variant `variantIndex` (its option `values`) of product `productIndex`: stock, policy and price from the spec. */
function buildVariant(
  spec: ProductSpec,
  productIndex: number,
  values: string[],
  variantIndex: number,
  image: ProductImage | null,
): Variant {
  const title = values.join(' / ');
  const soldOut = spec.soldOut === 'all' || (spec.soldOut ?? []).includes(title);
  const managed = !spec.untracked;
  const quantity = spec.preorder || soldOut ? 0 : managed ? 5 + ((productIndex * 7 + variantIndex * 13) % 40) : 0;
  const policy: 'deny' | 'continue' = spec.preorder ? 'continue' : 'deny';
  const isDefault = title === 'Default Title';
  return {
    id: VARIANT_ID_BASE + (productIndex + 1) * 100 + variantIndex + 1,
    title,
    option1: values[0] ?? null,
    option2: values[1] ?? null,
    option3: values[2] ?? null,
    options: values,
    sku: `VT-${String(productIndex + 1).padStart(3, '0')}-${String(variantIndex + 1).padStart(2, '0')}`,
    requires_shipping: spec.type !== 'Gift Card',
    taxable: true,
    featured_image: image,
    available: !managed || policy === 'continue' || quantity > 0,
    name: isDefault ? spec.title : `${spec.title} - ${title}`,
    public_title: isDefault ? null : title,
    price: spec.variantPrices?.[title] ?? spec.price,
    weight: 300,
    compare_at_price: spec.compareAt ?? null,
    inventory_quantity: quantity,
    inventory_management: managed ? 'shopify' : null,
    inventory_policy: policy,
    barcode: '',
    requires_selling_plan: false,
    selling_plan_allocations: [],
  };
}

/** The platform's `media` entries of the images. */
function productMedia(images: ProductImage[]): Product['media'] {
  return images.map((image) => ({
    alt: image.alt,
    id: image.id + 500,
    position: image.position,
    preview_image: { aspect_ratio: 1, height: image.height, width: image.width, src: image.src },
    aspect_ratio: 1,
    height: image.height,
    media_type: 'image' as const,
    src: image.src,
    width: image.width,
  }));
}

/** Product `index` of the catalogue, built from its spec. */
function buildProduct(spec: ProductSpec, index: number): Product {
  const id = PRODUCT_ID_BASE + (index + 1) * 1000;
  const date = new Date(CATALOG_EPOCH + index * 86400000 * 7).toISOString();
  const options = spec.options ?? [{ name: 'Title', values: ['Default Title'] }];
  const imageOptionIndex = spec.imageOption ? options.findIndex((option) => option.name === spec.imageOption) : -1;
  const { images, byValue } = productImages(spec, id, date, imageOptionOf(spec));
  const variants = cartesian(options).map((values, variantIndex) => {
    const image = imageOptionIndex >= 0 ? (byValue.get(values[imageOptionIndex]!) ?? null) : null;
    const variant = buildVariant(spec, index, values, variantIndex, image);
    if (image) image.variant_ids.push(variant.id);
    return variant;
  });
  const prices = variants.map((variant) => variant.price);
  const compareAtPrices = variants.map((variant) => variant.compare_at_price ?? 0);
  return {
    id,
    title: spec.title,
    handle: spec.handle,
    description: `<p>${spec.description}</p>`,
    published_at: date,
    created_at: date,
    vendor: spec.vendor,
    type: spec.type,
    tags: spec.tags,
    price: Math.min(...prices),
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    available: variants.some((variant) => variant.available),
    price_varies: Math.min(...prices) !== Math.max(...prices),
    compare_at_price: spec.compareAt ?? null,
    compare_at_price_min: Math.min(...compareAtPrices),
    compare_at_price_max: Math.max(...compareAtPrices),
    compare_at_price_varies: Math.min(...compareAtPrices) !== Math.max(...compareAtPrices),
    variants,
    images: images.map((image) => image.src),
    featured_image: images[0]?.src ?? null,
    options: options.map((option) => option.name),
    options_with_values: options.map((option, position) => ({ name: option.name, position: position + 1, values: option.values })),
    media: productMedia(images),
    requires_selling_plan: false,
    selling_plan_groups: [],
    url: `/products/${spec.handle}`,
    gift_card: spec.type === 'Gift Card',
    collection_ids: [],
  };
}

function buildCatalog() {
  const products: CatalogProduct[] = SPECS.map((spec, index) => ({
    product: buildProduct(spec, index),
    spec,
    index,
    bestSellingRank: BEST_SELLERS.includes(spec.handle) ? BEST_SELLERS.indexOf(spec.handle) : BEST_SELLERS.length + index,
  }));
  const handlesIn = (handle: string) =>
    handle === 'all'
      ? products.map((entry) => entry.spec.handle)
      : products.filter((entry) => entry.spec.collections.includes(handle)).map((entry) => entry.spec.handle);
  const collections: Collection[] = COLLECTION_DEFS.map((definition) => ({ ...definition, productHandles: handlesIn(definition.handle) }));
  for (const collection of collections) {
    for (const handle of collection.productHandles)
      products.find((entry) => entry.spec.handle === handle)!.product.collection_ids.push(collection.id);
  }
  return { products, collections };
}

const catalog = buildCatalog();

/** Every product, in manual order. */
export const PRODUCTS: readonly CatalogProduct[] = catalog.products;
/** Every collection (`all` and `frontpage` included). */
export const COLLECTIONS: readonly Collection[] = catalog.collections;

const byHandle = new Map(PRODUCTS.map((entry) => [entry.product.handle, entry]));
const photosByName = new Map(
  SPECS.flatMap((spec) => photoEntries(spec, imageOptionOf(spec)).map((entry) => [entry.name, entry.photo] as const)),
);
const byVariant = new Map(PRODUCTS.flatMap((entry) => entry.product.variants.map((variant) => [variant.id, { entry, variant }] as const)));

/** The product with this handle. */
export function getProduct(handle: string): CatalogProduct | undefined {
  return byHandle.get(handle);
}

/** What the catalogue's photo with this file name (without `.jpg`) shows, if there is one. */
export function getPhoto(name: string): PhotoSpec | undefined {
  return photosByName.get(name);
}

/** The variant with this id and its product. */
export function getVariant(id: number): { entry: CatalogProduct; variant: Variant } | undefined {
  return byVariant.get(id);
}

/** The collection with this handle. */
export function getCollection(handle: string): Collection | undefined {
  return COLLECTIONS.find((collection) => collection.handle === handle);
}

/** A collection's products, in manual order. */
export function productsOf(collection: Collection): CatalogProduct[] {
  return collection.productHandles.map((handle) => byHandle.get(handle)!).filter(Boolean);
}

/** The collection sort orders (`?sort_by=`), as the theme's dropdown lists them. */
export const SORT_OPTIONS = [
  { value: 'manual', label: 'Featured' },
  { value: 'best-selling', label: 'Best selling' },
  { value: 'title-ascending', label: 'Alphabetically, A-Z' },
  { value: 'title-descending', label: 'Alphabetically, Z-A' },
  { value: 'price-ascending', label: 'Price, low to high' },
  { value: 'price-descending', label: 'Price, high to low' },
  { value: 'created-ascending', label: 'Date, old to new' },
  { value: 'created-descending', label: 'Date, new to old' },
] as const;

/** The products in `sortBy` order (a SORT_OPTIONS value; anything else keeps the given order). */
export function sortProducts(list: CatalogProduct[], sortBy: string): CatalogProduct[] {
  const out = [...list];
  switch (sortBy) {
    case 'best-selling':
      return out.sort((left, right) => left.bestSellingRank - right.bestSellingRank);
    case 'title-ascending':
      return out.sort((left, right) => left.product.title.localeCompare(right.product.title));
    case 'title-descending':
      return out.sort((left, right) => right.product.title.localeCompare(left.product.title));
    case 'price-ascending':
      return out.sort((left, right) => left.product.price - right.product.price || left.index - right.index);
    case 'price-descending':
      return out.sort((left, right) => right.product.price - left.product.price || left.index - right.index);
    case 'created-ascending':
      return out.sort((left, right) => left.index - right.index);
    case 'created-descending':
      return out.sort((left, right) => right.index - left.index);
    default:
      return out;
  }
}
