/**
 * The selector's UI (dropdown, notice, styles, texts, flag sprite), imported by the converter
 * entry right after it starts converting: prices never wait for UI code, and the sprite is
 * fetched only when the selector shows.
 */
import { createElement } from 'react';
import { ERR_CONVERSION } from '../../core/errors';
import { pickTexts } from '../../core/i18n';
import { safe } from '../../core/lib/safeCall';
import spriteUrl from '../../currency/flags.svg?url';
import { shopperCurrency } from '../../state/currency';
import { renderInShadow, type ShadowRenderOptions } from '../../ui/renderInShadow';
import { CurrencySelector, type CurrencyOption } from './CurrencySelector';
import { CSS, floatingCss } from './styles';
import { TEXTS } from './texts';

interface SelectorSetup {
  options: CurrencyOption[];
  shopCurrency: string;
  onChange(code: string): void;
  language: string;
  /** Floating corner (`bottom-left` …), or null when the selector is placed in the page. */
  position: string | null;
  /** Where `chunks/` live: the sprite is resolved against it. */
  assetBase: string;
  /** The page's report hook (`ctx.report`). */
  report: ShadowRenderOptions['report'];
}

/** Renders the selector into `host`'s shadow root; returns the unmount function. */
export function renderSelector(host: HTMLElement, setup: SelectorSetup): () => void {
  const texts = pickTexts(TEXTS, setup.language);
  const choose = safe(setup.onChange, ERR_CONVERSION);
  return renderInShadow(
    host,
    CSS + (setup.position ? floatingCss(setup.position) : ':host{display:inline-block}'),
    createElement(CurrencySelector, {
      options: setup.options,
      value: shopperCurrency,
      shopCurrency: setup.shopCurrency,
      // A choice converts every price of the page: after the next paint, so that the shopper's
      // click or key is answered at once (the list closed, the new code on the button) and the
      // prices follow a frame later. In the click's own task, the conversion held that paint back.
      onChange: (code: string) => requestAnimationFrame(() => setTimeout(choose, 0, code)),
      // Vite writes the asset path from the build root ('/chunks/flags-….svg'): resolve it
      // against the asset base, where the chunks really are.
      spriteUrl: new URL(spriteUrl.replace(/^\//, ''), setup.assetBase).href,
      label: texts.label,
      notice: texts.notice,
      floating: !!setup.position,
      up: !!setup.position?.startsWith('bottom'),
    }),
    { report: setup.report, name: 'currency-selector' },
  );
}
