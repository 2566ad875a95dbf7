/**
 * Spec §2 "Currency selector and notice": puts the selector's host where the shop wants it, then
 * loads the selector UI (`currency-converter.selector`) and renders it. Prices are converted
 * before: they never wait for UI code.
 */
import { ERR_WIDGET_RENDER, ERR_WIDGET_TARGET_NOT_FOUND } from '../../core/errors';
import { flagPosition, getCurrency } from '../../currency/currencies';
import type { WidgetContext } from '../types';
import type * as SelectorPart from './lazy/selector';
import SELECTOR_PART from './lazy/selector?part';
import type { CurrencySettings } from './settings';

/** The theme's "Currency selector" app block (extensions/vitrine-theme). */
const APP_BLOCK = '[data-vitrine-block="currency-selector"]';

/**
 * Moves the host into the theme's app block when the page has one (the merchant put it there in
 * the theme editor: it wins over every other place), else to `currency.placement` when the loader
 * left it floating at the end of the body. Returns whether the selector floats.
 */
function placeHost(host: HTMLElement, settings: CurrencySettings, ctx: WidgetContext): boolean {
  const doc = host.ownerDocument;
  const block = doc.querySelector(APP_BLOCK);
  if (block) {
    block.append(host);
    return false;
  }
  if (host.parentElement !== doc.body || !settings.placement) return host.parentElement === doc.body || !host.parentElement;
  const target = doc.querySelector(settings.placement.selector);
  if (!target) {
    ctx.report(ERR_WIDGET_TARGET_NOT_FOUND, new Error('widget injection location not found: currency-converter'), {
      selectors: settings.placement.selector,
    });
    return true;
  }
  const where = { before: 'beforebegin', after: 'afterend', prepend: 'afterbegin', append: 'beforeend' } as const;
  target.insertAdjacentElement(where[settings.placement.alignment], host);
  return false;
}

/**
 * Places and renders the selector, offering the `enabled` currencies and the page's own (the
 * notice compares with it); `onChange` gets the shopper's choice. Returns the unmount function,
 * which also cancels a load still under way.
 */
export function loadSelector(
  host: HTMLElement,
  ctx: WidgetContext,
  settings: CurrencySettings,
  enabled: string[],
  pageCurrency: string,
  onChange: (code: string) => void,
): () => void {
  const floating = placeHost(host, settings, ctx);
  const codes = enabled.includes(pageCurrency) ? enabled : [...enabled, pageCurrency];
  let unmount = (): void => {};
  let gone = false;
  ctx
    .load<typeof SelectorPart>(SELECTOR_PART)
    .then((ui) => {
      if (gone) return;
      unmount = ui.renderSelector(host, {
        options: codes.map((code) => ({ code, name: getCurrency(code)?.name ?? code, flag: flagPosition(code) })),
        shopCurrency: pageCurrency,
        onChange,
        language: ctx.language,
        position: floating ? settings.position : null,
        assetBase: ctx.settings.assetBase,
        report: ctx.report,
      });
    })
    .catch((error) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'currency-converter' }));
  return () => {
    gone = true;
    unmount();
  };
}
