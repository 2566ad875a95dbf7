/**
 * Product normalisation (spec §3 Product, Variant, Image; §5 "Product data"): every rule on its
 * own, then whole products in each raw shape the page or the network gives.
 */
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_VARIANT_TITLE,
  discountPercent,
  imageUrl,
  isOnSale,
  isPreorderable,
  normalizeProduct,
  toImage,
  toMinorUnits,
  type Product,
} from '../../../src/core/productData';

const productOf = (raw: unknown, ...rest: [('json' | 'xhr')?, boolean?]): Product => {
  const result = normalizeProduct(raw, ...rest);
  if (!result.ok) throw new Error(`rejected: ${result.reason}`);
  return result.product;
};

describe('prices in integer minor units (spec §5)', () => {
  test('the JSON source is used as given', () => {
    expect(toMinorUnits(2400, 'json')).toBe(2400);
    expect(toMinorUnits('2400', 'json')).toBe(2400);
  });
  test('the older XHR source is multiplied by 100, rounded to a whole minor unit', () => {
    expect(toMinorUnits('24.00', 'xhr')).toBe(2400);
    expect(toMinorUnits(24, 'xhr')).toBe(2400);
    expect(toMinorUnits('19.99', 'xhr')).toBe(1999); // 1998.9999999999998 in floating point
    expect(toMinorUnits('0.1', 'xhr')).toBe(10);
  });
  test('missing or non-numeric prices are null, never 0', () => {
    for (const value of [null, undefined, '', ' ', 'abc', NaN, Infinity, {}, []]) expect(toMinorUnits(value, 'json')).toBeNull();
  });
});

describe('derived values (spec §5)', () => {
  test('a sale applies when compare-at exceeds the price', () => {
    expect(isOnSale(2400, 3000)).toBe(true);
    expect(isOnSale(2400, 2400)).toBe(false);
    expect(isOnSale(2400, 2000)).toBe(false);
    expect(isOnSale(2400, null)).toBe(false);
  });
  test('discount percent = 100 − 100·price/compare-at, rounded; 0 without a sale', () => {
    expect(discountPercent(2400, 3000)).toBe(20);
    expect(discountPercent(1999, 2999)).toBe(33); // 33.34…
    expect(discountPercent(1000, 1500)).toBe(33); // 33.33…
    expect(discountPercent(500, 1000)).toBe(50);
    expect(discountPercent(2, 3)).toBe(33);
    expect(discountPercent(1, 8)).toBe(88); // 87.5 rounds up
    expect(discountPercent(2400, null)).toBe(0);
    expect(discountPercent(3000, 2400)).toBe(0);
  });
  test('pre-orderable: managed inventory, stock ≤ 0 and a policy other than deny', () => {
    expect(isPreorderable('shopify', 0, 'continue')).toBe(true);
    expect(isPreorderable('shopify', -3, 'continue')).toBe(true);
    expect(isPreorderable('shopify', 0, null)).toBe(true);
    expect(isPreorderable('shopify', 0, 'deny')).toBe(false);
    expect(isPreorderable('shopify', 1, 'continue')).toBe(false);
    expect(isPreorderable(null, 0, 'continue')).toBe(false);
    expect(isPreorderable('shopify', null, 'continue')).toBe(false);
  });
});

describe('images (spec §3 "Image")', () => {
  test('alt defaults to empty; the aspect ratio is the given one, else width/height, else 1', () => {
    expect(toImage({ src: 'a.jpg', alt: 'Tee', aspect_ratio: 1.5, width: 100, height: 100 })).toEqual({
      src: 'a.jpg',
      alt: 'Tee',
      aspectRatio: 1.5,
    });
    expect(toImage({ src: 'a.jpg', width: 800, height: 600 })).toEqual({ src: 'a.jpg', alt: '', aspectRatio: 800 / 600 });
    expect(toImage({ src: 'a.jpg', width: 800, height: 0 })).toEqual({ src: 'a.jpg', alt: '', aspectRatio: 1 });
    expect(toImage({ src: 'a.jpg', aspect_ratio: 0 })).toMatchObject({ aspectRatio: 1 });
    expect(toImage('//cdn.shopify.com/s/files/1/tee.jpg')).toEqual({ src: '//cdn.shopify.com/s/files/1/tee.jpg', alt: '', aspectRatio: 1 });
  });
  test('no source, no image', () => {
    for (const raw of [null, undefined, '', {}, { alt: 'x' }, 5]) expect(toImage(raw)).toBeNull();
  });
  test('size suffixes _thumb, _small, _medium (default), _large on the platform CDN', () => {
    const src = 'https://cdn.shopify.com/s/files/1/0001/files/tee.jpg?v=17';
    expect(imageUrl(src)).toBe('https://cdn.shopify.com/s/files/1/0001/files/tee_medium.jpg?v=17');
    expect(imageUrl(src, 'thumb')).toBe('https://cdn.shopify.com/s/files/1/0001/files/tee_thumb.jpg?v=17');
    expect(imageUrl(src, 'small')).toBe('https://cdn.shopify.com/s/files/1/0001/files/tee_small.jpg?v=17');
    expect(imageUrl(src, 'large')).toBe('https://cdn.shopify.com/s/files/1/0001/files/tee_large.jpg?v=17');
    // The shop's own CDN path, protocol-relative, without a query.
    expect(imageUrl('//shop.example/cdn/shop/files/tee.png', 'small')).toBe('//shop.example/cdn/shop/files/tee_small.png');
  });
  test('a size the URL already has is replaced, not stacked', () => {
    expect(imageUrl('https://cdn.shopify.com/s/files/1/tee_grande.jpg?v=1', 'thumb')).toBe(
      'https://cdn.shopify.com/s/files/1/tee_thumb.jpg?v=1',
    );
    expect(imageUrl('https://cdn.shopify.com/s/files/1/tee_1024x1024.jpg')).toBe('https://cdn.shopify.com/s/files/1/tee_medium.jpg');
    expect(imageUrl('https://cdn.shopify.com/s/files/1/tee_100x.jpg', 'large')).toBe('https://cdn.shopify.com/s/files/1/tee_large.jpg');
  });
  test('other URLs are left alone', () => {
    for (const src of [
      'https://images.example/tee.jpg',
      '/images/tee.jpg',
      'data:image/gif;base64,R0lGOD',
      'https://cdn.shopify.com/s/files/1/noext',
    ]) {
      expect(imageUrl(src, 'small')).toBe(src);
    }
  });
});

/** A product as the platform's `/products/{handle}.js` and `{{ product | json }}` give it (cents). */
const JS_PRODUCT = {
  id: 7000000001000,
  title: 'Classic Cotton Tee',
  handle: 'classic-cotton-tee',
  description: '<p>Soft.</p>',
  vendor: 'Vitrine Basics',
  type: 'T-Shirts',
  tags: ['bestseller', 'cotton'],
  featured_image: '//cdn.shopify.com/s/files/1/tee.jpg',
  images: ['//cdn.shopify.com/s/files/1/tee.jpg', '//cdn.shopify.com/s/files/1/tee-back.jpg'],
  options: ['Size', 'Color'],
  variants: [
    {
      id: 41000000001002,
      title: 'S / Black',
      option1: 'S',
      option2: 'Black',
      option3: null,
      price: 2400,
      compare_at_price: 3000,
      available: true,
      inventory_quantity: 4,
      inventory_management: 'shopify',
      inventory_policy: 'deny',
      featured_image: { src: '//cdn.shopify.com/s/files/1/tee-black.jpg', alt: 'Black', width: 600, height: 800 },
    },
    {
      id: 41000000001006,
      title: 'L / Black',
      options: ['L', 'Black'],
      price: 2400,
      compare_at_price: null,
      available: false,
      inventory_quantity: 0,
      inventory_management: 'shopify',
      inventory_policy: 'continue',
      featured_image: null,
    },
  ],
};

describe('normalizeProduct', () => {
  test('the product JSON (.js / {{ product | json }}): prices as given, derived values, images', () => {
    const product = productOf(JS_PRODUCT);
    expect(product).toMatchObject({
      id: 7000000001000,
      handle: 'classic-cotton-tee',
      title: 'Classic Cotton Tee',
      type: 'T-Shirts',
      vendor: 'Vitrine Basics',
      description: '<p>Soft.</p>',
      tags: ['bestseller', 'cotton'],
      available: true,
      options: ['Size', 'Color'],
      complete: true,
      featuredImage: { src: '//cdn.shopify.com/s/files/1/tee.jpg', alt: '', aspectRatio: 1 },
    });
    expect(product.images).toHaveLength(2);
    expect(product.variants[0]).toEqual({
      id: 41000000001002,
      title: 'S / Black',
      option1: 'S',
      option2: 'Black',
      option3: null,
      price: 2400,
      compareAtPrice: 3000,
      available: true,
      image: { src: '//cdn.shopify.com/s/files/1/tee-black.jpg', alt: 'Black', aspectRatio: 0.75 },
      inventoryQuantity: 4,
      inventoryManagement: 'shopify',
      inventoryPolicy: 'deny',
      onSale: true,
      discountPercent: 20,
      preorder: false,
    });
    // Options from the `options` array when option1..3 are missing; pre-order from the inventory.
    expect(product.variants[1]).toMatchObject({
      option1: 'L',
      option2: 'Black',
      option3: null,
      onSale: false,
      discountPercent: 0,
      preorder: true,
    });
  });

  test('the REST-style `.json` answer: wrapped, decimal-string prices (× 100), option objects, images by id', () => {
    const product = productOf(
      {
        product: {
          id: 7,
          title: 'Mug',
          handle: 'mug',
          body_html: '<p>Mug</p>',
          product_type: 'Kitchen',
          vendor: 'V',
          tags: 'kitchen, gift ,  ',
          options: [{ name: 'Color', position: 1, values: ['Red'] }],
          image: { id: 90, src: 'https://cdn.shopify.com/s/files/1/mug.jpg', width: 1000, height: 500, alt: null },
          images: [{ id: 90, src: 'https://cdn.shopify.com/s/files/1/mug.jpg', width: 1000, height: 500, alt: null }],
          variants: [
            { id: 70, title: 'Red', option1: 'Red', price: '12.50', compare_at_price: '15.00', image_id: 90, inventory_management: null },
            {
              id: 71,
              title: 'Blue',
              option1: 'Blue',
              price: '12.50',
              compare_at_price: '',
              inventory_management: 'shopify',
              inventory_quantity: 0,
            },
          ],
        },
      },
      'xhr',
    );
    expect(product).toMatchObject({ id: 7, type: 'Kitchen', description: '<p>Mug</p>', tags: ['kitchen', 'gift'], options: ['Color'] });
    expect(product.featuredImage).toEqual({ src: 'https://cdn.shopify.com/s/files/1/mug.jpg', alt: '', aspectRatio: 2 });
    expect(product.variants[0]).toMatchObject({ price: 1250, compareAtPrice: 1500, onSale: true, discountPercent: 17, available: true });
    expect(product.variants[0].image).toEqual(product.featuredImage);
    // No `available` in this shape: untracked stock is there, tracked stock at 0 (deny by default) is not.
    expect(product.variants[1]).toMatchObject({ compareAtPrice: null, available: false, image: null });
    expect(product.available).toBe(true);
  });

  test("a product without options has one variant titled 'Default Title'", () => {
    const product = productOf({ id: 1, variants: [{ id: 2, price: 500 }] });
    expect(product.variants[0].title).toBe(DEFAULT_VARIANT_TITLE);
    expect(product.variants[0].title).toBe('Default Title');
    expect(product.variants[0]).toMatchObject({ option1: null, compareAtPrice: null, available: true, inventoryPolicy: null, image: null });
    expect(product).toMatchObject({ title: '', tags: [], images: [], featuredImage: null, options: [] });
  });

  test('the analytics metadata (incomplete): option values from the variant titles', () => {
    const product = productOf(
      {
        id: 7000000001000,
        handle: 'classic-cotton-tee',
        title: 'Classic Cotton Tee',
        variants: [
          { id: 41000000001001, price: 2400, name: 'Classic Cotton Tee - S / White', public_title: 'S / White', sku: 'VT-001-01' },
          { id: 41000000001002, price: 2400, name: 'Classic Cotton Tee - S / Black', public_title: 'S / Black' },
        ],
      },
      'json',
      false,
    );
    expect(product.complete).toBe(false);
    expect(product.variants.map((variant) => [variant.title, variant.option1, variant.option2, variant.option3])).toEqual([
      ['S / White', 'S', 'White', null],
      ['S / Black', 'S', 'Black', null],
    ]);
    expect(product.variants[0]).toMatchObject({ available: true, onSale: false, preorder: false });
  });

  test('rejected without variants (spec §5), or when it is no product at all', () => {
    expect(normalizeProduct({ id: 1, title: 'x', variants: [] })).toEqual({ ok: false, reason: 'no variants' });
    expect(normalizeProduct({ id: 1, title: 'x' })).toEqual({ ok: false, reason: 'no variants' });
    // Variants without an id or a price are no variants.
    expect(normalizeProduct({ id: 1, variants: [{ id: 2 }, { price: 100 }, null, 'x'] })).toEqual({ ok: false, reason: 'no variants' });
    expect(normalizeProduct({ product: { variants: [] } })).toEqual({ ok: false, reason: 'no variants' });
    for (const raw of [null, undefined, 'product', 42, [1, 2]]) expect(normalizeProduct(raw)).toEqual({ ok: false, reason: 'no product' });
  });

  test('garbage fields count as missing; nothing throws', () => {
    const product = productOf({
      id: 'not a number',
      title: { x: 1 },
      tags: { a: 1 },
      images: 'x',
      options: [null, 3, 'Size'],
      variants: [
        { id: 3.5, price: 1 },
        { id: '9', price: '100', title: 7, inventory_policy: 'maybe', inventory_quantity: 'lots' },
      ],
    });
    expect(product).toMatchObject({ id: 0, title: '', tags: [], images: [], options: ['Size'] });
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({ id: 9, price: 100, title: '7', inventoryPolicy: null, inventoryQuantity: null });
  });
});
