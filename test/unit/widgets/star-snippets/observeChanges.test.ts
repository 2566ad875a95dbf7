// @vitest-environment jsdom
/** The star snippets' change observer: the theme's changes wake it, our own writes never do. */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { MUTATION_DEBOUNCE_MS } from '../../../../src/core/constants';
import { observeChanges } from '../../../../src/widgets/star-snippets/observeChanges';

/** Delivers the queued records (a microtask), then lets the debounce run out. */
const settle = async () => {
  await Promise.resolve();
  vi.advanceTimersByTime(MUTATION_DEBOUNCE_MS);
};

const addCard = () => document.querySelector('ul')!.append(document.createElement('li'));

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<ul><li>card</li></ul>';
});
afterEach(() => vi.useRealTimers());

test("a change of the theme's wakes it once the page is quiet; writes of ours through `unobserved` never do", async () => {
  const onChange = vi.fn();
  const changes = observeChanges(document, onChange);
  changes.start();
  const line = changes.unobserved(() => document.querySelector('li')!.appendChild(document.createElement('div')));
  expect(line.tagName).toBe('DIV');
  changes.unobserved(() => line.remove());
  await settle();
  expect(onChange).not.toHaveBeenCalled();
  addCard();
  await settle();
  expect(onChange).toHaveBeenCalledTimes(1);
  // Still observing after writes of ours.
  changes.unobserved(() => document.body.append(document.createElement('p')));
  addCard();
  await settle();
  expect(onChange).toHaveBeenCalledTimes(2);
});

test('stopped, it stays stopped: a write of ours does not start it again, nor does a late start', async () => {
  const onChange = vi.fn();
  const changes = observeChanges(document, onChange);
  changes.start();
  changes.stop();
  changes.unobserved(() => document.body.append(document.createElement('p')));
  changes.start();
  addCard();
  await settle();
  expect(onChange).not.toHaveBeenCalled();
});

test('a write of ours that throws leaves the page watched', async () => {
  const onChange = vi.fn();
  const changes = observeChanges(document, onChange);
  changes.start();
  expect(() =>
    changes.unobserved(() => {
      throw new Error('hostile theme');
    }),
  ).toThrow('hostile theme');
  addCard();
  await settle();
  expect(onChange).toHaveBeenCalledTimes(1);
});
