import { createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boundary, setUiReporter } from './guard';

export interface ShadowRenderOptions {
  /** The page's report hook (`ctx.report`): render and event failures of the widget go there. */
  report(code: number, error: unknown, extra?: Record<string, unknown>): void;
  /** Named in reports of a failed render. */
  name: string;
  /**
   * Called when the widget's tree failed to render and was removed: release what was held for it
   * (reserved height). The rest of the page, and other widgets, keep working.
   */
  onError?(): void;
}

/**
 * Renders `ui` into an open shadow root on `host`, with `css` as its only styles: theme CSS
 * cannot reach in and ours cannot leak out. Inherited properties (font, colour) still flow in,
 * so widgets look native; shops restyle through `--vitrine-*` custom properties and `::part()`.
 * The tree renders under an error boundary: a render error is reported (code 2280, with its
 * stack), the failed tree is unmounted and `onError` runs; nothing is thrown into the shop's code.
 * Returns the unmount function.
 */
export function renderInShadow(host: HTMLElement, css: string, ui: ReactNode, options: ShadowRenderOptions): () => void {
  setUiReporter(options.report);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  shadow.textContent = '';
  const style = document.createElement('style');
  // `:host { all: initial }` would also drop the theme font; we reset only what themes break.
  style.textContent = `:host{display:block;box-sizing:border-box}*,*::before,*::after{box-sizing:inherit}${css}`;
  const container = document.createElement('div');
  shadow.append(style, container);
  const root = createRoot(container);
  root.render(createElement(Boundary, { name: options.name, onError: options.onError }, ui));
  return () => root.unmount();
}
