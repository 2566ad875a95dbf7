// @vitest-environment jsdom
/**
 * src/ui/reactOnPreact.ts, the production stand-in for `react` and `react-dom/client`: its event
 * names are compat's, it renders and unmounts, and no component uses what it leaves out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { options } from 'preact';
import { describe, expect, test, vi } from 'vitest';

// compat's element hook, captured on import; then every hook compat installed is taken out again,
// so the renders below run as they do in the build, without compat.
const saved = { ...options };
await import('preact/compat');
const compatVNodeHook = options.vnode!;
for (const key of Object.keys(options) as (keyof typeof options)[]) if (!(key in saved)) delete options[key];
Object.assign(options, saved);

const { createElement, createRoot, domProps } = await import('../../../src/ui/reactOnPreact');

/** The `on…` props of `props` on a `type` element, as compat hands them to Preact. */
function compatEvents(type: string, props: Record<string, unknown>): Record<string, unknown> {
  const vnode = { type, props: { ...props } };
  compatVNodeHook(vnode as never);
  return onlyEvents(vnode.props);
}

const onlyEvents = (props: Record<string, unknown>) => Object.fromEntries(Object.entries(props).filter(([name]) => name.startsWith('on')));

describe('React event names, as compat has them', () => {
  const handler = () => {};
  const other = () => {};
  const cases: [string, Record<string, unknown>][] = [
    ['input', { onChange: handler }],
    ['input', { type: 'text', onChange: handler }],
    ['input', { type: 'email', onChange: handler, onBlur: other }],
    ['input', { type: 'file', onChange: handler }],
    ['input', { type: 'checkbox', onChange: handler }],
    ['input', { type: 'radio', onChange: handler }],
    ['input', { type: 'text', onInput: other, onChange: handler }],
    ['textarea', { onChange: handler, onFocus: other }],
    ['select', { onChange: handler }],
    ['button', { onClick: handler, onPointerEnter: other, onFocus: handler, onBlur: other }],
    ['div', { onTouchStart: handler, onTouchEnd: other, onDoubleClick: handler }],
    ['div', { onAnimationEnd: handler, onTransitionEnd: other, onCompositionStart: handler, onBeforeInput: other }],
    ['div', { onDrop: handler, onDragOver: other, onDragEnter: handler, onDragLeave: other, onKeyDown: handler }],
    ['form', { onSubmit: handler, className: 'x', id: 'y' }],
  ];
  for (const [type, props] of cases) {
    test(`<${type}> ${Object.keys(props).join(' ')}`, () => {
      expect(onlyEvents(domProps(type, props))).toEqual(compatEvents(type, props));
    });
  }

  test('other props pass unchanged', () => {
    const props = { className: 'control', htmlFor: 'a', tabIndex: -1, style: { width: 1 }, value: 'v', 'aria-invalid': false };
    expect(domProps('input', props)).toEqual(props);
  });
});

describe('rendering', () => {
  test('createRoot renders, text inputs report each keystroke to onChange, focus bubbles, unmount empties', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const onChange = vi.fn();
    const onFocus = vi.fn();
    const root = createRoot(container);
    root.render(
      createElement(
        'div',
        { onFocus, className: 'box' },
        createElement('input', { type: 'text', value: 'a', onChange, className: 'control' }),
      ),
    );
    const input = container.querySelector('input')!;
    expect(container.innerHTML).toBe('<div class="box"><input type="text" class="control"></div>');
    expect(input.value).toBe('a');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onChange).toHaveBeenCalledTimes(1);
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(onFocus).toHaveBeenCalledTimes(1);
    root.unmount();
    expect(container.innerHTML).toBe('');
  });
});

/** Every source file of the widgets and shared components (not the loader, not the stand-in itself). */
function sources(): { file: string; text: string }[] {
  const root = resolve(import.meta.dirname, '../../../src');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('loader') && !file.endsWith('reactOnPreact.ts'))
    .map((file) => ({ file, text: readFileSync(resolve(root, file), 'utf8') }));
}

describe('no component needs what the stand-in leaves out', () => {
  // compat's SVG attributes it writes in kebab case (strokeWidth -> stroke-width).
  const CAMEL_SVG =
    /^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color|dominant|fill|flood|font|glyph(?!R)|horiz|image(!S)|letter|lighting|marker(?!H|W|U)|overline|paint|pointer|shape|stop|strikethrough|stroke|text(?!L)|transform|underline|unicode|units|v|vector|vert|word|writing|x(?!C))[A-Z]/;
  const COMPAT_ONLY_PROPS = /^(class|defaultValue|defaultChecked|download|translate)$/;

  test('JSX attributes', () => {
    const found: string[] = [];
    for (const { file, text } of sources()) {
      if (!file.endsWith('.tsx')) continue;
      for (const [, name] of text.matchAll(/\s([a-zA-Z][\w-]*)=[{"]/g)) {
        if (CAMEL_SVG.test(name) || COMPAT_ONLY_PROPS.test(name)) found.push(`${file}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  test("React's synthetic-event methods", () => {
    const found = sources()
      .filter(({ text }) => /\.(nativeEvent|persist\(\)|isDefaultPrevented\(|isPropagationStopped\()/.test(text))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});
