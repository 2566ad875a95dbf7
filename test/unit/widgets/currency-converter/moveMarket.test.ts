// @vitest-environment jsdom
/** The market move on a currency choice: its lazy part's failure is reported, never left unhandled. */
import { describe, expect, test, vi } from 'vitest';
import { createStorage } from '../../../../src/core/storage';
import type { WidgetContext } from '../../../../src/widgets/types';
import { moveMarket } from '../../../../src/widgets/currency-converter/moveMarket';

const ctx = (load: WidgetContext['load'], report = vi.fn()) =>
  ({ load, report, page: { store: { countryCode: 'US', root: '' } } }) as unknown as WidgetContext & { report: typeof report };

describe('moveMarket', () => {
  test('posts through the lazy localization part with a country of the chosen currency', async () => {
    const localizationRedirect = vi.fn();
    const c = ctx((async () => ({ localizationRedirect })) as WidgetContext['load']);
    moveMarket('EUR', c, document, createStorage());
    await vi.waitFor(() => expect(localizationRedirect).toHaveBeenCalledOnce());
    expect(localizationRedirect.mock.calls[0]![0]).toMatchObject({ currency: 'EUR', root: '', returnTo: '/' });
  });

  test('a failed download of the part is reported (2280), not an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const c = ctx(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
      moveMarket('EUR', c, document, createStorage());
      await vi.waitFor(() => expect(c.report).toHaveBeenCalledOnce());
      expect(c.report).toHaveBeenCalledWith(2280, expect.any(TypeError), { widget: 'currency-converter', part: 'localization' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  test('a currency no country uses moves nothing', () => {
    const load = vi.fn();
    moveMarket('XXX', ctx(load), document, createStorage());
    expect(load).not.toHaveBeenCalled();
  });
});
