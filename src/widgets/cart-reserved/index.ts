/**
 * Lazy entry of the cart-reserved countdown (module 24): loaded when its mount point nears the
 * viewport, on the cart page (after its title) and on product pages (after the add-to-cart
 * form). It follows the `cart` signal, which the commerce chunk's cart reader and watcher keep
 * current, so the box appears when the theme's own add-to-cart fills the cart and goes when it is
 * emptied, without a reload.
 */
import { createElement } from 'react';
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { pickTexts } from '../../core/i18n';
import { createStorage } from '../../core/storage';
import { followCart } from '../../state/cart';
import { renderInShadow } from '../../ui/renderInShadow';
import type { MountWidget } from '../types';
import { CartReserved } from './CartReserved';
import { CSS } from './styles';
import { TEXTS } from './texts';

const START_KEY = 'cartReservedStart';

export const mount: MountWidget = (host, ctx) => {
  const storage = createStorage();
  const texts = pickTexts(TEXTS, ctx.language);
  // The box needs the cart now, not when the page is idle: start the cart watcher (the loader's
  // idle mount of the same chunk then does nothing), and follow its reads.
  ctx
    .load<typeof import('../commerce/index')>('commerce')
    .then((commerce) => {
      commerce.mount(host, ctx);
      followCart(commerce.onCart);
    })
    .catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'cart-reserved' }));
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
