import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders `ui` into an open shadow root on `host`, with `css` as its only styles: theme CSS
 * cannot reach in and ours cannot leak out. Inherited properties (font, colour) still flow in,
 * so widgets look native; shops restyle through `--vitrine-*` custom properties and `::part()`.
 * Returns the unmount function.
 */
export function renderInShadow(host: HTMLElement, css: string, ui: ReactNode): () => void {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  shadow.textContent = '';
  const style = document.createElement('style');
  // `:host { all: initial }` would also drop the theme font; we reset only what themes break.
  style.textContent = `:host{display:block;box-sizing:border-box}*,*::before,*::after{box-sizing:inherit}${css}`;
  const container = document.createElement('div');
  shadow.append(style, container);
  const root = createRoot(container);
  root.render(ui);
  return () => root.unmount();
}
