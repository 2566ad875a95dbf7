// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES } from '../../../src/core/pageContext';
import {
  collectionHandle,
  detectPageType,
  isDesignMode,
  isPreview,
  localeRoot,
  productHandle,
  readPageContext,
  readStoreState,
  stripLocale,
} from '../../../src/core/pageContext';

describe('localeRoot / stripLocale', () => {
  it.each([
    ['/es', '/es'],
    ['/es/', '/es'],
    ['/en-us', '/en-us'],
    ['/en-us/collections/all', '/en-us'],
    ['/pt-BR/products/x', '/pt-BR'],
    ['/ES/cart', '/ES'],
    ['/ab', '/ab'],
    ['/products', ''],
    ['/products/x', ''],
    ['/abc', ''],
    ['/e1', ''],
    ['/', ''],
    ['', ''],
    ['/en-usa/x', ''],
    ['/es?x=1', '/es'],
    ['https://shop.example/nl/products/a', '/nl'],
  ])('%s → %s', (path, root) => {
    expect(localeRoot(path)).toBe(root);
  });

  it('strips the locale, query and hash', () => {
    expect(stripLocale('/pt-BR/products/x?y=1#z')).toBe('/products/x');
    expect(stripLocale('/es')).toBe('/');
    expect(stripLocale('/products')).toBe('/products');
  });
});

describe('detectPageType by path', () => {
  const cases: Array<[string, string, string?]> = [
    ['', 'empty'],
    ['/', 'home'],
    ['/es', 'home'],
    ['/es/', 'home'],
    ['/1234/checkouts/abc/thank_you', 'thank_you'],
    ['/checkout', 'checkout'],
    ['/checkouts/cn/abc', 'checkout'],
    ['/products/shirt', 'product'],
    ['/en-us/products/shirt?variant=1', 'product'],
    ['/collections/all/products/shirt', 'product'],
    ['/products/cart', 'product'],
    ['/collections/shirts', 'collection'],
    ['/collections/shirts/red', 'collection'],
    ['/collections/cart-accessories', 'collection'],
    ['/collections', 'collections'],
    ['/collections/', 'collections'],
    ['/search', 'searchResults'],
    ['/search?q=x', 'searchResults'],
    ['/cart', 'cart'],
    ['/es/cart', 'cart'],
    ['/cart/change', 'cart'],
    ['/1234/orders/abcd', 'order_status'],
    ['/pages/top-reviews', 'top-reviews'],
    ['/products/shirt/top-reviews', 'top-reviews'],
    ['/pages/review-order', 'review-order'],
    ['/apps/vitrine/review-order', 'review-order'],
    ['/pages/wishlist', 'wishlist'],
    ['/collections/wishlist', 'collection'],
    ['/gift_cards/abc123', 'gift_cards', 'checkout.shop.com'],
    ['/gift_cards/abc123', 'gift_card', 'shop.com'],
    ['/password', 'password'],
    ['/pages/about', 'other'],
    ['/blogs/news/post', 'other'],
    ['/products', 'other'],
    ['/404', 'notFound'],
    ['/es/404', 'notFound'],
    ['/products/x/404', 'notFound'],
    ['/products/404-shoes', 'product'],
  ];
  it.each(cases)('%s → %s', (path, type, host) => {
    expect(detectPageType(path, null, host)).toBe(type);
  });

  it('covers all 17 page types plus notFound', () => {
    const seen = new Set(cases.map((testCase) => testCase[1]));
    for (const pageType of PAGE_TYPES) expect(seen.has(pageType), pageType).toBe(true);
    expect(seen.has('notFound')).toBe(true);
    expect(PAGE_TYPES).toHaveLength(17);
  });
});

describe('detectPageType by metadata', () => {
  it.each([
    ['home', 'home'],
    ['index', 'home'],
    ['product', 'product'],
    ['collection', 'collection'],
    ['collections', 'collections'],
    ['cart', 'cart'],
    ['searchresults', 'searchResults'],
    ['search', 'searchResults'],
    ['password', 'password'],
    ['gift_card', 'gift_card'],
    ['gift_cards', 'gift_cards'],
    ['thank_you', 'thank_you'],
    ['checkout', 'checkout'],
    ['order_status', 'order_status'],
    ['404', 'notFound'],
    ['page', 'other'],
    ['blog', 'other'],
    ['article', 'other'],
    ['captcha', 'other'],
    ['policy', 'other'],
    ['top-reviews', 'top-reviews'],
    ['review-order', 'review-order'],
    ['wishlist', 'wishlist'],
    ['empty', 'empty'],
    ['other', 'other'],
    ['Product', 'product'],
  ])('%s → %s (metadata beats the path)', (meta, type) => {
    expect(detectPageType('/pages/about-us', { pageType: meta })).toBe(type);
  });

  it('unknown or missing metadata falls back to the path', () => {
    expect(detectPageType('/products/a', { pageType: 'weird' })).toBe('product');
    expect(detectPageType('/products/a', { pageType: null })).toBe('product');
    expect(detectPageType('/products/a', {})).toBe('product');
    expect(detectPageType('/products/a', { pageType: 42 as unknown as string })).toBe('product');
    expect(detectPageType('/products/a', { pageType: 'constructor' })).toBe('product');
  });

  it("metadata 'page' still recognises our app pages", () => {
    expect(detectPageType('/pages/top-reviews', { pageType: 'page' })).toBe('top-reviews');
  });
});

describe('handles', () => {
  it('reads product handles', () => {
    expect(productHandle('/products/Blue-Shirt')).toBe('blue-shirt');
    expect(productHandle('/pt-BR/products/x?variant=1#top')).toBe('x');
    expect(productHandle('/collections/c/products/%C3%A9t%C3%A9')).toBe('été');
    expect(productHandle('/products/a%ZZ')).toBe('a%zz');
    expect(productHandle('/products/a.json')).toBe('a');
    expect(productHandle('/products')).toBeNull();
    expect(productHandle('/products/')).toBeNull();
    expect(productHandle('/collections/a')).toBeNull();
    expect(productHandle('/pages/products/a')).toBeNull();
  });
  it('reads the same handles in one pattern as through stripLocale (its former way), for every mix of parts', () => {
    // The former way's match, read into a handle as a bare `/products/{match}` is (no '/', '?' or '#' left in it).
    const before = (path: string) => {
      const match = /^\/(?:collections\/[^/]+\/)?products\/([^/]+)/i.exec(stripLocale(path));
      return productHandle(match ? `/products/${match[1]}` : '/');
    };
    const origins = ['', 'https://shop.example', 'HTTP://x.y:8080', '//shop.example', 'mailto:'];
    const locales = ['', '/es', '/pt-BR', '/en-us', '/eng', '/e', '/es-', '/12'];
    const middles = ['', '/collections/all', '/collections/a?b', '/collections/', '/pages', '/collections/x/y'];
    const tails = [
      '/products/Tee',
      '/products/tee.json',
      '/products/',
      '/products',
      '/PRODUCTS/a%20b',
      '/products/t#x/y',
      '/products/t?v=/1',
      '/product/x',
      'products/x',
      '/products/a/b',
    ];
    const ends = ['', '?variant=1', '#reviews', '?a#b', '/'];
    let compared = 0;
    for (const origin of origins)
      for (const locale of locales)
        for (const middle of middles)
          for (const tail of tails)
            for (const end of ends) {
              const path = origin + locale + middle + tail + end;
              expect(productHandle(path), path).toBe(before(path));
              compared++;
            }
    expect(compared).toBe(12000);
  });
  it('reads collection handles', () => {
    expect(collectionHandle('/es/collections/Summer%20Sale?page=2')).toBe('summer sale');
    expect(collectionHandle('/collections/all/products/x')).toBe('all');
    expect(collectionHandle('/collections')).toBeNull();
    expect(collectionHandle('/products/x')).toBeNull();
  });
});

describe('preview / design mode', () => {
  it('detects preview URLs', () => {
    expect(isPreview('https://s.com/?preview_theme_id=123')).toBe(true);
    expect(isPreview('https://s.com/products/a?oseid=abc')).toBe(true);
    expect(isPreview('https://s.com/products_preview?preview_key=k')).toBe(true);
    expect(isPreview('https://s.com/products_preview')).toBe(false);
    expect(isPreview('https://s.com/products/a')).toBe(false);
    expect(isPreview('::garbage')).toBe(false);
  });
  it('detects design mode defensively', () => {
    expect(isDesignMode({ Shopify: { designMode: true } } as unknown as Window)).toBe(true);
    expect(isDesignMode({ Shopify: { designMode: 'yes' } } as unknown as Window)).toBe(false);
    expect(isDesignMode({} as Window)).toBe(false);
    const hostile = {
      get Shopify() {
        throw new Error('nope');
      },
    };
    expect(isDesignMode(hostile as unknown as Window)).toBe(false);
  });
});

describe('readStoreState', () => {
  it('reads the platform globals', () => {
    const win = {
      Shopify: {
        shop: 'demo.myshopify.com',
        currency: { active: 'EUR', rate: '0.92' },
        customerPrivacy: { userCanBeTracked: () => true },
        theme: { role: 'main' },
        designMode: false,
        country: 'FI',
        locale: 'fi',
        routes: { root: '/fi/' },
      },
    } as unknown as Window;
    const state = readStoreState(win);
    expect(state).toMatchObject({
      shopDomain: 'demo.myshopify.com',
      currency: { active: 'EUR', rate: 0.92 },
      themeRole: 'main',
      designMode: false,
      countryCode: 'FI',
      locale: 'fi',
      root: '/fi',
    });
    // The customer privacy API is not copied (consent handling will read it when it runs).
    expect(Object.keys(state)).not.toContain('customerPrivacy');
  });

  it.each([
    ['missing', {}],
    ['null', { Shopify: null, ShopifyAnalytics: null }],
    ['garbage', { Shopify: 'x', ShopifyAnalytics: 5 }],
    ['bad values', { Shopify: { shop: 1, currency: { active: {}, rate: 'NaN' }, routes: { root: 7 }, theme: 4 } }],
  ])('never throws on %s globals', (_, win) => {
    const state = readStoreState(win as unknown as Window);
    expect(state).toEqual({
      shopDomain: null,
      currency: { active: null, rate: 1 },
      themeRole: null,
      designMode: false,
      countryCode: null,
      locale: null,
      root: '',
    });
  });

  it('survives throwing getters and uses analytics currency as fallback', () => {
    const win = {
      Shopify: {
        get currency() {
          throw new Error('boom');
        },
      },
      ShopifyAnalytics: { meta: { currency: 'USD' } },
      location: { pathname: '/es/products/x' },
    } as unknown as Window;
    const state = readStoreState(win);
    expect(state.currency).toEqual({ active: 'USD', rate: 1 });
    expect(state.root).toBe('/es');
  });
});

describe('readPageContext', () => {
  it('combines path, metadata and store state', () => {
    const win = {
      location: { pathname: '/es/products/Shirt', href: 'https://s.com/es/products/Shirt?preview_theme_id=1', hostname: 's.com' },
      Shopify: { designMode: true, theme: { role: 'main' } },
      ShopifyAnalytics: { meta: { page: { pageType: 'product' } } },
    } as unknown as Window;
    const context = readPageContext(win);
    expect(context).toMatchObject({
      pageType: 'product',
      localeRoot: '/es',
      productHandle: 'shirt',
      collectionHandle: null,
      designMode: true,
      preview: true,
      path: '/es/products/Shirt',
    });
  });
  it('treats an unpublished theme as preview', () => {
    const win = { location: { pathname: '/', href: 'https://s.com/' }, Shopify: { theme: { role: 'unpublished' } } };
    expect(readPageContext(win as unknown as Window).preview).toBe(true);
  });
  it.each(['admin-bar-iframe', 'preview-bar-iframe', 'PBarNextFrameWrapper'])(
    'treats a page under the platform bar #%s as preview',
    (id) => {
      const bar = document.createElement('div');
      bar.id = id;
      expect(readPageContext(window).preview).toBe(false);
      document.body.append(bar);
      try {
        expect(readPageContext(window).preview).toBe(true);
      } finally {
        bar.remove();
      }
    },
  );
  it('works on the real jsdom window', () => {
    const context = readPageContext(window);
    expect(context.pageType).toBe('home');
    expect(context.store.shopDomain).toBeNull();
  });
  it('never throws on an empty window', () => {
    expect(readPageContext({} as Window).pageType).toBe('empty');
  });
});
