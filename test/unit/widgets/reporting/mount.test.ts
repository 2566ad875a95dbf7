// @vitest-environment jsdom
/**
 * The `reporting` chunk on a page: it takes every report (the loader's queue included), holds
 * them until the shopper interacts, posts them as forms, claims only our own uncaught errors, and
 * sends nothing at all for bots and shops in demo mode.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReporter } from '../../../../src/core/errors';
import { parseSettings } from '../../../../src/core/parseSettings';
import { readPageContext } from '../../../../src/core/pageContext';
import type { WidgetContext } from '../../../../src/widgets/types';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let beacons: { url: string; body: Record<string, string> }[];
/** What else went out: tracking's requests. */
let others: string[];
let installed: ErrorReporter | null;
let loaded: string[];
const unmounts: (void | (() => void))[] = [];

function context(raw: Record<string, unknown> = {}): WidgetContext {
  const { settings } = parseSettings(
    { shopId: 'demo', providerBase: 'https://p.example/api/', assetBase: 'https://p.example/vitrine/', ...raw },
    'https://p.example/demo/vitrine.js',
  );
  return {
    settings,
    page: readPageContext(window),
    language: 'en',
    setReporter: (reporter: ErrorReporter) => (installed = reporter),
    report: (code: number, error: unknown) => installed?.({ code, error }),
    load: (name: string) => {
      loaded.push(name);
      return new Promise(() => {});
    },
  } as unknown as WidgetContext;
}

async function start(agent: string, raw?: Record<string, unknown>) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
  vi.spyOn(screen, 'width', 'get').mockReturnValue(1920);
  vi.spyOn(screen, 'height', 'get').mockReturnValue(1080);
  const { mount } = await import('../../../../src/widgets/reporting');
  unmounts.push(mount(document.createElement('div'), context(raw)));
  window.addEventListener('error', quiet);
}

beforeEach(() => {
  vi.resetModules();
  beacons = [];
  others = [];
  installed = null;
  // The last consent report sent is kept there: each test is a first visit.
  localStorage.clear();
  // jsdom has none; tracking watches impressions with one.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  loaded = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    // Error reports only: tracking (which this chunk starts for visitors) has its own tests.
    value: (url: string, body: URLSearchParams) =>
      url.endsWith('/store-error') ? beacons.push({ url, body: Object.fromEntries(body) }) > 0 : others.push(url) > 0,
  });
});
/** Whether an error event reached the listeners after ours untouched; then keeps it from the test runner. */
let seenUntouched: boolean[];
const quiet = (event: Event) => {
  seenUntouched.push(!event.defaultPrevented);
  event.preventDefault();
};
beforeEach(() => {
  seenUntouched = [];
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount?.();
  window.removeEventListener('error', quiet);
  vi.restoreAllMocks();
});

describe('reporting on a page', () => {
  it('holds reports until the first click, then posts each as a form to store-error', async () => {
    await start(CHROME);
    installed!({ code: 3010, error: new Error('widget injection location not found: reviews'), extra: { widget: 'reviews' } });
    expect(beacons).toEqual([]);
    window.dispatchEvent(new MouseEvent('click'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('https://p.example/api/store-error');
    expect(beacons[0]!.body).toMatchObject({ sid: 'demo', code: '3010', ss: '1920x1080', 'errors[0][widget]': 'reviews' });
    installed!({ code: 3390, error: 'after the click' });
    expect(beacons).toHaveLength(2);
  });

  it('reports missing translations once for a page in a language the widgets do not have (3600)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    vi.spyOn(screen, 'width', 'get').mockReturnValue(1920);
    vi.spyOn(screen, 'height', 'get').mockReturnValue(1080);
    const { mount } = await import('../../../../src/widgets/reporting');
    for (const language of ['fr-ca', 'es-mx']) unmounts.push(mount(document.createElement('div'), { ...context(), language }));
    window.dispatchEvent(new MouseEvent('click'));
    expect(beacons.map((beacon) => [beacon.body.code, beacon.body['errors[0][msg]']])).toEqual([['3600', 'missing translations: fr-ca']]);
  });

  it('sends at most 10 reports per page', async () => {
    await start(CHROME);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    for (let i = 0; i < 25; i++) installed!({ code: 3000, error: `e${i}` });
    expect(beacons).toHaveLength(10);
  });

  it("reports an uncaught error thrown from our chunks as 'VTL:CRITICAL' 2000, and never the shop's own", async () => {
    await start(CHROME);
    window.dispatchEvent(new MouseEvent('click'));
    const ours = new ErrorEvent('error', {
      error: new Error('boom'),
      filename: 'https://p.example/vitrine/chunks/reviews-abc123.js',
      cancelable: true,
    });
    const shops = new ErrorEvent('error', { error: new Error('theme'), filename: 'https://shop.example/theme.js', cancelable: true });
    window.dispatchEvent(ours);
    window.dispatchEvent(shops);
    expect(beacons.map((beacon) => [beacon.body.code, beacon.body['errors[0][msg]']])).toEqual([['2000', 'VTL:CRITICAL boom']]);
    // Left as the browser and the shop's handlers see them.
    expect(seenUntouched).toEqual([true, true]);
  });

  it.each([
    ['a bot', GOOGLEBOT, {}],
    ['a shop in demo mode', CHROME, { demoMode: true }],
  ])('sends nothing for %s, yet takes the reports so none are kept', async (_, agent, raw) => {
    await start(agent, raw);
    expect(installed).toBeTypeOf('function');
    window.dispatchEvent(new MouseEvent('click'));
    installed!({ code: 3000, error: 'x' });
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('boom'), filename: 'https://p.example/vitrine/chunks/reviews-abc123.js' }),
    );
    expect(beacons).toEqual([]);
  });

  it('starts tracking (carried in this chunk) for a visitor, and never for a bot', async () => {
    await start(GOOGLEBOT);
    expect(others).toEqual([]);
    for (const unmount of unmounts.splice(0)) unmount?.();
    vi.resetModules();
    await start(CHROME);
    // No consent limit, no platform API: the page view goes at once; the consent report when the
    // page is first hidden.
    expect(others).toEqual(['https://p.example/api/track']);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(others).toEqual(['https://p.example/api/track', 'https://p.example/api/consent', 'https://p.example/api/track']);
  });
});
