/**
 * What the reviews widget's browser tests (`reviews.*.test.ts`) share: the demo shop for the
 * file, where the widget sits and how to read its shadow root, the provider's own numbers to
 * compare with, and `withProduct`, which opens a product page once the widget has rendered.
 */
import { after, before } from 'node:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SEED_FACTS } from '../../server/storage/demoData';
import { ROOT, startShop, type OpenedPage, type OpenOptions, type Shop, type ShopOptions, SHOWN_WITHIN_MS, withPage } from './harness';

/** Starts the demo shop (and Chromium) before the file's tests and closes it after them; returns a getter. */
export function useShop(options: ShopOptions = {}): () => Shop {
  let shop: Shop | undefined;
  before(async () => {
    shop = await startShop(options);
  });
  after(async () => {
    await shop?.close();
  });
  return () => shop!;
}

/** The product with the most reviews (48, some with photos). */
export const PRODUCT = `/products/${SEED_FACTS.manyReviewsHandle}`;
/** The widget's host element. */
export const HOST = '[data-vitrine-mount="reviews"]';
/** The widget's shadow root, as an expression for `page.evaluate`. */
export const SR = `document.querySelector('${HOST}')?.shadowRoot`;
/** Only the reviews module: no star snippets or converter on the page. */
export const ONLY_REVIEWS = `window.vitrineSettings = { modules: [21], reviews: { starSnippet: { product: false, collection: false, template: '{stars}' } } };`;

/** Evaluates `expr` (a string, see harness notes) in the page. */
export const ev = <T>(page: Page, expr: string): Promise<T> => page.evaluate(expr) as Promise<T>;
/** How many review cards the widget shows. */
export const cards = (page: Page) => ev<number>(page, `${SR}?.querySelectorAll('.card').length ?? 0`);
/** Waits until the widget has rendered its list (or its empty text). */
export const widgetReady = (page: Page) => waitUntil(page, `!!${SR}?.querySelector('.card, .empty')`);
/** Waits until `expression` (evaluated in the page) is true, for as long as a shopper would wait. */
export const waitUntil = (page: Page, expression: string) => page.waitForFunction(expression, undefined, { timeout: SHOWN_WITHIN_MS });
/** Text of the element in the widget's shadow root matching `selector`. */
export const text = (page: Page, selector: string) =>
  ev<string | null>(page, `${SR}?.querySelector(${JSON.stringify(selector)})?.textContent ?? null`);
/** Clicks the first element of the widget matching `selector`. */
export const clickIn = (page: Page, selector: string) => page.locator(`${HOST} ${selector}`).first().click();
/** Waits until the review modal is open. */
export const modalOpen = (page: Page) => waitUntil(page, `!!${SR}?.querySelector('dialog[open] .review-modal')`);
/** The id of the review the open modal shows, or null. */
export const dialogReviewId = (page: Page) =>
  ev<string | null>(page, `${SR}?.querySelector('dialog[open] .review-modal')?.getAttribute('data-review-id') ?? null`);
/** The deepest focused element's class and label. */
export const focused = (page: Page) =>
  ev<string>(
    page,
    `(() => { let e = document.activeElement; while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement; return e ? (e.className + '|' + (e.getAttribute('aria-label') || '')) : ''; })()`,
  );

/** Stats as the provider sends them (spec §3: r total count, s average, d count per star value). */
export interface WireStats {
  r: number;
  s: number;
  d: Record<string, number>;
}
/** Reviews as the provider lists them (the fields the tests compare). */
interface WireReviews {
  reviews: { id: number; photos: string[]; stars: number }[];
}

/** Stats straight from the provider, to compare with what the widget shows. */
export async function providerStats(shop: Shop, handle: string = SEED_FACTS.manyReviewsHandle): Promise<WireStats> {
  return (await fetch(`${shop.origin}/api/sf/prs/demo/${handle}.json`)).json() as never;
}
/** The provider's first 100 reviews of `handle`, in list order. */
export async function providerReviews(shop: Shop, handle: string = SEED_FACTS.manyReviewsHandle): Promise<WireReviews> {
  return (await fetch(`${shop.origin}/api/reviews/demo/0/${handle}.json?limit=100`)).json() as never;
}
/** The ids of the reviews with photos among the first 100, in list order. */
export const photoIds = async (shop: Shop): Promise<string[]> =>
  (await providerReviews(shop)).reviews.filter((review) => review.photos.length).map((review) => String(review.id));

/** Where `withProduct` opens (the big product by default) and how (see `OpenOptions`). */
type ProductOptions = OpenOptions & { url?: string };

/** Opens the product page, waits for the widget, runs `fn` and always closes the page. */
export const withProduct = <T>(shop: Shop, fn: (opened: OpenedPage) => Promise<T>, options: ProductOptions = {}): Promise<T> =>
  withPage(
    shop,
    options.url ?? PRODUCT,
    async (opened) => {
      await widgetReady(opened.page);
      return fn(opened);
    },
    options,
  );

/**
 * The axe-core violations inside the widget, as 'rule: targets' (empty when there are none).
 * The first call loads axe into the page.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await ev<boolean>(page, `typeof axe === 'object'`)))
    await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return ev<string[]>(
    page,
    `axe.run({ include: [['${HOST}']] }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  );
}
