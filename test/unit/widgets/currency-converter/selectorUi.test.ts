// @vitest-environment jsdom
/** The selector hands a shopper's choice to the converter after the next paint, and never throws into the page. */
import { afterEach, expect, test, vi } from 'vitest';
import * as errors from '../../../../src/core/errors';
import { renderSelector } from '../../../../src/widgets/currency-converter/selectorUi';

afterEach(() => {
  document.body.innerHTML = '';
  errors.setErrorReporter(() => {});
});

/** Renders the selector with USD and EUR; resolves its shadow root once the dropdown shows. */
async function selector(onChange: (code: string) => void) {
  const host = document.createElement('div');
  document.body.append(host);
  renderSelector(host, {
    options: [
      { code: 'USD', name: 'US Dollar' },
      { code: 'EUR', name: 'Euro' },
    ],
    shopCurrency: 'USD',
    onChange,
    language: 'en',
    position: null,
    assetBase: 'https://cdn.example/vitrine/',
    report: vi.fn(),
  });
  await vi.waitFor(() => expect(host.shadowRoot?.querySelector('.dd__button')).toBeTruthy());
  return host.shadowRoot!;
}

const choose = (root: ShadowRoot, code: string) => {
  (root.querySelector('.dd__button') as HTMLElement).click();
  const option = [...root.querySelectorAll<HTMLElement>('[role="option"]')].find((item) => item.textContent!.startsWith(code));
  option!.click();
};

test('a choice reaches the converter after the next paint: the click itself only closes the list', async () => {
  const onChange = vi.fn();
  const root = await selector(onChange);
  choose(root, 'EUR');
  expect(onChange).not.toHaveBeenCalled();
  expect(root.querySelector('.dd__button')!.textContent).toContain('EUR');
  expect(root.querySelector('[role="listbox"]')!.hasAttribute('hidden')).toBe(true);
  await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith('EUR'));
  expect(onChange).toHaveBeenCalledTimes(1);
});

test('a conversion that throws, later in its own task, is reported and never reaches the page', async () => {
  const reports: unknown[] = [];
  errors.setErrorReporter((report) => reports.push(report));
  const root = await selector(() => {
    throw new Error('no rate');
  });
  choose(root, 'EUR');
  await vi.waitFor(() => expect(reports).toHaveLength(1));
  expect(JSON.stringify(reports[0])).toContain(String(errors.ERR_CONVERSION));
});
