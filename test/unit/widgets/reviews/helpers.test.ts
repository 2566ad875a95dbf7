// @vitest-environment jsdom
/** Pure helpers of the main reviews widget: sanitizer, URLs, dates, layout, API parsing, JSON-LD, order flow. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { sanitizeHtml, htmlToText, safeUrl } from '../../../../src/widgets/reviews/sanitize';
import { formatDate } from '../../../../src/widgets/reviews/formatDate';
import { columnCount, listVariant } from '../../../../src/widgets/reviews/layout';
import { absoluteUrl, fetchFeatured, fetchReviews, reviewsUrl, toReview } from '../../../../src/widgets/reviews/api';
import { buildProductLd, hasRatedProduct, injectProductLd } from '../../../../src/widgets/reviews/jsonLd';
import { followReviewOrder, readReviewOrder } from '../../../../src/widgets/reviews/orderReview';
import { fill } from '../../../../src/core/i18n';
import { textsFor } from '../../../../src/widgets/reviews/texts';
import type { WidgetContext } from '../../../../src/widgets/types';

const html = (input: string) => {
  const div = document.createElement('div');
  div.append(sanitizeHtml(input));
  return div.innerHTML;
};

describe('sanitizeHtml (allow-list, DOM-based)', () => {
  test('keeps the allowed tags and text', () => {
    expect(
      html(
        'Lovely <b>soft</b> fabric.<br>What I like:<ul><li>the fit</li><li><em>the</em> <strong>colour</strong></li></ul><ol><li><i>x</i></li></ol><p>p</p>',
      ),
    ).toBe(
      'Lovely <b>soft</b> fabric.<br>What I like:<ul><li>the fit</li><li><em>the</em> <strong>colour</strong></li></ul><ol><li><i>x</i></li></ol><p>p</p>',
    );
  });
  test('links: only http(s) hrefs, always rel="nofollow ugc noopener" target=_blank, no other attributes', () => {
    expect(html('<a href="https://x.example/a?b=1&amp;c" onclick="x()" style="color:red" rel="opener">ok</a>')).toBe(
      '<a href="https://x.example/a?b=1&amp;c" rel="nofollow ugc noopener" target="_blank">ok</a>',
    );
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScript:alert(1)',
      '&#106;avascript:alert(1)',
      'java&#x09;script:x',
      ' data:text/html,x',
      '//evil.example',
      '/relative',
      'vbscript:x',
    ])
      expect(html(`<a href="${bad}">x</a>`)).toBe('<a rel="nofollow ugc noopener" target="_blank">x</a>');
  });
  test('drops scripts, styles, svg, iframes, images, forms and event handlers; unwraps unknown tags', () => {
    const out = html(
      'Great<img src=x onerror="alert(1)"><script>alert(2)</script><style>*{}</style><svg onload=x><text>t</text></svg><iframe src=x></iframe><form><input></form><div onclick="x" class="c"><span>kept</span></div><!-- c --><b onmouseover="x">b</b>',
    );
    expect(out).toBe('Great<span>kept</span>'.replace('<span>kept</span>', 'kept') + '<b>b</b>');
  });
  test('noscript / template / mXSS-shaped input yields no elements outside the allow-list', () => {
    const out = html(
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    );
    const div = document.createElement('div');
    div.innerHTML = out;
    expect(div.querySelectorAll('*:not(b,i,em,strong,br,p,ul,ol,li,a)').length).toBe(0);
  });
  test('deep nesting is flattened, not recursed without bound; non-strings give nothing', () => {
    const deep = '<ul><li>'.repeat(200) + 'x' + '</li></ul>'.repeat(200);
    expect(html(deep)).toContain('x');
    expect(sanitizeHtml(null as never).childNodes.length).toBe(0);
    expect(sanitizeHtml({ toString: () => '<img src=x>' } as never).childNodes.length).toBe(0);
  });
  test('htmlToText gives plain text with spaces for line breaks', () => {
    expect(htmlToText('a<br>b<p>c</p><script>x</script>')).toBe('a b c');
  });
});

test('safeUrl: http(s) and root-relative only', () => {
  for (const ok of ['https://cdn.example/a.jpg', 'http://x.example/a', '/api/photos/1/2.svg']) expect(safeUrl(ok)).toBe(ok);
  for (const bad of [
    'javascript:alert(1)',
    ' https://x',
    'data:image/png;base64,xx',
    '//evil.example/a',
    '/\\evil',
    'x.jpg',
    'https://x/"onerror=1',
    'https://x/a b',
    5,
    null,
    '\u0000/a',
  ])
    expect(safeUrl(bad)).toBeNull();
});

test('formatDate: the 4 formats of spec §3', () => {
  const ts = new Date(2024, 0, 5, 12).getTime();
  expect([0, 1, 2, 3].map((f) => formatDate(ts, f as 0))).toEqual(['2024-01-05', '01-05-2024', '01-05-24', '05-01-2024']);
  expect(formatDate(NaN, 0)).toBe('');
});

describe('layout (spec §9)', () => {
  test('columns: 2 on mobile, breakpoints 350/750/900, one per 250 px up to 4', () => {
    expect(columnCount(600, 375, 375)).toBe(2);
    expect(columnCount(1000, 1280, 700)).toBe(2); // body ≤ 767
    expect(columnCount(300, 1280, 1280)).toBe(1);
    expect(columnCount(700, 1280, 1280)).toBe(2);
    expect(columnCount(800, 1280, 1280)).toBe(3);
    expect(columnCount(950, 1280, 1280)).toBe(3);
    expect(columnCount(1000, 1280, 1280)).toBe(4);
    expect(columnCount(1168, 1280, 1280)).toBe(4);
    expect(columnCount(0, 1280, 1280)).toBe(4);
  });
  test('list: compact under 1024 px viewport or under 600 px width', () => {
    expect(listVariant(900, 1280)).toBe('loose');
    expect(listVariant(590, 1280)).toBe('compact');
    expect(listVariant(900, 1000)).toBe('compact');
  });
});

describe('api parsing', () => {
  const ctx = { settings: { providerBase: 'https://p.example/api/', shopId: 'demo', lastUpdated: 17 } } as unknown as WidgetContext;
  test('URLs: list and star filter', () => {
    expect(reviewsUrl(ctx, 'classic-cotton-tee', null, 100)).toBe(
      'https://p.example/api/reviews/demo/17/classic-cotton-tee.json?page=1&limit=100',
    );
    expect(reviewsUrl(ctx, 'a/b', 4, 50)).toBe('https://p.example/api/reviews/demo/17/a%2Fb/r4.json?page=1&limit=50');
  });
  test('toReview coerces every field and drops unsafe photos', () => {
    const r = toReview({
      id: 6,
      name: { x: 1 },
      stars: 9,
      review: '<b>x</b>',
      timestamp: 'x',
      date: '2024-01-01T00:00:00Z',
      photos: ['/a.svg', 'javascript:x', 3],
      verified: 'yes',
      reply: '',
      replyAuthor: 'Team',
    })!;
    expect(r).toEqual({
      id: '6',
      name: '',
      stars: 5,
      review: '<b>x</b>',
      date: Date.parse('2024-01-01T00:00:00Z'),
      photos: ['/a.svg'],
      thumbnails: ['/a.svg'],
      verified: false,
      reply: null,
      replyAuthor: 'Team',
    });
    expect(toReview(null)).toBeNull();
    expect(toReview({ name: 'no id' })).toBeNull();
  });
  test('a timestamp outside the Date range makes the entry invalid; a missing date is unknown (0)', () => {
    for (const timestamp of [1e300, -1e300, 8.64e15 + 1, Infinity, NaN]) expect(toReview({ id: 1, timestamp })).toBeNull();
    expect(toReview({ id: 1, timestamp: 8.64e15 })!.date).toBe(8.64e15);
    expect(toReview({ id: 1 })!.date).toBe(0);
    expect(toReview({ id: 1, date: '+275760-09-14T00:00:00.001Z' })!.date).toBe(0);
  });
  test('photo URLs resolve against the provider, not the shop page', () => {
    expect(absoluteUrl('/api/photos/6/1.svg', 'https://reviews.example/api/')).toBe('https://reviews.example/api/photos/6/1.svg');
    expect(absoluteUrl('https://cdn.example/x.jpg', 'https://reviews.example/api/')).toBe('https://cdn.example/x.jpg');
    expect(absoluteUrl('//evil.example/x.jpg', 'https://reviews.example/api/')).toBeNull();
    // A provider behind the shop's own domain (an app proxy path): relative to the page.
    expect(absoluteUrl('/apps/vitrine/photos/1.svg', '/apps/vitrine/')).toBe(`${location.origin}/apps/vitrine/photos/1.svg`);
    expect(toReview({ id: 1, photos: ['/api/photos/1/2.svg'] }, 'https://p.example/api/')!.photos).toEqual([
      'https://p.example/api/photos/1/2.svg',
    ]);
  });
  test('thumbnails stay index by index with their photos: validated, resolved, the photo itself when missing or unsafe', () => {
    const review = toReview(
      {
        id: 1,
        photos: ['/api/photos/h/a.jpg', 'javascript:x', '/api/photos/h/b.jpg', '/api/photos/h/c.jpg'],
        thumbnails: ['/api/photos/h/a-t.webp', '/api/photos/h/x-t.webp', 'javascript:y'],
      },
      'https://p.example/api/',
    )!;
    expect(review.photos).toEqual([
      'https://p.example/api/photos/h/a.jpg',
      'https://p.example/api/photos/h/b.jpg',
      'https://p.example/api/photos/h/c.jpg',
    ]);
    expect(review.thumbnails).toEqual([
      'https://p.example/api/photos/h/a-t.webp',
      'https://p.example/api/photos/h/b.jpg',
      'https://p.example/api/photos/h/c.jpg',
    ]);
    expect(toReview({ id: 2, photos: ['/p.jpg'], thumbnails: 'nope' })!.thumbnails).toEqual(['/p.jpg']);
  });
  test('lists keep their good entries: a bad one is dropped and reported once', async () => {
    const report = vi.fn();
    const good = (id: number) => ({
      id,
      name: `N${id}`,
      stars: 5,
      timestamp: Date.UTC(2024, 0, id),
      photos: ['/api/photos/1/1.svg'],
      product: { handle: `p-${id}`, title: 'P' },
    });
    const list = [good(1), null, { ...good(2), timestamp: 1e300 }, 'x', good(3)];
    const ctxWith = (json: unknown) => ({ ...ctx, report, request: async () => json }) as unknown as WidgetContext;
    const page = (await fetchReviews(ctxWith({ reviews: list, total: 5, stats: {} }), 'tee', null, 20))!;
    expect(page.reviews.map((r) => r.id)).toEqual(['1', '3']);
    expect(page.reviews[0]!.photos).toEqual(['https://p.example/api/photos/1/1.svg']);
    expect(report).toHaveBeenCalledExactlyOnceWith(3021, expect.any(Error), { at: [1, 2, 3] });
    report.mockClear();
    const featured = (await fetchFeatured(ctxWith({ reviews: list, stats: { r: 3, s: 5, d: { 5: 3 } } })))!;
    expect(featured.reviews.map((r) => [r.id, r.product.handle])).toEqual([
      ['1', 'p-1'],
      ['3', 'p-3'],
    ]);
    expect(report).toHaveBeenCalledExactlyOnceWith(3021, expect.any(Error), { at: [1, 2, 3] });
  });
  test('stats are read from the wire format into ReviewStats', async () => {
    const wire = { reviews: [], total: 0, stats: { r: 3, s: 4.33, d: { 5: 2, 4: 1 } } };
    const page = (await fetchReviews({ ...ctx, request: async () => wire } as unknown as WidgetContext, 'tee', null, 20))!;
    expect(page.stats).toEqual({ count: 3, average: 4.33, byStars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
  });
});

describe('JSON-LD', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });
  const stats = { count: 2, average: 4.5, byStars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } };
  const reviews = [
    {
      id: '1',
      name: '</script><b>x',
      stars: 5,
      review: 'Nice <b>tee</b>',
      date: Date.UTC(2024, 1, 2),
      photos: [],
      thumbnails: [],
      verified: true,
      reply: null,
      replyAuthor: '',
    },
  ];
  const product = { title: 'Tee', image: 'https://x/i.png', url: 'https://shop/products/tee' };
  test('Product with AggregateRating and reviews, inert text', () => {
    const script = injectProductLd(document, buildProductLd(product, stats, reviews))!;
    expect(script.textContent).not.toContain('<');
    const ld = JSON.parse(script.textContent!);
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(ld.review[0]).toMatchObject({
      author: { name: '</script><b>x' },
      reviewBody: 'Nice tee',
      datePublished: '2024-02-02',
      reviewRating: { ratingValue: 5 },
    });
    // Replaced, not duplicated.
    injectProductLd(document, buildProductLd(product, stats, reviews));
    expect(document.querySelectorAll('script[type="application/ld+json"]').length).toBe(1);
  });
  test('an unknown date (0) is left out, never published as 1970-01-01', () => {
    const ld = buildProductLd(product, stats, [
      { ...reviews[0]!, date: 0 },
      { ...reviews[0]!, date: -5 },
    ]);
    const published = (ld.review as Record<string, unknown>[]).map((r) => r.datePublished);
    expect(published).toEqual([undefined, undefined]);
    expect(JSON.stringify(ld)).not.toContain('1970');
  });
  test('skipped when the page has a rated Product (also in @graph)', () => {
    const s = document.createElement('script');
    s.type = 'application/ld+json';
    s.textContent = JSON.stringify({ '@graph': [{ '@type': ['Product'], aggregateRating: { ratingValue: 4 } }] });
    document.head.append(s);
    expect(hasRatedProduct(document)).toBe(true);
    expect(injectProductLd(document, buildProductLd(product, stats, reviews))).toBeNull();
  });
});

describe('order-review flow', () => {
  test('reads the page data and goes to /products/{handle}, storing what is present', () => {
    const assign = vi.fn();
    const win = {
      vitrineReviewOrder: { productHandle: 'classic-cotton-tee', code: 'A1', customerName: 'Ann', customerEmail: '' },
      document,
      location: { assign },
    } as unknown as Window;
    expect(followReviewOrder(win, '/es')).toBe('/es/products/classic-cotton-tee');
    expect(assign).toHaveBeenCalledWith('/es/products/classic-cotton-tee');
    expect(JSON.parse(localStorage.getItem('vitrine:reviewOrder')!)).toEqual({
      code: 'A1',
      customerName: 'Ann',
      productHandle: 'classic-cotton-tee',
    });
  });
  test('no data or a bad handle: nothing happens', () => {
    expect(readReviewOrder({ document } as unknown as Window)).toBeNull();
    expect(readReviewOrder({ document, vitrineReviewOrder: { productHandle: '../x' } } as unknown as Window)).toBeNull();
  });
});

test('texts: en/es/nl with fallback', () => {
  expect(textsFor('es').write).toBe('Escribir una opinión');
  expect(textsFor('nl').seeMore).toBe('Meer beoordelingen');
  expect(textsFor('fr').noReviews).toBe('No reviews yet. Be the first to add a review.');
  expect(fill('{n} of {m}', { n: 1 })).toBe('1 of {m}');
});
