/**
 * Sends a review to the provider (spec §7): `POST {providerBase}add-new-review`, or
 * `store-review-for-order?ajax=1` with the order code, as multipart form data — `shopId`,
 * `productHandle`, `productId` (when the page has it), `review[name]`, `review[email]`,
 * `review[review]`, `review[stars]` ('1'–'5'), `review[website]` (the honeypot, as the shopper
 * left it), `idempotencyKey`, `locale`, `code` and the photos as `images[]` (made smaller first,
 * see `downscale.ts`) — through the page's request wrapper (budget, 40 s timeout, reports) on an
 * XHR transport that reports the upload's progress. Resolves the decision for the answer; never rejects.
 */
import { UPLOAD_TIMEOUT_MS } from '../../../core/request';
import type { WidgetContext } from '../../types';
import { preparePhoto } from './downscale';
import type { FieldValues } from './fieldRules';
import { decideAnswer, type SubmitAnswer } from './submitAnswer';
import { xhrTransport } from './xhrTransport';

/** One submission attempt. */
export interface ReviewSubmission {
  handle: string;
  values: FieldValues;
  stars: number;
  /** The honeypot field's value (empty from real shoppers). */
  website: string;
  photos: File[];
  /** The order code of an order review, else null. */
  code: string | null;
  idempotencyKey: string;
}

/** The product id the platform puts on product pages (`ShopifyAnalytics.meta.product.id`), when there is one. */
function productIdOnPage(): string | null {
  const id = (window as unknown as { ShopifyAnalytics?: { meta?: { product?: { id?: unknown } } } }).ShopifyAnalytics?.meta?.product?.id;
  return typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? String(id) : null;
}

/** The multipart body of `submission` (photos as given). */
export function reviewFormData(ctx: WidgetContext, submission: ReviewSubmission, photos: Blob[] = submission.photos): FormData {
  const data = new FormData();
  const add = (name: string, value: string | null) => value != null && data.append(name, value);
  add('shopId', ctx.settings.shopId);
  add('productHandle', submission.handle);
  add('productId', productIdOnPage());
  add('review[name]', submission.values.name.trim());
  add('review[email]', submission.values.email.trim());
  add('review[review]', submission.values.review.trim());
  add('review[stars]', String(Math.min(5, Math.max(1, Math.round(submission.stars) || 5))));
  add('review[website]', submission.website);
  add('idempotencyKey', submission.idempotencyKey);
  add('locale', ctx.language);
  add('code', submission.code);
  for (const photo of photos) data.append('images[]', photo, (photo as File).name);
  return data;
}

/** Prepares the photos (one at a time: a phone decodes one 12-megapixel photo at once, not five) and sends. */
export async function submitReview(
  ctx: WidgetContext,
  submission: ReviewSubmission,
  onProgress: (fraction: number) => void,
): Promise<SubmitAnswer> {
  try {
    const photos: File[] = [];
    for (const photo of submission.photos) photos.push(await preparePhoto(photo));
    const path = submission.code ? 'store-review-for-order?ajax=1' : 'add-new-review';
    const body = await ctx.request(ctx.settings.providerBase + path, {
      body: reviewFormData(ctx, submission, photos),
      timeout: UPLOAD_TIMEOUT_MS,
      fetch: xhrTransport(onProgress),
    });
    return decideAnswer({ body });
  } catch (error) {
    return decideAnswer({ error });
  }
}
