// @vitest-environment jsdom
/** readProductInfo: the product the page shows (the review modal's product, the JSON-LD's image). */
import { afterEach, describe, expect, test } from 'vitest';
import { readProductInfo } from '../../../../src/widgets/reviews/productInfo';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** The document with the theme's product JSON (and `extra` markup). */
function pageWith(product: unknown, extra = ''): Document {
  document.body.innerHTML = `<script type="application/json" id="ProductJson-main">${JSON.stringify(product)}</script>${extra}`;
  return document;
}

describe('readProductInfo', () => {
  test('a scheme-less image URL, as the platform writes them, takes the page’s scheme (an http page loads it over http)', () => {
    expect(location.protocol).toBe('http:');
    const info = readProductInfo(pageWith({ title: 'Tee', featured_image: '//shop.example/cdn/shop/files/tee.jpg?v=1' }));
    expect(info.image).toBe('http://shop.example/cdn/shop/files/tee.jpg?v=1');
  });

  test('title and image from the product JSON; a product without images has none', () => {
    expect(readProductInfo(pageWith({ title: 'Tee', featured_image: '/cdn/shop/files/tee.jpg?v=1' }))).toMatchObject({
      title: 'Tee',
      image: '/cdn/shop/files/tee.jpg?v=1',
    });
    expect(readProductInfo(pageWith({ title: 'Pen', featured_image: null, images: [] })).image).toBeNull();
  });

  test('an image that is no http(s) or root-relative URL is left out', () => {
    expect(readProductInfo(pageWith({ title: 'Tee', featured_image: 'javascript:alert(1)' })).image).toBeNull();
  });
});
