import { describe, expect, test } from 'vitest';
import type { PageContext } from '../../../src/core/pageContext';
import { decideLoad, GLOBAL_TAKEN_TEXT, HTTPS_TEXT, OWN_GLOBAL, STOP, stopText, unsupportedText } from '../../../src/loader/loadRules';

/** A fake window with just what the rules read; `patch` overrides any of it. */
function fakeWindow(patch: Record<string, unknown> = {}, location: Partial<Location> = {}): Window {
  const win: Record<string, unknown> = {
    XMLHttpRequest: function XMLHttpRequest() {},
    MutationObserver: function MutationObserver() {},
    location: { protocol: 'https:', hostname: 'shop.example', href: 'https://shop.example/products/a', ...location },
    document: { cookie: '' },
    ...patch,
  };
  win.self = win;
  win.top = 'top' in patch ? patch.top : win;
  return win as unknown as Window;
}

const page = (patch: Partial<PageContext> = {}, shopDomain: string | null = 'shop.myshopify.com'): PageContext =>
  ({ pageType: 'product', designMode: false, preview: false, store: { shopDomain }, ...patch }) as PageContext;

const settings = { shopDomain: 'shop.myshopify.com' as string | null, supportEmail: 'help@shop.example' };

describe('decideLoad (spec §1, §5)', () => {
  test('starts on a normal https product page', () => {
    expect(decideLoad(fakeWindow(), page(), settings)).toEqual({ action: 'start' });
  });

  test('texts are the spec texts', () => {
    expect(unsupportedText('a@b.c')).toBe('Vitrine is unable to load. Please contact customer support at a@b.c');
    expect(HTTPS_TEXT).toBe('Vitrine can only load via HTTPS. Please set up your domain to use HTTPS.');
    expect(stopText(STOP.checkout)).toBe('Vitrine: not started on checkout.');
    expect(Object.values(STOP).map(stopText)).toEqual([
      'Vitrine: not started in a frame without cookies.',
      'Vitrine: not started on a 404 page.',
      'Vitrine: not started on checkout.',
      'Vitrine: not started in a page builder.',
      'Vitrine: not started on another shop domain.',
    ]);
  });

  test('second load: nothing, or a refresh with an instant-navigation library', () => {
    const ours = { Vitrine: {}, [OWN_GLOBAL]: {} };
    expect(decideLoad(fakeWindow(ours), page(), settings)).toEqual({ action: 'duplicate' });
    for (const lib of ['Turbo', 'InstantClick', 'swup']) {
      expect(decideLoad(fakeWindow({ ...ours, [lib]: {} }), page(), settings)).toEqual({ action: 'refresh' });
    }
  });

  test("another script's window.Vitrine is not ours: start, leaving it alone", () => {
    for (const foreign of [{}, { version: '1.0', refresh() {} }, 'a string', 0, null]) {
      expect(decideLoad(fakeWindow({ Vitrine: foreign }), page(), settings)).toEqual({ action: 'start', foreignGlobal: GLOBAL_TAKEN_TEXT });
    }
    // Ours found through the symbol even when the name belongs to someone else.
    expect(decideLoad(fakeWindow({ Vitrine: { other: true }, [OWN_GLOBAL]: {} }), page(), settings)).toEqual({ action: 'duplicate' });
  });

  test('refuses without XMLHttpRequest or MutationObserver, naming the support address', () => {
    const refusal = { action: 'refuse', message: unsupportedText('help@shop.example') };
    expect(decideLoad(fakeWindow({ XMLHttpRequest: undefined }), page(), settings)).toEqual(refusal);
    expect(decideLoad(fakeWindow({ MutationObserver: undefined }), page(), settings)).toEqual(refusal);
  });

  test('HTTPS rule with preview/editor and localhost exceptions', () => {
    const http = (hostname: string) => fakeWindow({}, { protocol: 'http:', hostname });
    expect(decideLoad(http('shop.example'), page(), settings)).toEqual({ action: 'refuse', message: HTTPS_TEXT });
    expect(decideLoad(http('shop.example'), page({ designMode: true }), settings).action).toBe('start');
    expect(decideLoad(http('shop.example'), page({ preview: true }), settings).action).toBe('start');
    for (const hostname of ['localhost', '127.0.0.1', '[::1]', 'shop.localhost']) {
      expect(decideLoad(http(hostname), page(), settings).action).toBe('start');
    }
    expect(decideLoad(http('localhost.evil.com'), page(), settings).action).toBe('refuse');
  });

  test('stops: sandboxed frame without cookies, 404, checkout, page builders, wrong domain', () => {
    const sandboxed = fakeWindow({
      top: {},
      document: Object.defineProperty({}, 'cookie', {
        get() {
          throw new Error('SecurityError');
        },
      }),
    });
    expect(decideLoad(sandboxed, page(), settings)).toEqual({ action: 'stop', reason: STOP.sandbox });
    expect(decideLoad(fakeWindow({ top: {} }), page(), settings).action).toBe('start');
    expect(decideLoad(fakeWindow(), page({ pageType: 'notFound' }), settings)).toEqual({ action: 'stop', reason: STOP.notFound });
    expect(decideLoad(fakeWindow(), page({ pageType: 'checkout' }), settings)).toEqual({ action: 'stop', reason: STOP.checkout });
    for (const href of ['https://shop.example/?pagefly=1', 'https://shop.example/pages/about?shogun=x']) {
      expect(decideLoad(fakeWindow({}, { href }), page(), settings)).toEqual({ action: 'stop', reason: STOP.pageBuilder });
    }
    expect(decideLoad(fakeWindow(), page({}, 'other.myshopify.com'), settings)).toEqual({ action: 'stop', reason: STOP.wrongDomain });
    expect(decideLoad(fakeWindow(), page({}, 'SHOP.myshopify.com'), settings).action).toBe('start');
    expect(decideLoad(fakeWindow(), page({}, null), settings).action).toBe('start');
    expect(decideLoad(fakeWindow(), page(), { ...settings, shopDomain: null }).action).toBe('start');
  });
});
