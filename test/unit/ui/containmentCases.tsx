/**
 * Checks shared by the React and the Preact run of the error-containment tests. Each case gets
 * `flush(fn)`: runs `fn` and lets the framework finish rendering (and re-rendering after an
 * error) before the checks.
 */
import { createElement, useLayoutEffect, type ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { Boundary, guard, setUiReporter } from '../../../src/ui/guard';
import { renderInShadow } from '../../../src/ui/renderInShadow';

type Flush = (fn: () => void) => Promise<void>;

function Boom({ when = true }: { when?: boolean }): ReactNode {
  if (when) throw new RangeError('Invalid time value');
  return createElement('p', null, 'fine');
}

function BoomInEffect(): ReactNode {
  useLayoutEffect(() => {
    throw new TypeError('effect failed');
  }, []);
  return createElement('p', null, 'effect');
}

const host = () => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  return el;
};
const shadowText = (el: HTMLElement) => el.shadowRoot!.lastElementChild!.textContent;

export const containmentCases: Record<string, (flush: Flush) => Promise<void>> = {
  'a render error unmounts the tree, reports 2280 with the stack and releases the widget': async (flush) => {
    const report = vi.fn();
    const onError = vi.fn();
    const el = host();
    let unmount = () => {};
    await flush(() => {
      unmount = renderInShadow(el, '', createElement('div', null, 'before', createElement(Boom)), { report, name: 'test-widget', onError });
    });
    expect(shadowText(el)).toBe('');
    expect(onError).toHaveBeenCalledOnce();
    const [code, error, extra] = report.mock.calls[0]!;
    expect(code).toBe(2280);
    expect(error).toBeInstanceOf(RangeError);
    expect(String((error as Error).stack)).toContain('Invalid time value');
    expect(extra).toEqual({ where: 'test-widget' });
    await flush(() => unmount());
    el.remove();
  },

  'a failing item is left out, its siblings render': async (flush) => {
    const report = vi.fn();
    const el = host();
    const items = [false, true, false].map((when, i) => createElement(Boundary, { key: i, name: 'item' }, createElement(Boom, { when })));
    await flush(() => {
      renderInShadow(el, '', createElement('div', null, items), { report, name: 'list' });
    });
    expect(shadowText(el)).toBe('finefine');
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]![2]).toEqual({ where: 'item' });
    el.remove();
  },

  'an error in a layout effect is contained too': async (flush) => {
    const report = vi.fn();
    const el = host();
    await flush(() => {
      renderInShadow(
        el,
        '',
        createElement('div', null, createElement(Boundary, { name: 'effect' }, createElement(BoomInEffect)), 'sibling'),
        { report, name: 'w' },
      );
    });
    expect(shadowText(el)).toBe('sibling');
    expect(report.mock.calls[0]![1]).toBeInstanceOf(TypeError);
  },

  'guard reports a throwing handler and returns undefined': async () => {
    const report = vi.fn();
    setUiReporter(report);
    const handler = guard((n: number) => {
      if (n > 1) throw new Error('handler failed');
      return n;
    }, 'click');
    expect(handler(1)).toBe(1);
    expect(() => handler(2)).not.toThrow();
    expect(report).toHaveBeenCalledWith(2280, expect.any(Error), { where: 'click' });
  },

  'a throwing reporter or onError changes nothing for the page': async (flush) => {
    const el = host();
    const report = () => {
      throw new Error('reporter broken');
    };
    const onError = () => {
      throw new Error('onError broken');
    };
    await flush(() => {
      renderInShadow(el, '', createElement(Boom), { report, name: 'w', onError });
    });
    expect(shadowText(el)).toBe('');
    expect(() =>
      guard(() => {
        throw new Error('x');
      })(),
    ).not.toThrow();
  },
};
