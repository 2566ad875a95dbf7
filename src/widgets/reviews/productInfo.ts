/**
 * The product the page shows (spec §3 "Product info for the modal": title, image), read from
 * the page: the theme's product JSON (`script[id^=ProductJson]`, `script[data-product-json]`),
 * else Open Graph tags, else the first `h1`. Never throws.
 */
export interface ProductInfo {
  title: string;
  image: string | null;
  url: string;
}

export function readProductInfo(doc: Document = document): ProductInfo {
  let title = '';
  let image: string | null = null;
  try {
    const el = doc.querySelector('script[id^="ProductJson"],script[data-product-json]');
    const json = el ? JSON.parse(el.textContent || '') : null;
    const product = json && (json.product || json);
    if (product && typeof product.title === 'string') title = product.title;
    const productImage = product && (product.featured_image || (product.images && product.images[0]));
    if (typeof productImage === 'string') image = productImage;
  } catch {
    /* fall through to the tags */
  }
  const meta = (property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute('content') || '';
  title = title || meta('og:title') || (doc.querySelector('h1')?.textContent || '').trim();
  image = image || meta('og:image') || null;
  // Scheme-less, as the platform writes image URLs: the page's own scheme (https on the platform,
  // http on a development shop), which the URL checks below and JSON-LD need spelled out.
  if (image && image.startsWith('//')) image = location.protocol + image;
  if (image && !/^(https?:\/\/|\/)/i.test(image)) image = null;
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  return {
    title: title.slice(0, 300),
    image,
    url: canonical && /^https?:\/\//i.test(canonical) ? canonical : location.href.split(/[?#]/)[0],
  };
}
