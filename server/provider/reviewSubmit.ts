/**
 * Shoppers' reviews (docs/provider-api.md "Reviews (write side)"): `POST /api/add-new-review`
 * and `POST /api/store-review-for-order?ajax=1` (an order's review code: a verified order review),
 * multipart/form-data with the fields `shopId`, `productHandle`/`productId`, `review[name]`,
 * `review[email]`, `review[review]`, `review[stars]`, `review[website]` (a honeypot),
 * `idempotencyKey`, `locale`, `code` and the files `images[]`.
 *
 * In order: the form is read (limits → 413), the shop found (404), a retried idempotency key
 * answered as the first time, the client's submissions counted (429), a filled honeypot answered
 * as a pending success (nothing stored), the fields validated (400, one message per field), the
 * product, the order code and the 24-hour rule checked (400, 409; before any photo is decoded),
 * the photos checked and re-encoded (415, 413), then the review is stored in one transaction that
 * checks the key, the code and the 24-hour rule again (409).
 * Success: `{ success: true, review }`; failure: reviewFailure.ts's shape.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReviewPhotoLimits } from '../config.ts';
import type { AppContext } from '../lib/context.ts';
import { groupRateLimit, type GroupLimiter } from '../lib/rateLimit.ts';
import { PhotoRejected, processPhoto, type Upload } from '../lib/reviewPhotos.ts';
import { SANITIZER_VERSION } from '../lib/sanitizeReviewHtml.ts';
import { SHOP_ID_RE } from '../lib/validation.ts';
import type { ProductRef } from '../storage/products.ts';
import type { Shop } from '../storage/schema.ts';
import type { NewReview, ReviewPhotoImages, SubmitOutcome } from '../storage/submissions.ts';
import { honeypotReview } from './honeypot.ts';
import { installReviewErrorHandler, ReviewFailure, TOO_MANY_REVIEWS } from './reviewFailure.ts';
import { MESSAGES, reviewTextToHtml, validateReviewFields, type ReviewFields } from './reviewFields.ts';
import { readReviewForm, type ReviewForm } from './reviewForm.ts';
import { initialStatus, submissionPolicy } from './submissionPolicy.ts';

const HOUR_MS = 60 * 60 * 1000;

const ROUTES = [
  { url: '/api/add-new-review', forOrder: false },
  { url: '/api/store-review-for-order', forOrder: true },
] as const;

const failure = (status: number, code: string, message: string) => new ReviewFailure(status, code, [message]);
const invalidCode = () => failure(400, 'INVALID_ORDER_CODE', MESSAGES.invalidCode);
const unknownProduct = () => failure(400, 'UNKNOWN_PRODUCT', MESSAGES.unknownProduct);

/** The shop the form names: 400 without a valid shop id, 404 when unknown. */
async function shopOfForm(ctx: AppContext, shopId: string): Promise<Shop> {
  if (!SHOP_ID_RE.test(shopId)) throw failure(400, 'VALIDATION_ERROR', 'A shop id is required');
  const shop = await ctx.storage.shops.get(shopId);
  if (!shop) throw failure(404, 'SHOP_NOT_FOUND', 'This shop does not take reviews here');
  return shop;
}

/** The `Idempotency-Key` header (the field wins when both are sent). */
function idempotencyHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

/** Counts the submission against the client's limit; 429 with Retry-After when over it. */
async function countSubmission(limiter: GroupLimiter | null, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!limiter) return;
  const status = await limiter(request);
  if (status.isAllowed || !status.isExceeded) return;
  reply.header('retry-after', String(Math.max(1, status.ttlInSeconds)));
  throw failure(429, 'RATE_LIMITED', TOO_MANY_REVIEWS);
}

/** The product a product review is about: it must be one of the shop's products. */
async function reviewedProduct(ctx: AppContext, shop: Shop, fields: ReviewFields): Promise<ProductRef> {
  const product = await ctx.storage.products.find(shop.id, { handle: fields.productHandle, productId: fields.productId });
  if (!product) throw unknownProduct();
  return product;
}

/**
 * The product of an order review: the order's (the form may name it too, and must name that
 * one). Refuses early a code that is unknown, of another product or used (the transaction checks
 * again, atomically).
 */
async function orderedProduct(ctx: AppContext, shop: Shop, fields: ReviewFields): Promise<{ product: ProductRef; email: string | null }> {
  const order = await ctx.storage.orders.find(shop.id, fields.code!);
  if (!order) throw invalidCode();
  const named = fields.productHandle !== null || fields.productId !== null;
  const product = named
    ? await reviewedProduct(ctx, shop, fields)
    : await ctx.storage.products.find(shop.id, { handle: order.product_handle });
  if (!product) throw unknownProduct();
  if (product.handle !== order.product_handle) throw invalidCode();
  if (order.review_id !== null) throw failure(409, 'ORDER_CODE_USED', 'This review link has already been used');
  // Without an address in the form, the order's: the 24-hour duplicate check still has one.
  return { product, email: fields.email ?? order.customer_email };
}

/** Checks and re-encodes the photos, in order; every refused one is named (415 before 413). */
async function processPhotos(photos: Upload[], limits: ReviewPhotoLimits): Promise<ReviewPhotoImages[]> {
  const results = await Promise.allSettled(photos.map((photo) => processPhoto(photo, limits.maxPixels)));
  const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (!refused.length) return results.map((result) => (result as PromiseFulfilledResult<ReviewPhotoImages>).value);
  const unexpected = refused.find((reason) => !(reason instanceof PhotoRejected));
  if (unexpected) throw unexpected;
  const rejections = refused as PhotoRejected[];
  const status = rejections.some((rejection) => rejection.statusCode === 415) ? 415 : 413;
  throw new ReviewFailure(
    status,
    status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'PAYLOAD_TOO_LARGE',
    rejections.map((rejection) => rejection.message),
  );
}

/** Sends `{ success: true, review }`. */
function sendSuccess(reply: FastifyReply, review: unknown): FastifyReply {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ success: true, review });
}

/** Sends the stored review (the same answer for a first submission and its retries). */
async function sendStored(ctx: AppContext, reply: FastifyReply, shop: Shop, reviewId: number): Promise<FastifyReply> {
  return sendSuccess(reply, await ctx.storage.reviews.submittedJson(shop, reviewId));
}

/** A refused outcome of the storing transaction as its failure. */
function outcomeFailure(outcome: Exclude<SubmitOutcome, { reviewId: number }>): ReviewFailure {
  if (outcome.kind === 'duplicate') return failure(409, 'DUPLICATE_REVIEW', 'You have already reviewed this product');
  if (outcome.kind === 'codeUsed') return failure(409, 'ORDER_CODE_USED', 'This review link has already been used');
  return invalidCode();
}

/**
 * Validates the fields, finds the product (and, for an order review, the order), and refuses a
 * duplicate before its photos cost any decoding (the transaction checks again): what to store.
 */
async function checkSubmission(ctx: AppContext, shop: Shop, form: ReviewForm, forOrder: boolean, request: FastifyRequest) {
  const validated = validateReviewFields((name) => form.fields.get(name) ?? '', {
    forOrder,
    truncated: form.truncated,
    idempotencyHeader: idempotencyHeader(request),
  });
  if ('messages' in validated) throw new ReviewFailure(400, 'VALIDATION_ERROR', validated.messages);
  const fields = validated.fields;
  const { product, email } = forOrder
    ? await orderedProduct(ctx, shop, fields)
    : { product: await reviewedProduct(ctx, shop, fields), email: fields.email };
  if (email && (await ctx.storage.submissions.reviewedRecently(shop.id, product.handle, email)))
    throw outcomeFailure({ kind: 'duplicate' });
  return { fields, product, email };
}

/**
 * A conflict met before the transaction (a used code, the address's review of the day) may be
 * the review this request's own idempotency key stored after this request first looked the key up
 * (two copies of one submission at once, on two processes): then that review is the answer.
 * Anything else is thrown again. Once the conflict is seen, its review is committed, so asking
 * for the key now finds it if it is ours.
 */
async function answerOwnConflict(ctx: AppContext, reply: FastifyReply, shop: Shop, key: string | undefined, error: unknown) {
  const conflict = error instanceof ReviewFailure && error.statusCode === 409;
  const earlier = conflict && key ? await ctx.storage.submissions.reviewIdOfKey(shop.id, key) : undefined;
  if (earlier === undefined) throw error;
  return sendStored(ctx, reply, shop, earlier);
}

/** A submission past its admission (form read, shop known, not a retry, counted, no honeypot). */
interface Admitted {
  shop: Shop;
  form: ReviewForm;
  forOrder: boolean;
  /** The idempotency key as sent (validated with the other fields). */
  key: string | undefined;
}

type Checked = Awaited<ReturnType<typeof checkSubmission>>;

/** The review to store from checked fields and processed photos. */
function newReview(shop: Shop, { fields, product, email }: Checked, photos: ReviewPhotoImages[]): NewReview {
  return {
    shopId: shop.id,
    productId: product.productId,
    productHandle: product.handle,
    name: fields.name,
    email,
    stars: fields.stars,
    bodyHtml: reviewTextToHtml(fields.text),
    htmlVersion: SANITIZER_VERSION,
    locale: fields.locale,
    status: initialStatus(submissionPolicy(shop), fields.stars),
    idempotencyKey: fields.idempotencyKey,
    orderCode: fields.code,
    photos,
  };
}

/** Checks an admitted submission, processes its photos and stores it; answers the review. */
async function store(ctx: AppContext, { shop, form, forOrder, key }: Admitted, request: FastifyRequest, reply: FastifyReply) {
  const policy = submissionPolicy(shop);
  if (!policy.formEnabled) throw failure(403, 'FORM_DISABLED', 'This shop does not take reviews at the moment');
  let checked: Checked;
  try {
    checked = await checkSubmission(ctx, shop, form, forOrder, request);
  } catch (error) {
    return answerOwnConflict(ctx, reply, shop, key, error);
  }
  if (form.photos.length && !policy.photosAllowed) throw failure(413, 'PAYLOAD_TOO_LARGE', 'Photos cannot be added to reviews here');
  const photos = await processPhotos(form.photos, ctx.config.reviewPhotos);
  const review = newReview(shop, checked, photos);
  const outcome = await ctx.storage.submissions.submit(review);
  // Published at once: the product's stats changed, so do its metafields on the platform.
  if (outcome.kind === 'stored' && review.status === 'published') ctx.reviewMetafields.productChanged(shop.id, review.productHandle);
  if (outcome.kind === 'stored' || outcome.kind === 'replayed') return sendStored(ctx, reply, shop, outcome.reviewId);
  throw outcomeFailure(outcome);
}

/** One submission, start to end (see the module comment). */
async function submit(ctx: AppContext, limiter: GroupLimiter | null, forOrder: boolean, request: FastifyRequest, reply: FastifyReply) {
  const form = await readReviewForm(request, reply, ctx.config.reviewPhotos);
  const field = (name: string) => form.fields.get(name) ?? '';
  const shop = await shopOfForm(ctx, field('shopId').trim());
  request.shop = shop;
  const key = field('idempotencyKey').trim() || idempotencyHeader(request)?.trim();
  // A retry of a stored submission: the first answer, before anything is counted or processed.
  const earlier = key ? await ctx.storage.submissions.reviewIdOfKey(shop.id, key) : undefined;
  if (earlier !== undefined) return sendStored(ctx, reply, shop, earlier);
  await countSubmission(limiter, request, reply);
  if (field('review[website]').trim()) return sendSuccess(reply, honeypotReview(shop, field, forOrder));
  return store(ctx, { shop, form, forOrder, key }, request, reply);
}

/** The submission routes, in a scope of their own: only they parse multipart bodies, and every failure there has their shape. */
export function registerReviewSubmit(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.config.rateLimits;
  const limiter = limits
    ? groupRateLimit(app, 'reviews', { max: limits.reviewsPerHour, timeWindow: HOUR_MS, shopId: (request) => request.shop!.id })
    : null;
  app.register(async (scope) => {
    // Only forms: any other body type is refused (415) before a byte of it is read or parsed.
    scope.removeAllContentTypeParsers();
    await scope.register(multipart);
    installReviewErrorHandler(scope);
    for (const route of ROUTES) {
      scope.post(route.url, (request, reply) => submit(ctx, limiter, route.forOrder, request, reply));
    }
  });
}
