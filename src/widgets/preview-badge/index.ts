/**
 * Lazy entry of the preview badge (spec §2 "Preview badge", §6): in the theme editor or an
 * unpublished-theme preview the shop owner sees 'Preview Mode / Only you can see the Vitrine
 * apps.' and the placement notice (placed automatically, moved via sections). In the editor
 * (design mode) it also loads the editor's tools (`lazy/editor.ts`: section events, outlines,
 * moving a widget). Framework-free: a fixed corner badge in its own shadow root; loaded on idle.
 */
import { PRODUCT_NAME } from '../../core/constants';
import { ERR_MODULE_INIT } from '../../core/errors';
import { pickTexts } from '../../core/i18n';
import type { MountWidget } from '../types';
import EDITOR_PART from './lazy/editor?part';
import { TEXTS } from './texts';

const CSS = `:host{all:initial}.badge{position:fixed;z-index:2147483000;bottom:16px;right:16px;max-width:280px;padding:10px 14px;border-radius:8px;background:#1f2937;color:#fff;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25)}.badge strong{display:block;font-size:14px}.badge p{margin:4px 0 0}button{position:absolute;top:4px;right:6px;background:none;border:0;color:inherit;font-size:18px;line-height:1;cursor:pointer;padding:4px}`;

export const mount: MountWidget = (host, ctx) => {
  const texts = pickTexts(TEXTS, ctx.language);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = CSS;
  const badge = document.createElement('div');
  badge.className = 'badge';
  badge.setAttribute('part', 'badge');
  badge.setAttribute('role', 'status');
  const title = document.createElement('strong');
  title.textContent = texts.title;
  const body = document.createElement('p');
  body.textContent = texts.body.replace('{productName}', PRODUCT_NAME);
  // Spec §2: the notice in design and preview mode alike (this chunk loads in no other).
  const notice = document.createElement('p');
  notice.textContent = texts.placement;
  badge.append(title, body, notice);
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', texts.close);
  close.textContent = '×';
  close.addEventListener('click', () => host.remove());
  badge.append(close);
  shadow.replaceChildren(style, badge);
  let stopEditor: (() => void) | undefined;
  if (ctx.page.designMode) {
    void ctx
      .load<typeof import('./lazy/editor')>(EDITOR_PART)
      .then((editor) => (stopEditor = editor.startEditor(ctx)))
      .catch((error: unknown) => ctx.report(ERR_MODULE_INIT, error, { widget: EDITOR_PART }));
  }
  return () => {
    stopEditor?.();
    host.remove();
  };
};
