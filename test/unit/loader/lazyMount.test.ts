// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
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
});
