import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FACTS } from '../../../server/storage/demoData.ts';
import { getProduct } from '../../../server/shop/catalog.ts';
import { makeServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

const pageType = (html: string): string =>
  JSON.parse(/window\.ShopifyAnalytics\.meta=(\{.*?\});window\.routes/.exec(html)![1]!).page.pageType;
const orderData = (html: string): Record<string, unknown> | null => {
  const m = /<script type="application\/json" id="vitrine-review-order">(.*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
};
const handle = SEED_FACTS.manyReviewsHandle;

describe('reviews page /pages/top-reviews', () => {
  it('is a Dawn page: <main> with one <h1> in a .page-width container, pageType "page", the Vitrine script', async () => {
    const res = await s.app.inject({ url: '/pages/top-reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const main = /<main[^>]*>(.*)<\/main>/s.exec(html)![1]!;
    expect(main).toMatch(/^<div class="page-width[^"]*"><h1[^>]*>Customer reviews<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(pageType(html)).toBe('page');
    expect(html).toContain('<script async src="/demo/vitrine.js"></script>');
    expect(html).toContain('<title>Customer reviews – ');
  });

  it('works under a locale prefix (/es) with translated texts and root', async () => {
    const res = await s.app.inject({ url: '/es/pages/top-reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html class="no-js" lang="es">');
    expect(res.body).toContain('>Opiniones de clientes</h1>');
    expect(res.body).toContain('"routes":{"root":"/es/"}');
    expect(res.body).toContain('<a href="/es/pages/top-reviews" class="link list-menu__item">Opiniones</a>');
  });

  it('every page has the footer link "Reviews" to /pages/top-reviews', async () => {
    for (const url of ['/', `/products/${handle}`, '/cart', '/pages/top-reviews']) {
      const res = await s.app.inject({ url });
      const footer = /<footer[^>]*>(.*)<\/footer>/s.exec(res.body)![1]!;
      expect(footer, url).toContain('<a href="/pages/top-reviews" class="link list-menu__item">Reviews</a>');
    }
  });
});

describe('review-order page /pages/review-order', () => {
  it('carries the review-order data (productHandle, code, customerName, customerEmail) as JSON', async () => {
    const res = await s.app.inject({ url: `/pages/review-order?code=A1B2&product=${handle}&name=Ana%20P.&email=ana%40example.com` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(pageType(res.body)).toBe('page');
    expect(orderData(res.body)).toEqual({ productHandle: handle, code: 'A1B2', customerName: 'Ana P.', customerEmail: 'ana@example.com' });
    expect(res.body).toContain(`href="/products/${handle}"`);
    expect(res.body).toContain(`>${getProduct(handle)!.product.title.replace(/&/g, '&amp;')}</a>`);
  });

  it('leaves out name and e-mail when absent (null), and works under /es', async () => {
    const res = await s.app.inject({ url: `/es/pages/review-order?code=X9&product=${handle}` });
    expect(res.statusCode).toBe(200);
    expect(orderData(res.body)).toEqual({ productHandle: handle, code: 'X9', customerName: null, customerEmail: null });
    expect(res.body).toContain(`href="/es/products/${handle}"`);
  });

  it('has no data for an unknown or missing product, and escapes hostile values', async () => {
    for (const q of ['?code=1', '?code=1&product=no-such-product', '?product=%3Cscript%3E']) {
      const res = await s.app.inject({ url: `/pages/review-order${q}` });
      expect(res.statusCode).toBe(200);
      expect(orderData(res.body)).toBeNull();
      expect(res.body).toContain('This review link is not valid.');
    }
    const res = await s.app.inject({
      url: `/pages/review-order?product=${handle}&name=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
    });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(orderData(res.body)!.customerName).toBe('</script><script>alert(1)</script>');
  });
});
