/**
 * `ownerPlacements`: the placements the owner moved a widget to (spec §7), asked of the provider
 * only for the widgets settings list as moved; a failed or garbled answer gives none.
 */
import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/core/parseSettings';
import type { PageContext } from '../../../src/core/pageContext';
import { ownerPlacements } from '../../../src/loader/ownerPlacements';
import type { WidgetContext } from '../../../src/widgets/types';

const ctx = (placedWidgets: number[]) =>
  ({
    settings: { ...DEFAULT_SETTINGS, providerBase: 'https://p.example/api/', shopId: 'demo', lastUpdated: 7, placedWidgets },
    page: { designMode: false, preview: false } as PageContext,
  }) as WidgetContext;
const win = (innerWidth: number) => ({ innerWidth }) as Window;

describe('ownerPlacements', () => {
  test('no request for a widget the owner never moved, nor for widgets the loader does not place', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(ownerPlacements(win(1280), ctx([]), 'reviews')).toBeNull();
    expect(ownerPlacements(win(1280), ctx([4, 5, 6]), 'cart-reserved')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  test("asks for this device's placements and keeps the well-formed ones", async () => {
    const answer = [{ selector: '.a', alignment: 'after', id: 'owner-4-m' }, null, { selector: 3, id: 'x' }, 'text'];
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetch);
    await expect(ownerPlacements(win(390), ctx([4]), 'reviews')).resolves.toEqual([answer[0]]);
    expect(fetch).toHaveBeenCalledWith('https://p.example/api/placements/demo/7/4.json?isMobile=1');
    await ownerPlacements(win(1280), ctx([6]), 'offer-card');
    expect(fetch).toHaveBeenLastCalledWith('https://p.example/api/placements/demo/7/6.json?isMobile=0');
  });

  test('provider down, an error status or garbled JSON: no placements, no rejection', async () => {
    for (const reply of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('oops', { status: 503 }),
      async () => new Response('{not json'),
      async () => new Response('{"selector":".a"}'),
    ]) {
      vi.stubGlobal('fetch', vi.fn(reply));
      await expect(ownerPlacements(win(1280), ctx([4]), 'reviews')).resolves.toEqual([]);
    }
  });
});
