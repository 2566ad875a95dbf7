/**
 * The selector's UI (dropdown, notice, styles, texts, flag sprite), imported by the converter
 * entry right after it starts converting: prices never wait for UI code, and the sprite is
 * fetched only when the selector shows.
 */
import { createElement } from 'react';
import { pickTexts } from '../../core/i18n';
import spriteUrl from '../../currency/flags.svg?url';
import { shopperCurrency } from '../../state/currency';
import { renderInShadow, type ShadowRenderOptions } from '../../ui/renderInShadow';
import { CurrencySelector, type CurrencyOption } from './CurrencySelector';
import { CSS, FLOATING } from './styles';
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
export function renderSelector(host: HTMLElement, s: SelectorSetup): () => void {
  const texts = pickTexts(TEXTS, s.language);
  return renderInShadow(
    host,
    CSS + (s.position ? FLOATING(s.position) : ':host{display:inline-block}'),
    createElement(CurrencySelector, {
      options: s.options,
      value: shopperCurrency,
      shopCurrency: s.shopCurrency,
      onChange: s.onChange,
      // Vite writes the asset path from the build root ('/chunks/flags-….svg'): resolve it
      // against the asset base, where the chunks really are.
      spriteUrl: new URL(spriteUrl.replace(/^\//, ''), s.assetBase).href,
      label: texts.label,
      notice: texts.notice,
      floating: !!s.position,
      up: !!s.position && s.position.startsWith('bottom'),
    }),
    { report: s.report, name: 'currency-selector' },
  );
}
