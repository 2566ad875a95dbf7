/**
 * Production stand-in for `react` and `react-dom/client` (aliased in vite.config.ts, as
 * `src/state/useSignalsNoop.ts` is for the signals runtime): React's API as our widgets use it, on
 * Preact's core, instead of `preact/compat`. Most of compat serves React libraries we never ship
 * (Suspense, lazy, memo, forwardRef, portals, Children, PureComponent, React's internals, the
 * synthetic-event methods), yet its module-level hooks keep it all in the framework chunk that
 * every framework widget loads.
 *
 * What is here behaves as under compat:
 * - `createElement`, `Component`, `Fragment` and every hook: Preact's own, which compat re-exports.
 * - `createRoot(container)` with `render` and `unmount`.
 * - React's event prop names where Preact's core would listen to another event ({@link domProps},
 *   compat's rules).
 *
 * Preact's core already does the rest the same way: `className` (the `class` attribute on SVG),
 * `htmlFor`, `tabIndex`, style objects, `value` and `checked`, null props. Left out, compat-only:
 * SVG attributes in camelCase (`strokeWidth`), `defaultValue`/`defaultChecked`, `<select multiple
 * value={[…]}>`, `class` as a prop, `event.persist()`/`nativeEvent`/`isDefaultPrevented()`;
 * test/unit/ui/reactOnPreact.test.ts fails when a component uses one. A widget importing a React
 * API that is not here (forwardRef, memo…) fails the build.
 */
import { Component, createElement, Fragment, options, render, type ComponentChild, type VNode } from 'preact';

export * from 'preact/hooks';
export { Component, createElement, Fragment };

/** React 18's root API (`react-dom/client`): `ui` rendered into `container`, and removed again. */
export function createRoot(container: Element | DocumentFragment): { render(ui: ComponentChild): void; unmount(): void } {
  return {
    render: (ui) => render(ui, container),
    unmount: () => render(null, container),
  };
}

/** Handlers whose React name Preact's core would not lower-case (`TouchStart` when the DOM lacks `ontouchstart`). */
const LOWER_CASE_EVENTS = /^on(Ani|Tra|Tou|BeforeInp|Compo)/;

/** Input types whose React `onChange` is the DOM's `change` (any other input fires it per keystroke). */
const CHANGE_INPUT_TYPES = /fil|che|rad/;

/**
 * The props of a DOM element with React's event names as compat turns them into the DOM's: React's
 * `onChange` of a text input or textarea fires on every keystroke (`input`), `onFocus`/`onBlur`
 * bubble (`focusin`/`focusout`), `onDoubleClick` is `dblclick`, and touch, animation, transition,
 * composition and beforeinput handlers are lower-cased. An `onInput` next to such an `onChange`
 * keeps running (the second becomes `oninputCapture`). Other props pass unchanged.
 */
export function domProps(type: string, props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let name in props) {
    const value = props[name];
    let lower = name.toLowerCase();
    if (lower === 'onchange' && (type === 'input' || type === 'textarea') && !CHANGE_INPUT_TYPES.test(props.type as string)) {
      lower = name = 'oninput';
    } else if (lower === 'onfocus') name = 'onfocusin';
    else if (lower === 'onblur') name = 'onfocusout';
    else if (lower === 'ondoubleclick') name = 'ondblclick';
    else if (LOWER_CASE_EVENTS.test(name)) name = lower;
    if (lower === 'oninput') name = out.oninput ? 'oninputCapture' : lower;
    out[name] = value;
  }
  return out;
}

// Every element vnode, before Preact diffs it (where compat hooks in too).
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode<Record<string, unknown>>) => {
  if (typeof vnode.type === 'string') vnode.props = domProps(vnode.type, vnode.props) as typeof vnode.props;
  previousVNodeHook?.(vnode);
};
