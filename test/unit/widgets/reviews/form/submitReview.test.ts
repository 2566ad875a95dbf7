// @vitest-environment jsdom
/**
 * Sending a review: the XHR transport (progress, answers, failures, the wrapper's abort) and the
 * submission (fields of the contract, the order endpoint, the decision for the answer).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRequester } from '../../../../../src/core/request';
import { reviewFormData, submitReview, type ReviewSubmission } from '../../../../../src/widgets/reviews/form/submitReview';
import { xhrTransport } from '../../../../../src/widgets/reviews/form/xhrTransport';
import type { WidgetContext } from '../../../../../src/widgets/types';

/** A stand-in XMLHttpRequest: the test answers it (or fails it) by hand. */
class FakeXhr {
  static last: FakeXhr;
  static made = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.made++;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

describe('xhrTransport', () => {
  test('sends method, headers and body; reports upload progress; answers like fetch', async () => {
    const progress: number[] = [];
    const body = new FormData();
    const pending = xhrTransport((fraction) => progress.push(fraction))('/api/add-new-review', {
      method: 'POST',
      body,
      headers: { 'X-A': '1' },
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body, xhr.headers]).toEqual(['POST', '/api/add-new-review', body, { 'X-A': '1' }]);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 250, total: 1000 });
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 1, total: 0 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 1000, total: 1000 });
    expect(progress).toEqual([0.25, 1]);
    xhr.answer(201, '{"success":true}');
    const response = await pending;
    expect([response.ok, response.status, await response.text()]).toEqual([true, 201, '{"success":true}']);
  });
  test('a non-2xx answer is not ok; a network failure rejects; the signal aborts it', async () => {
    const transport = xhrTransport(() => {});
    const refused = transport('/x', { method: 'POST' });
    FakeXhr.last.answer(429, '{"success":false}');
    expect(await refused).toMatchObject({ ok: false, status: 429 });
    const failed = transport('/x', { method: 'POST' });
    FakeXhr.last.onerror!();
    await expect(failed).rejects.toThrow(TypeError);
    const controller = new AbortController();
    const aborted = transport('/x', { method: 'POST', signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(aborted).rejects.toThrow(TypeError);
  });
  test('a throwing progress listener is contained', () => {
    void xhrTransport(() => {
      throw new Error('listener');
    })('/x', {});
    expect(() => FakeXhr.last.upload.onprogress!({ lengthComputable: true, loaded: 1, total: 2 })).not.toThrow();
  });
});

const ctx = (request: WidgetContext['request']) =>
  ({ settings: { providerBase: 'https://p.example/api/', shopId: 'demo' }, language: 'es-mx', request }) as unknown as WidgetContext;
const submission = (over: Partial<ReviewSubmission> = {}): ReviewSubmission => ({
  handle: 'tee',
  values: { name: ' Ann ', email: ' ann@example.com ', review: ' Great tee ' },
  stars: 4,
  website: '',
  photos: [],
  code: null,
  idempotencyKey: 'key_0123456789',
  ...over,
});

describe('reviewFormData', () => {
  afterEach(() => {
    delete (window as { ShopifyAnalytics?: unknown }).ShopifyAnalytics;
  });
  test('the fields of the contract; productId when the page has it; code only for an order review', () => {
    const photo = new File(['x'], 'a.webp', { type: 'image/webp' });
    const data = reviewFormData(ctx(vi.fn()), submission({ photos: [photo] }));
    expect([...data.keys()]).toEqual([
      'shopId',
      'productHandle',
      'review[name]',
      'review[email]',
      'review[review]',
      'review[stars]',
      'review[website]',
      'idempotencyKey',
      'locale',
      'images[]',
    ]);
    expect(Object.fromEntries([...data.entries()].filter(([key]) => key !== 'images[]'))).toEqual({
      shopId: 'demo',
      productHandle: 'tee',
      'review[name]': 'Ann',
      'review[email]': 'ann@example.com',
      'review[review]': 'Great tee',
      'review[stars]': '4',
      'review[website]': '',
      idempotencyKey: 'key_0123456789',
      locale: 'es-mx',
    });
    expect((data.get('images[]') as File).name).toBe('a.webp');
    (window as { ShopifyAnalytics?: unknown }).ShopifyAnalytics = { meta: { product: { id: 7712 } } };
    const order = reviewFormData(ctx(vi.fn()), submission({ code: 'A-1', stars: 9 }));
    expect([order.get('productId'), order.get('code'), order.get('review[stars]')]).toEqual(['7712', 'A-1', '5']);
  });
});

describe('submitReview', () => {
  test('add-new-review through the wrapper: the 40 s timeout, the XHR transport, the decision for the answer', async () => {
    const request = vi.fn(async () => ({ success: true, review: { id: 'r1', status: 'published' } }));
    const answer = await submitReview(ctx(request as unknown as WidgetContext['request']), submission(), () => {});
    expect(answer).toEqual({ kind: 'added', review: { id: 'r1', status: 'published' }, pending: false });
    const [url, init] = request.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(url).toBe('https://p.example/api/add-new-review');
    expect(init.timeout).toBe(40000);
    expect(init.body).toBeInstanceOf(FormData);
    expect(typeof init.fetch).toBe('function');
  });
  test('an order review goes to store-review-for-order?ajax=1', async () => {
    const request = vi.fn(async () => ({ success: true, review: { id: 'r2', status: 'pending' } }));
    await submitReview(ctx(request as unknown as WidgetContext['request']), submission({ code: 'A-1' }), () => {});
    expect((request.mock.calls[0] as unknown as [string])[0]).toBe('https://p.example/api/store-review-for-order?ajax=1');
  });
  test('with the real wrapper: progress from the upload, a 400 with messages, a dropped request (budget spent)', async () => {
    const progress: number[] = [];
    const request = createRequester({ budget: 2 });
    const made = FakeXhr.made;
    const first = submitReview(ctx(request), submission(), (fraction) => progress.push(fraction));
    await vi.waitFor(() => expect(FakeXhr.made).toBe(made + 1));
    expect(FakeXhr.last.url).toBe('https://p.example/api/add-new-review');
    FakeXhr.last.upload.onprogress!({ lengthComputable: true, loaded: 5, total: 10 });
    FakeXhr.last.answer(400, '{"success":false,"errors":["Review is too short"]}');
    expect(await first).toEqual({ kind: 'rejected', messages: ['Review is too short'] });
    expect(progress).toEqual([0.5]);
    const second = submitReview(ctx(request), submission(), () => {});
    await vi.waitFor(() => expect(FakeXhr.made).toBe(made + 2));
    FakeXhr.last.onerror!();
    expect(await second).toEqual({ kind: 'failed' });
    expect(await submitReview(ctx(request), submission(), () => {})).toEqual({ kind: 'failed' });
  });
});
