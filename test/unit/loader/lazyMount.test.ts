// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { insertMountPoint, whenIdle, whenNearViewport } from '../../../src/loader/lazyMount';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('insertMountPoint', () => {
  test('inserts at each alignment and never twice', () => {
    document.body.innerHTML = '<main><h1>Cart</h1><p>x</p></main>';
    const after = insertMountPoint(document, 'w', { selector: 'h1', alignment: 'after', id: 'a' }, 40)!;
    expect(after.previousElementSibling?.tagName).toBe('H1');
    expect(after.getAttribute('data-vitrine-mount')).toBe('w');
    expect(after.style.minHeight).toBe('40px');
    expect(insertMountPoint(document, 'w', { selector: 'h1', alignment: 'after', id: 'a' })).toBe(after);
    expect(document.querySelectorAll('[data-vitrine-mount]').length).toBe(1);
    const before = insertMountPoint(document, 'w', { selector: 'h1', alignment: 'before', id: 'b' })!;
    expect(before.nextElementSibling?.tagName).toBe('H1');
    const prepend = insertMountPoint(document, 'w', { selector: 'main', alignment: 'prepend', id: 'c' })!;
    expect(document.querySelector('main')!.firstElementChild).toBe(prepend);
    const append = insertMountPoint(document, 'w', { selector: 'main', alignment: 'append', id: 'd' })!;
    expect(document.querySelector('main')!.lastElementChild).toBe(append);
  });

  test('a missing target or a malformed selector gives null, never a throw', () => {
    expect(insertMountPoint(document, 'w', { selector: '.nope', alignment: 'after', id: 'x' })).toBeNull();
    expect(insertMountPoint(document, 'w', { selector: '<<<', alignment: 'after', id: 'x' })).toBeNull();
  });
});

describe('whenNearViewport', () => {
  test('loads once when the element intersects', () => {
    let callback: (entries: { isIntersecting: boolean }[]) => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      vi.fn(function (this: unknown, observerCallback: typeof callback) {
        callback = observerCallback;
        return { observe: vi.fn(), disconnect };
      }),
    );
    const load = vi.fn();
    whenNearViewport(document.body, load);
    callback([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    callback([{ isIntersecting: true }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
  });
});

describe('whenIdle', () => {
  test('what is asked for together starts in one idle callback, in order; what comes after gets the next one', () => {
    const callbacks: (() => void)[] = [];
    const win = {
      document: { readyState: 'complete' },
      requestIdleCallback: (callback: () => void) => callbacks.push(callback),
    } as unknown as Window;
    const started: string[] = [];
    whenIdle(win, () => started.push('content-protection'));
    whenIdle(win, () => {
      started.push('reporting');
      // Asked for while the others start: its own callback, not lost.
      whenIdle(win, () => started.push('late'));
    });
    // One import per task: the first of a task holds the main thread 2.2 ms at 4x, the next 0.15 ms.
    expect(callbacks).toHaveLength(1);
    callbacks[0]!();
    expect(started).toEqual(['content-protection', 'reporting']);
    expect(callbacks).toHaveLength(2);
    callbacks[1]!();
    expect(started).toEqual(['content-protection', 'reporting', 'late']);
  });

  describe('later', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * A window after its load event, visible or not, asked for one `later` widget; `after(ms)`
     * lets time pass, runs the idle callbacks and says what has loaded.
     */
    const page = (hidden: boolean) => {
      const callbacks: (() => void)[] = [];
      const loaded: string[] = [];
      const win = Object.assign(new EventTarget(), {
        document: { readyState: 'complete', hidden },
        setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
        requestIdleCallback: (callback: () => void) => callbacks.push(callback),
      });
      whenIdle(win as unknown as Window, () => loaded.push('converter'), true);
      const after = (ms: number) => {
        vi.advanceTimersByTime(ms);
        for (const callback of callbacks.splice(0)) callback();
        return loaded;
      };
      const show = () => {
        win.document.hidden = false;
        win.dispatchEvent(new Event('visibilitychange'));
      };
      return { win, after, show };
    };

    test('on the first interaction, else once the page has been shown for 5 s', () => {
      const shown = page(false);
      expect(shown.after(4999)).toEqual([]);
      expect(shown.after(1)).toEqual(['converter']);

      const touched = page(false);
      touched.win.dispatchEvent(new Event('pointerdown'));
      expect(touched.after(0)).toEqual(['converter']);
      // Once: the 5 s that follow add nothing.
      expect(touched.after(5000)).toEqual(['converter']);
    });

    test('in a tab opened in the background (or a prerendered page): its 5 s count from when it is shown', () => {
      const background = page(true);
      expect(background.after(60_000)).toEqual([]);
      background.show();
      expect(background.after(4999)).toEqual([]);
      expect(background.after(1)).toEqual(['converter']);
    });
  });
});
