/**
 * Lazy entry of the preview badge (spec §2 "Preview badge", §6): in the theme editor or an
 * unpublished-theme preview the shop owner sees 'Preview Mode / Only you can see the Vitrine
 * apps.' and, in design mode, that the apps were placed automatically. Framework-free: a fixed
 * corner badge in its own shadow root; loaded on idle.
 */
import { PRODUCT_NAME } from '../../core/constants';
import { pickTexts } from '../../core/i18n';
import type { MountWidget } from '../types';
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
  badge.append(title, body);
  if (ctx.page.designMode) {
    const notice = document.createElement('p');
    notice.textContent = texts.placement;
    badge.append(notice);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', texts.close);
  close.textContent = '×';
  close.addEventListener('click', () => host.remove());
  badge.append(close);
  shadow.replaceChildren(style, badge);
  return () => host.remove();
};
