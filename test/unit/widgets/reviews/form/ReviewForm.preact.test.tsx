// @vitest-environment jsdom
/**
 * The write-a-review flow under preact/compat with @preact/signals, as the production build ships
 * it (the same aliases as vite.config.ts), mounted by the widget's own `mount` into its shadow
 * root: opening, the debounced validation, the uploader, a failed and a stored submission.
 */
import { fireEvent, within } from '@testing-library/dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WidgetContext } from '../../../../../src/widgets/types';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react-dom/client', async () => await import('preact/compat/client'));
vi.mock('react/jsx-runtime', async () => await import('preact/compat/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/compat/jsx-dev-runtime'));
vi.mock('@preact/signals-react', async () => await import('@preact/signals'));
vi.mock('@preact/signals-react/runtime', async () => await import('../../../../../src/state/useSignalsNoop'));

/** Lets Preact render (it batches on a microtask / timeout) and lazy imports settle. */
const flush = async () => {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(20);
};

afterEach(() => {
  vi.useRealTimers();
  document.body.textContent = '';
  localStorage.clear();
});

describe('review form (preact/compat, as shipped)', () => {
  test('the mock is in force: React here is preact/compat', async () => {
    expect((await import('react')).version).toMatch(/^18\./);
  });

  test('open, validate after 300 ms, pick photos, fail, then store: thanks, and the review tops the list awaiting moderation', async () => {
    vi.useFakeTimers();
    const answers: unknown[] = [
      { success: false, errors: ['Please wait a minute.'] },
      { success: true, review: { id: 'p1', name: 'Ann', stars: 5, review: 'Soft', photos: [], status: 'pending' } },
    ];
    const sent: FormData[] = [];
    const ctx = {
      settings: { providerBase: '/api/', shopId: 'demo', lastUpdated: 1, colors: {}, reviews: {} },
      page: { productHandle: 'tee', pageType: 'product', store: { root: '' } },
      language: 'en',
      report: vi.fn(),
      load: (name: string) =>
        name === 'reviews.form'
          ? import('../../../../../src/widgets/reviews/lazy/form')
          : import('../../../../../src/widgets/reviews/lazy/modal'),
      request: async (url: string, init?: { body?: FormData }) => {
        if (url.includes('/reviews/'))
          return { reviews: [{ id: 1, name: 'Bo', stars: 4, review: 'Fine', photos: [] }], total: 1, stats: { r: 1, s: 4, d: { 4: 1 } } };
        sent.push(init!.body!);
        return answers.shift();
      },
      onRefresh: () => () => {},
      setCountryCode: () => {},
    } as unknown as WidgetContext;
    const { mount } = await import('../../../../../src/widgets/reviews/index');
    const host = document.body.appendChild(document.createElement('div'));
    mount(host, ctx);
    await flush();
    const shadow = host.shadowRoot!;
    const widget = within(shadow.querySelector<HTMLElement>('.widget')!);

    fireEvent.click(widget.getAllByRole('button', { name: 'Write a Review' })[0]!);
    await flush();
    const form = within(shadow.querySelector('dialog')!);
    const name = form.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(shadow.activeElement).toBe(name);
    const submit = form.getByRole('button', { name: 'Submit Review' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');

    fireEvent.input(name, { target: { value: ' ' } });
    // preact/compat listens for focusout for onBlur (it bubbles, as React's onBlur does).
    fireEvent.focusOut(name);
    await vi.advanceTimersByTimeAsync(250);
    expect(name.getAttribute('aria-invalid')).toBe('false');
    await vi.advanceTimersByTimeAsync(60);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(shadow.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Please enter your name.');

    fireEvent.input(name, { target: { value: 'Ann' } });
    fireEvent.input(form.getByRole('textbox', { name: 'Review' }), { target: { value: 'Soft' } });
    fireEvent.change(form.getByLabelText('Photos'), { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    await flush();
    expect(form.getByText('a.gif')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(300);
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(submit.getAttribute('aria-disabled')).toBe('false');

    fireEvent.click(submit);
    await flush();
    expect(form.getByRole('alert').textContent).toBe('Please wait a minute.');
    expect((form.getByRole('textbox', { name: 'Review' }) as HTMLTextAreaElement).value).toBe('Soft');

    fireEvent.click(form.getByRole('button', { name: 'Submit Review' }));
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('review[name]')).toBe('Ann');
    expect((sent[1]!.getAll('images[]')[0] as File).name).toBe('a.gif');
    expect(form.getByRole('status').textContent).toBe('Thank you for adding your review!');
    const cards = shadow.querySelectorAll('article.card');
    expect(cards[0]!.getAttribute('data-review-id')).toBe('p1');
    expect(cards[0]!.querySelector('.pending')!.textContent).toBe('Awaiting moderation');
    expect(cards[1]!.getAttribute('data-review-id')).toBe('1');
  });
});
