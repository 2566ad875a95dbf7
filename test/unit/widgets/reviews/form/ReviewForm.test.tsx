// @vitest-environment jsdom
/**
 * The write-a-review form inside the reviews widget, under real React (production renders it with
 * Preact: ReviewForm.preact.test.tsx runs the main flow there): opening, the field rules and their
 * timing, the states of a submission, the local list, order reviews and the captured e-mail.
 * The form's parts load through the same `ctx.load` as in production, from the source modules.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { REVIEWS_DEFAULTS, type ReviewsSettings } from '../../../../../src/core/reviewsSettings';
import { createController, type Controller } from '../../../../../src/widgets/reviews/controller';
import { mount } from '../../../../../src/widgets/reviews/index';
import { ReviewsWidget } from '../../../../../src/widgets/reviews/ReviewsWidget';
import { TEXTS } from '../../../../../src/widgets/reviews/texts';
import type { WidgetContext } from '../../../../../src/widgets/types';

const listed = (id: number) => ({ id, name: `Name ${id}`, stars: 5, review: `Text ${id}`, timestamp: Date.UTC(2024, 0, id), photos: [] });
const LIST = [listed(1), listed(2)];
const STATS = { r: 2, s: 5, d: { 5: 2 } };

interface Sent {
  url: string;
  fields: Record<string, string>;
  files: File[];
}

/** Answers of the fake provider to submissions, in order; a function answers with its result (or throws). */
let answers: Array<unknown | (() => unknown)>;
let sent: Sent[];
let loads: string[];
let requests: Array<[string, unknown]>;

function makeCtx(list = LIST, stats: unknown = STATS): WidgetContext {
  return {
    settings: { providerBase: '/api/', shopId: 'demo', lastUpdated: 1, colors: {} },
    page: { productHandle: 'tee', pageType: 'product', store: { root: '' } },
    language: 'en',
    report: vi.fn(),
    load: ((name: string) => {
      loads.push(name);
      if (name === 'reviews.form') return import('../../../../../src/widgets/reviews/lazy/form');
      if (name === 'reviews.modal') return import('../../../../../src/widgets/reviews/lazy/modal');
      return Promise.reject(new Error(name));
    }) as WidgetContext['load'],
    request: (async (url: string, init?: { body?: FormData; json?: unknown }) => {
      requests.push([url, init?.json ?? init?.body]);
      if (url.includes('/reviews/')) return { reviews: list, total: list.length, stats };
      if (url.endsWith('store-captured-email')) return null;
      const fields: Record<string, string> = {};
      const files: File[] = [];
      for (const [key, value] of init!.body!.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else files.push(value as File);
      }
      sent.push({ url, fields, files });
      const answer = answers.shift();
      return typeof answer === 'function' ? (answer as () => unknown)() : answer;
    }) as WidgetContext['request'],
    onRefresh: () => () => {},
    setCountryCode: () => {},
  } as unknown as WidgetContext;
}

let ctx: WidgetContext;
let controller: Controller;
/** Where the widget renders: the document (rendered by the tests) or the shadow root (`mount`, as in production). */
let root: Document | ShadowRoot;
async function mountWidget(over: Partial<ReviewsSettings> = {}, list = LIST) {
  ctx = makeCtx(list, list.length ? STATS : { r: 0, s: 0, d: {} });
  controller = createController(ctx, 'tee', { ...REVIEWS_DEFAULTS, ...over }, TEXTS.en!, false);
  root = document;
  render(<ReviewsWidget controller={controller} initialWidth={1000} onRendered={() => {}} />);
  await act(() => controller.ready);
}

/** The widget as the loader mounts it (its `mount`, in a shadow root), with its opening rules. */
let unmountReal: (() => void) | void;
async function mountReal(over: Partial<ReviewsSettings> = {}, list = LIST) {
  ctx = makeCtx(list, list.length ? STATS : { r: 0, s: 0, d: {} });
  (ctx.settings as unknown as Record<string, unknown>).reviews = { ...REVIEWS_DEFAULTS, ...over };
  const host = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    unmountReal = mount(host, ctx);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await vi.dynamicImportSettled();
  });
  root = host.shadowRoot!;
}
const active = () => root.activeElement;

/** Opens the form with the plain 'Write a Review' button and waits for its parts. */
async function openForm(name = 'Write a Review') {
  await act(async () => {
    fireEvent.click(screen.getAllByRole('button', { name })[0]!);
    await vi.dynamicImportSettled();
  });
  return dialog();
}
const dialog = () => within(root.querySelector('dialog')!);
const field = (label: string) => dialog().getByLabelText(label, { exact: false }) as HTMLInputElement;
const submitButton = () => dialog().getByRole('button', { name: 'Submit Review' });
const type = (label: string, value: string) => act(() => void fireEvent.change(field(label), { target: { value } }));
const leave = (label: string) => act(() => void fireEvent.blur(field(label)));
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby');
  return ids ? root.getElementById(ids)!.textContent : null;
};
/** Lets the submission's promises (photos, request, answer) settle. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

beforeEach(() => {
  answers = [];
  sent = [];
  loads = [];
  requests = [];
  localStorage.clear();
  Object.defineProperty(document.body, 'clientWidth', { value: 1280, configurable: true });
});
afterEach(() => {
  cleanup();
  act(() => unmountReal?.());
  unmountReal = undefined;
  document.body.textContent = '';
  vi.useRealTimers();
  history.replaceState(null, '', '/');
});

describe('opening', () => {
  test("'Write a Review': a labelled modal dialog with the fields, the rating 5, focus on Name; the event still fires", async () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    addEventListener('vitrine:write-review', listener);
    await mountWidget();
    const form = await openForm();
    removeEventListener('vitrine:write-review', listener);
    expect(heard).toEqual([{ productHandle: 'tee', stars: 5 }]);
    expect(loads).toEqual(['reviews.form', 'reviews.modal']);
    expect(document.querySelector('dialog')!.getAttribute('aria-label')).toBe('Write a Review');
    expect(form.getByRole('heading', { name: 'Write a Review' })).toBeTruthy();
    // Labels exactly as the spec has them; the asterisk of required fields is not part of the name.
    expect(form.getByRole('textbox', { name: 'Name' })).toBe(field('Name'));
    expect(form.getByRole('textbox', { name: 'Email' })).toBe(field('Email'));
    expect(form.getByRole('textbox', { name: 'Review' })).toBe(field('Review'));
    expect(form.getByLabelText('Photos')).toMatchObject({ type: 'file', multiple: true });
    expect(field('Name').required).toBe(true);
    expect(field('Review').required).toBe(true);
    expect(field('Email')).toMatchObject({ type: 'email', required: false });
    expect(Array.from(document.querySelectorAll('label .required')).map((star) => star.textContent)).toEqual([' *', ' *']);
    const rating = form.getByRole('radiogroup', { name: 'Rating' });
    const stars = within(rating).getAllByRole('radio') as HTMLInputElement[];
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(stars.map((star) => star.checked)).toEqual([false, false, false, false, true]);
    expect(new Set(stars.map((star) => star.name)).size).toBe(1);
    expect(document.activeElement).toBe(field('Name'));
    // The honeypot: out of sight, out of the accessibility tree, out of the tab order.
    const honeypot = document.querySelector<HTMLInputElement>('input[name=website]')!;
    expect([honeypot.tabIndex, honeypot.getAttribute('aria-hidden'), honeypot.autocomplete]).toEqual([-1, 'true', 'off']);
    expect(honeypot.closest('.hp')!.getAttribute('aria-hidden')).toBe('true');
  });

  test("a 'share your experience' star opens it with that rating; arrow keys' changes move the rating", async () => {
    await mountWidget();
    await openForm('Rate 3 out of 5 and write a review');
    const stars = () => within(dialog().getByRole('radiogroup', { name: 'Rating' })).getAllByRole('radio') as HTMLInputElement[];
    expect(stars().findIndex((star) => star.checked)).toBe(2);
    act(() => void fireEvent.click(stars()[3]!));
    expect(stars().findIndex((star) => star.checked)).toBe(3);
  });

  test('without photo upload there is no uploader; the form is not there before it is opened', async () => {
    await mountWidget({ reviewForm: { enabled: true, allowPhotoUpload: false } });
    expect(document.querySelector('dialog')).toBeNull();
    await openForm();
    expect(dialog().queryByLabelText('Photos')).toBeNull();
  });

  test('pointing at or focusing a write button prefetches the parts, without opening', async () => {
    await mountWidget();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Write a Review' }));
    expect(loads).toEqual(['reviews.form', 'reviews.modal']);
    fireEvent.focus(screen.getByRole('button', { name: 'Rate 2 out of 5 and write a review' }));
    expect(loads.length).toBe(4);
    await act(() => vi.dynamicImportSettled());
    expect(document.querySelector('dialog')).toBeNull();
  });

  test('?write-review opens it once the widget is ready, also for a product without reviews (in the shadow root)', async () => {
    history.replaceState(null, '', '/products/tee?write-review');
    await mountReal({}, []);
    expect(root.querySelector('dialog')).toBeTruthy();
    expect(active()).toBe(field('Name'));
  });

  test('a shop with the form turned off: ?write-review does nothing', async () => {
    history.replaceState(null, '', '/products/tee?write-review');
    await mountReal({ reviewForm: { enabled: false, allowPhotoUpload: true } });
    expect(root.querySelector('.widget')).toBeTruthy();
    expect(root.querySelector('dialog')).toBeNull();
  });
});

describe('validation (spec §5)', () => {
  test('300 ms after a change, and shown only once the field was left; red, aria-invalid, tied with aria-describedby', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    type('Name', 'A');
    type('Name', '  ');
    leave('Name');
    wait(299);
    expect(errorOf('Name')).toBeNull();
    wait(1);
    expect(errorOf('Name')).toBe('Please enter your name.');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').className).toBe('control');
    type('Name', 'Ann');
    // Still the old verdict until the debounce has run.
    wait(299);
    expect(errorOf('Name')).toBe('Please enter your name.');
    wait(1);
    expect(errorOf('Name')).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
  });

  test('a changed field shows nothing until it is left; a field left unchanged shows nothing', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    type('Email', 'ann@');
    wait(300);
    expect(errorOf('Email')).toBeNull();
    leave('Email');
    expect(errorOf('Email')).toBe('Please enter a valid email address.');
    leave('Review');
    wait(300);
    expect(errorOf('Review')).toBeNull();
    type('Email', 'ann@example.com');
    wait(300);
    expect(errorOf('Email')).toBeNull();
    type('Review', ' ');
    leave('Review');
    wait(300);
    expect(errorOf('Review')).toBe('Please write your review.');
  });

  test("'Submit Review' is aria-disabled (still focusable) until name, email and review are valid and the form is dirty", async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    const disabled = () => submitButton().getAttribute('aria-disabled');
    expect(disabled()).toBe('true');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    type('Name', 'Ann');
    type('Review', 'Lovely.');
    wait(299);
    expect(disabled()).toBe('true');
    wait(1);
    expect(disabled()).toBe('false');
    type('Email', 'nope');
    wait(300);
    expect(disabled()).toBe('true');
    type('Email', '');
    wait(300);
    expect(disabled()).toBe('false');
  });

  test('pressing it while invalid shows every error and focuses the first invalid field; nothing is sent', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    type('Email', 'x@y');
    act(() => void fireEvent.click(submitButton()));
    expect([errorOf('Name'), errorOf('Email'), errorOf('Review')]).toEqual([
      'Please enter your name.',
      'Please enter a valid email address.',
      'Please write your review.',
    ]);
    expect(document.activeElement).toBe(field('Name'));
    type('Name', 'Ann');
    act(() => void fireEvent.click(submitButton()));
    expect(document.activeElement).toBe(field('Email'));
    expect(sent).toEqual([]);
  });

  test('a file of another type keeps it disabled; pressing it focuses that file’s remove button', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    type('Name', 'Ann');
    type('Review', 'Lovely.');
    act(
      () => void fireEvent.change(field('Photos'), { target: { files: [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] } }),
    );
    wait(300);
    expect(dialog().getByText('Only image file types are supported for upload')).toBeTruthy();
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    act(() => void fireEvent.click(submitButton()));
    expect(document.activeElement).toBe(dialog().getByRole('button', { name: 'Remove receipt.pdf' }));
    expect(sent).toEqual([]);
  });
});

/** Fills the form validly and submits it. */
async function fillAndSubmit(values: { name?: string; email?: string; review?: string } = {}) {
  type('Name', values.name ?? 'Ann');
  if (values.email !== undefined) type('Email', values.email);
  type('Review', values.review ?? 'Lovely tee.');
  wait(300);
  act(() => void fireEvent.click(submitButton()));
}

describe('submitting', () => {
  test('loading (star loader, spinner up to 5 s, fields disabled, progress), then thanks; the review tops the list, awaiting moderation', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => {};
    answers.push(() => new Promise((resolve) => (answer = resolve)));
    act(() => void fireEvent.click(dialog().getAllByRole('radio')[3]!));
    act(() => void fireEvent.change(field('Photos'), { target: { files: [new File(['GIF89a'], 'loop.gif', { type: 'image/gif' })] } }));
    await fillAndSubmit({ email: ' ann@example.com ' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/add-new-review');
    expect(sent[0]!.fields).toMatchObject({
      shopId: 'demo',
      productHandle: 'tee',
      'review[name]': 'Ann',
      'review[email]': 'ann@example.com',
      'review[review]': 'Lovely tee.',
      'review[stars]': '4',
      'review[website]': '',
      locale: 'en',
    });
    expect(sent[0]!.fields.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[0]!.files.map((file) => file.name)).toEqual(['loop.gif']);
    // Loading.
    expect(document.querySelector<HTMLFieldSetElement>('fieldset.fields')!.disabled).toBe(true);
    expect(document.querySelector('.loader .stars')).toBeTruthy();
    expect(dialog().getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(submitButton().querySelector('.spin')).toBeTruthy();
    expect(dialog().getByRole('status').textContent).toBe('Sending your review…');
    wait(4999);
    expect(submitButton().querySelector('.spin')).toBeTruthy();
    wait(1);
    expect(submitButton().querySelector('.spin')).toBeNull();
    // Stored.
    await act(async () => {
      answer({ success: true, review: { id: 'new-1', name: 'Ann', stars: 4, review: 'Lovely tee.', photos: [], status: 'pending' } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(dialog().getByRole('status').textContent).toBe('Thank you for adding your review!');
    expect(dialog().queryByLabelText('Name')).toBeNull();
    // The dialog's × and the button under the thanks both close it; focus is on the latter.
    const close = dialog().getAllByRole('button', { name: 'Close' }).at(-1)!;
    expect(document.activeElement).toBe(close);
    const first = document.querySelector('article.card')!;
    expect(first.getAttribute('data-review-id')).toBe('new-1');
    expect(first.querySelector('.pending')!.textContent).toBe('Awaiting moderation');
    expect(JSON.parse(localStorage.getItem('vitrine:submittedReviews')!)).toEqual([
      { handle: 'tee', pending: true, review: expect.objectContaining({ id: 'new-1', status: 'pending' }) },
    ]);
    // Closing: no captured e-mail after a stored review.
    act(() => void fireEvent.click(close));
    expect(document.querySelector('dialog')).toBeNull();
    expect(requests.some(([url]) => url.endsWith('store-captured-email'))).toBe(false);
  });

  test('a published review shows without the mark; it leaves the local display once the provider lists it', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    answers.push({ success: true, review: { id: 'new-2', name: 'Ann', stars: 5, review: 'Yes', photos: [], status: 'published' } });
    await fillAndSubmit();
    await settle();
    const first = document.querySelector('article.card')!;
    expect(first.getAttribute('data-review-id')).toBe('new-2');
    expect(first.querySelector('.pending')).toBeNull();
    vi.useRealTimers();
    cleanup();
    // The next page view: the provider lists it now.
    await mountWidget({}, [{ ...listed(3), id: 'new-2' } as never, ...LIST]);
    expect(Array.from(document.querySelectorAll('article.card')).map((card) => card.getAttribute('data-review-id'))).toEqual([
      'new-2',
      '1',
      '2',
    ]);
  });

  test('the shopper’s pending review shows on a product without published reviews', async () => {
    localStorage.setItem(
      'vitrine:submittedReviews',
      JSON.stringify([{ handle: 'tee', pending: true, review: { id: 'mine', name: 'Ann', stars: 5, review: 'Mine', photos: [] } }]),
    );
    await mountWidget({}, []);
    expect(screen.getByText('No reviews yet. Be the first to add a review.')).toBeTruthy();
    expect(document.querySelector('article.card .pending')!.textContent).toBe('Awaiting moderation');
  });

  test.each([
    [
      'an errors array: each message as given',
      { success: false, errors: ['Name is too long', 'Slow down'] },
      ['Name is too long', 'Slow down'],
    ],
    [
      'an error object: its message',
      { success: false, error: { code: 'rate_limited', message: 'Please wait a minute.' } },
      ['Please wait a minute.'],
    ],
    ['success:false alone', { success: false }, ['Server Error. Please try again later']],
    ['no answer (budget spent)', null, ['The review could not be added. If the problem persists, please contact us.']],
  ])('failure, %s: the form stays open with everything typed, the messages announced', async (_, answer, messages) => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    answers.push(answer);
    await fillAndSubmit({ review: 'Keep me' });
    await settle();
    const alert = dialog().getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(messages);
    expect(field('Review').value).toBe('Keep me');
    expect(field('Name').value).toBe('Ann');
    expect(document.querySelector<HTMLFieldSetElement>('fieldset.fields')!.disabled).toBe(false);
    expect(submitButton().getAttribute('aria-busy')).toBe('false');
    expect(localStorage.getItem('vitrine:submittedReviews')).toBeNull();
    if (answer && !('errors' in answer) && !('error' in answer))
      expect(ctx.report).toHaveBeenCalledWith(3050, expect.any(Error), { handle: 'tee' });
  });

  test('a timeout or network failure: the generic message; a retry of the same content reuses its idempotency key, new content gets a new one', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    const timeout = Object.assign(new Error('Request timeout after 40000 ms'), { name: 'TimeoutError', status: 0 });
    answers.push(
      () => Promise.reject(timeout),
      () =>
        Promise.reject(
          Object.assign(new Error('HTTP 400'), { name: 'RequestError', status: 400, data: { success: false, errors: ['Nope'] } }),
        ),
      { success: true, review: { id: 'r9', name: 'Ann', stars: 5, review: 'Lovely tee!', photos: [], status: 'published' } },
    );
    await fillAndSubmit();
    await settle();
    expect(dialog().getByRole('alert').textContent).toBe('The review could not be added. If the problem persists, please contact us.');
    act(() => void fireEvent.click(submitButton()));
    await settle();
    expect(sent[1]!.fields.idempotencyKey).toBe(sent[0]!.fields.idempotencyKey);
    // A definite answer closes the attempt: the next one has a key of its own.
    expect(dialog().getByRole('alert').textContent).toBe('Nope');
    type('Review', 'Lovely tee!');
    wait(300);
    act(() => void fireEvent.click(submitButton()));
    await settle();
    expect(sent[2]!.fields.idempotencyKey).not.toBe(sent[1]!.fields.idempotencyKey);
    expect(dialog().getByRole('status').textContent).toBe('Thank you for adding your review!');
  });

  test('the honeypot goes along as filled (bots fill it in; the provider decides)', async () => {
    await mountWidget();
    await openForm();
    vi.useFakeTimers();
    answers.push({ success: true, review: { id: 'b', name: 'Bot', stars: 5, review: 'x', photos: [], status: 'pending' } });
    document.querySelector<HTMLInputElement>('input[name=website]')!.value = 'https://spam.example';
    await fillAndSubmit();
    await settle();
    expect(sent[0]!.fields['review[website]']).toBe('https://spam.example');
  });
});

describe('closing', () => {
  test('Cancel resets and closes; a valid address left in the field is sent once (store-captured-email)', async () => {
    await mountWidget();
    await openForm();
    type('Name', 'Ann');
    type('Email', 'ann@example.com');
    leave('Email');
    act(() => void fireEvent.click(dialog().getByRole('button', { name: 'Cancel' })));
    expect(document.querySelector('dialog')).toBeNull();
    const captured = requests.filter(([url]) => url.endsWith('store-captured-email'));
    expect(captured).toEqual([['/api/store-captured-email', { shopId: 'demo', email: 'ann@example.com', productHandle: 'tee' }]]);
    await openForm();
    expect(field('Name').value).toBe('');
    type('Email', 'ann@example.com');
    leave('Email');
    act(() => void fireEvent.click(dialog().getByRole('button', { name: 'Cancel' })));
    expect(requests.filter(([url]) => url.endsWith('store-captured-email'))).toHaveLength(1);
  });

  test('an address that is not valid when left, or one the shopper emptied, is not sent; Escape closes', async () => {
    await mountWidget();
    await openForm();
    type('Email', 'someone@example');
    leave('Email');
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(document.querySelector('dialog')).toBeNull();
    await openForm();
    type('Email', 'other@example.com');
    leave('Email');
    type('Email', '');
    leave('Email');
    act(() => void fireEvent.click(dialog().getByRole('button', { name: 'Cancel' })));
    expect(requests.filter(([url]) => url.endsWith('store-captured-email'))).toEqual([]);
  });
});

describe('order reviews', () => {
  test('on the ordered product the form opens by itself, prefilled, and is sent with the code; success forgets the order', async () => {
    localStorage.setItem(
      'vitrine:reviewOrder',
      JSON.stringify({ code: 'ORD-7', customerName: 'Ann Buyer', customerEmail: 'ann@example.com', productHandle: 'tee' }),
    );
    await mountReal();
    expect(field('Name').value).toBe('Ann Buyer');
    expect(field('Email').value).toBe('ann@example.com');
    expect(active()).toBe(field('Review'));
    vi.useFakeTimers();
    answers.push({
      success: true,
      review: { id: 'o1', name: 'Ann Buyer', stars: 5, review: 'Arrived fast', photos: [], verified: true, status: 'published' },
    });
    type('Review', 'Arrived fast');
    wait(300);
    act(() => void fireEvent.click(submitButton()));
    await settle();
    expect(sent[0]!.url).toBe('/api/store-review-for-order?ajax=1');
    expect(sent[0]!.fields).toMatchObject({ code: 'ORD-7', 'review[name]': 'Ann Buyer', 'review[email]': 'ann@example.com' });
    expect(localStorage.getItem('vitrine:reviewOrder')).toBeNull();
  });

  test('another product’s order: no form by itself; without name or e-mail the fields start empty', async () => {
    localStorage.setItem('vitrine:reviewOrder', JSON.stringify({ code: 'ORD-7', productHandle: 'hat' }));
    await mountReal();
    expect(root.querySelector('.widget')).toBeTruthy();
    expect(root.querySelector('dialog')).toBeNull();
    cleanup();
    act(() => unmountReal?.());
    await mountWidget();
    localStorage.setItem('vitrine:reviewOrder', JSON.stringify({ code: 'ORD-8', productHandle: 'tee' }));
    await openForm();
    expect([field('Name').value, field('Email').value]).toEqual(['', '']);
    expect(document.activeElement).toBe(field('Name'));
  });
});
