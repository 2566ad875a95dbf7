/**
 * The demo shop as the platform that renders Vitrine's theme app extension (extensions/vitrine-theme,
 * server/shop/appExtension.ts): the app embed's one script tag and, in design mode, the editor
 * data; the product page's alternate template (`?view=blocks`) with the app blocks; design mode's
 * preview bar and theme editor stand-in; the Section Rendering API.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAppBlock, renderAppEmbed, themePage } from '../../../server/shop/appExtension.ts';
import { sectionHtml } from '../../../server/shop/sectionRendering.ts';
import { makeServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => {
  await s.app.close();
});

const TEE = '/products/classic-cotton-tee';
const page = async (url: string) => (await s.app.inject({ url })).body;
/** The editor data the app embed writes in design mode, parsed; null without it. */
const editorData = (html: string): Record<string, unknown> | null => {
  const match = /<script type="application\/json" id="vitrine-editor">(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};
const count = (html: string, text: string) => html.split(text).length - 1;

describe('the app embed', () => {
  it('writes the one script tag in <head>, from the app metafields (the provider is the shop’s origin: /demo/vitrine.js)', async () => {
    const html = await page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(count(html, '<script async src="/demo/vitrine.js"></script>')).toBe(1);
    expect(head).toContain('<script async src="/demo/vitrine.js"></script>');
    expect(editorData(html)).toBeNull();
    expect(html).not.toContain('__vitrineDemoEditor');
    expect(html).not.toContain('PBarNextFrameWrapper');
  });

  it('in design mode also writes the editor data: template, alternate template, page type, editor token', async () => {
    expect(editorData(await page('/?design_mode=1'))).toEqual({
      template: 'index',
      templateSuffix: null,
      pageType: 'index',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
    });
    expect(editorData(await page(`${TEE}?view=blocks&design_mode=1`))).toEqual({
      template: 'product',
      templateSuffix: 'blocks',
      pageType: 'product',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
    });
    expect(editorData(await page('/collections?design_mode=1'))).toMatchObject({
      template: 'list-collections',
      pageType: 'list-collections',
    });
  });

  it('turned off (?vitrine=0): no script, no editor data', async () => {
    const html = await page('/?vitrine=0&design_mode=1');
    expect(html).not.toContain('vitrine.js');
    expect(editorData(html)).toBeNull();
  });

  it('the token is written as JSON that cannot end the script element; no shop id, nothing at all', () => {
    const designPage = themePage('product', { designMode: true, locale: 'en' });
    const { target, html } = renderAppEmbed(designPage, '</script><b>');
    expect(target).toBe('head');
    expect(html).not.toContain('</script><b>');
    expect(editorData(html)!.token).toBe('</script><b>');
    expect(renderAppEmbed({ ...designPage, designMode: false }, 'secret').html).toBe('<script async src="/demo/vitrine.js"></script>');
  });
});

describe('the app blocks on the alternate product template (?view=blocks)', () => {
  it('each block once, with its mount point where the merchant put it (not where the widgets go by default)', async () => {
    const html = await page(`${TEE}?view=blocks`);
    for (const block of ['reviews', 'stars', 'offer-card', 'currency-selector'])
      expect(count(html, `data-vitrine-block="${block}"`), block).toBe(1);
    const at = (text: string) => html.indexOf(text);
    // Stars: right under the price, before the tax line; reviews: above the description, after the form.
    expect(at('data-vitrine-block="stars"')).toBeGreaterThan(at('id="price-template--1__main"'));
    expect(at('data-vitrine-block="stars"')).toBeLessThan(at('class="product__tax'));
    expect(at('data-vitrine-block="reviews"')).toBeGreaterThan(at('</form>'));
    expect(at('data-vitrine-block="reviews"')).toBeLessThan(at('class="product__description'));
    // Offer card: under the media, before the info column; currency selector: in the header, before the cart icon.
    expect(at('data-vitrine-block="offer-card"')).toBeLessThan(at('class="product__info-wrapper"'));
    expect(at('data-vitrine-block="offer-card"')).toBeGreaterThan(at('class="product__media-wrapper"'));
    expect(at('data-vitrine-block="currency-selector"')).toBeLessThan(at('id="cart-icon-bubble"'));
    expect(at('data-vitrine-block="currency-selector"')).toBeGreaterThan(at('class="header__icons"'));
    // The platform's app block wrapper; the product named; nothing of the editor outside it.
    expect(html).toContain(
      '<div id="shopify-block-vitrine_reviews_Rv7Kq2" class="shopify-block shopify-app-block"><div data-vitrine-block="reviews" data-product-handle="classic-cotton-tee" data-product-id="',
    );
    expect(html).not.toContain('data-shopify-editor-block');
    expect(html).not.toContain('data-vitrine-label');
  });

  it('the default template and any other view have no blocks', async () => {
    expect(await page(TEE)).not.toContain('data-vitrine-block');
    expect(await page(`${TEE}?view=other`)).not.toContain('data-vitrine-block');
  });

  it('in design mode: the editor’s block attributes and the block’s name in the page’s language', async () => {
    const html = await page(`/es${TEE}?view=blocks&design_mode=1`);
    expect(html).toContain('data-vitrine-label="Vitrine: reseñas"');
    expect(html).toContain(
      'data-shopify-editor-block="{&quot;id&quot;:&quot;vitrine_reviews_Rv7Kq2&quot;,&quot;type&quot;:&quot;shopify://apps/vitrine/blocks/reviews/',
    );
  });

  it('a block is refused on a template its schema does not enable', () => {
    expect(() => renderAppBlock({ name: 'reviews', id: 'x' }, themePage('cart', { designMode: false, locale: 'en' }))).toThrow(
      /not enabled/,
    );
    expect(renderAppBlock({ name: 'offer-card', id: 'x' }, themePage('cart', { designMode: false, locale: 'en' }))).toContain(
      'data-vitrine-block="offer-card"',
    );
  });
});

describe('design mode', () => {
  it('sets Shopify.designMode, shows the preview bar and inlines the theme editor stand-in', async () => {
    const html = await page(`${TEE}?design_mode=1`);
    expect(html).toContain('"designMode":true');
    expect(html).toContain('<div id="PBarNextFrameWrapper" class="preview-bar" role="region" aria-label="Theme editor">');
    expect(html).toContain('window.__vitrineDemoEditor = editor;');
    expect(count(html, 'PBarNextFrameWrapper')).toBe(2); // the bar and the script's lookup
  });
});

describe('the Section Rendering API', () => {
  it('?section_id= answers the section with its wrapper, as the page has it (the blocks included)', async () => {
    const res = await s.app.inject({ url: `${TEE}?view=blocks&section_id=template--1__main` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/^<section id="shopify-section-template--1__main" class="shopify-section section">.*<\/section>$/s);
    expect(count(res.body, 'data-vitrine-block=')).toBe(3);
    expect(res.body).not.toContain('<html');
    const header = await s.app.inject({ url: `${TEE}?view=blocks&section_id=sections--1__header` });
    expect(header.body).toMatch(/^<div id="shopify-section-sections--1__header".*<\/div>$/s);
    expect(header.body).toContain('data-vitrine-block="currency-selector"');
  });

  it('a browser asking for a compressed answer gets the section too (compressed)', async () => {
    const res = await s.app.inject({ url: `${TEE}?section_id=template--1__main`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toMatch(/^<section id="shopify-section-template--1__main"/);
  });

  it('?sections= answers JSON, null for a section the page lacks', async () => {
    const res = await s.app.inject({ url: '/?sections=sections--1__footer,nope' });
    expect(res.headers['content-type']).toContain('application/json');
    const json = res.json() as Record<string, string | null>;
    expect(json.nope).toBeNull();
    expect(json['sections--1__footer']).toMatch(/^<div id="shopify-section-sections--1__footer".*<\/footer><\/div>$/s);
  });

  it('bad requests get a clear error: an odd id, more than 5 sections, a section the page lacks', async () => {
    const odd = await s.app.inject({ url: '/?section_id=%3Cx%3E' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ error: { code: 'BAD_SECTIONS' } });
    expect((await s.app.inject({ url: '/?sections=a,b,c,d,e,f' })).statusCode).toBe(400);
    const missing = await s.app.inject({ url: '/?section_id=nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // Not a page: the answer stays as it was.
    expect((await s.app.inject({ url: `${TEE}.js?section_id=x` })).statusCode).toBe(200);
  });

  it('sectionHtml: nested elements of the same name; markup-like text in scripts and comments does not count', () => {
    const html =
      '<main><div id="shopify-section-a" class="shopify-section"><div><script>"</div>"</script><!-- </div> --><div></div></div></div><div id="shopify-section-b" class="shopify-section"></div></main>';
    expect(sectionHtml(html, 'a')).toBe(
      '<div id="shopify-section-a" class="shopify-section"><div><script>"</div>"</script><!-- </div> --><div></div></div></div>',
    );
    expect(sectionHtml(html, 'b')).toBe('<div id="shopify-section-b" class="shopify-section"></div>');
    expect(sectionHtml(html, 'c')).toBeNull();
  });
});
