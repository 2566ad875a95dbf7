/**
 * Lazy entry of the cart-reserved countdown (module 24): loaded when its mount point on the cart
 * page nears the viewport.
 */
import { createElement } from 'react';
import { pickTexts } from '../../core/i18n';
import { createStorage } from '../../core/storage';
import { refreshCart } from '../../state/cart';
import { renderInShadow } from '../../ui/renderInShadow';
import type { MountWidget } from '../types';
import { CartReserved } from './CartReserved';
import { CSS } from './styles';
import { TEXTS } from './texts';

const START_KEY = 'cartReservedStart';

export const mount: MountWidget = (host, ctx) => {
  const storage = createStorage('local');
  const texts = pickTexts(TEXTS, ctx.language);
  void refreshCart(ctx.request, ctx.page.store.root).catch((error) =>
    ctx.report(2200 /* spec §8: timer callback failure */, error, { widget: 'cart-reserved' }),
  );
  return renderInShadow(
    host,
    CSS,
    createElement(CartReserved, {
      loadStart: () => {
        const value = Number(storage.get(START_KEY));
        return value > 0 ? value : null;
      },
      saveStart: (start) => (start === null ? storage.remove(START_KEY) : storage.set(START_KEY, String(start))),
      text: texts.reserved,
      label: texts.label,
    }),
    { report: ctx.report, name: 'cart-reserved' },
  );
};
