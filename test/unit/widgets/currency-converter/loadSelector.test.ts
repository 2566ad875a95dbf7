// @vitest-environment jsdom
/** Where the currency selector goes: the theme's "Currency selector" app block wins over settings and floating. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadSelector } from '../../../../src/widgets/currency-converter/loadSelector';
import { readCurrencySettings } from '../../../../src/widgets/currency-converter/settings';
import type { WidgetContext } from '../../../../src/widgets/types';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Renders with a stand-in selector UI; resolves to the options it was rendered with. */
async function place(host: HTMLElement, rawSettings: unknown = {}) {
  const renderSelector = vi.fn(() => () => {});
  const report = vi.fn();
  const ctx = {
    load: async () => ({ renderSelector }),
    report,
    language: 'en',
    settings: { assetBase: '/vitrine/' },
  } as unknown as WidgetContext;
  loadSelector(host, ctx, readCurrencySettings(rawSettings), ['USD', 'EUR'], 'USD', vi.fn());
  await vi.waitFor(() => expect(renderSelector).toHaveBeenCalled());
  return { options: (renderSelector.mock.calls[0] as unknown as [HTMLElement, { position: string | null }])[1], report };
}

describe('the currency selector and its app block', () => {
  test('the loader left the host floating: it moves into the block and does not float', async () => {
    document.body.innerHTML = `<header><div id="block" data-vitrine-block="currency-selector"></div></header><div id="own"></div>`;
    const host = document.createElement('div');
    document.body.append(host);
    const { options } = await place(host, { placement: { selector: '#own', alignment: 'append', id: 'own' } });
    expect(host.parentElement!.id).toBe('block');
    expect(options.position).toBeNull();
  });

  test('without a block: settings place it, else it floats (as before)', async () => {
    document.body.innerHTML = `<div id="own"></div>`;
    const placed = document.createElement('div');
    document.body.append(placed);
    expect((await place(placed, { placement: { selector: '#own', alignment: 'append', id: 'own' } })).options.position).toBeNull();
    expect(placed.parentElement!.id).toBe('own');
    const floating = document.createElement('div');
    document.body.append(floating);
    expect((await place(floating)).options.position).toBe('bottom-left');
    expect(floating.parentElement).toBe(document.body);
  });
});
