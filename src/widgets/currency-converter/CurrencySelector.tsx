import { useSignals } from '@preact/signals-react/runtime';
import type { ReadonlySignal } from '@preact/signals-react';
import { Dropdown, type DropdownItem } from '../../ui/Dropdown';

export interface CurrencyOption {
  code: string;
  name: string;
  /** Flag cell in the sprite (px), or undefined for no flag. */
  flag?: { x: number; y: number };
}

export interface CurrencySelectorProps {
  options: CurrencyOption[];
  value: ReadonlySignal<string | null>;
  shopCurrency: string;
  onChange(code: string): void;
  /** URL of the flag sprite (`flags.svg`). */
  spriteUrl: string;
  label: string;
  /** Notice text with `{currency}` and `{shop}`. */
  notice: string;
  /** Floating (a corner of the viewport) or in the page. */
  floating: boolean;
  /** The list opens upwards (selector at the bottom of the viewport). */
  up: boolean;
}

/**
 * Spec §2 "Currency selector and notice": a custom dropdown of 30×20 flags and display texts over
 * a native select, and a notice that prices are converted and checkout is in the shop currency.
 */
export function CurrencySelector(props: CurrencySelectorProps) {
  useSignals();
  const value = props.value.value ?? props.shopCurrency;
  const known = props.options.some((option) => option.code === value);
  const options = known ? props.options : [...props.options, { code: value, name: value }];
  const byCode = new Map(options.map((option) => [option.code, option]));
  const items: DropdownItem[] = options.map((option) => ({ value: option.code, label: `${option.code} – ${option.name}` }));

  const renderItem = (item: DropdownItem, into: HTMLElement): void => {
    const option = byCode.get(item.value);
    const doc = into.ownerDocument;
    const flag = doc.createElement('span');
    flag.className = 'flag';
    flag.setAttribute('aria-hidden', 'true');
    if (option?.flag) {
      flag.style.cssText = `background-image:url("${props.spriteUrl}");background-position:-${option.flag.x}px -${option.flag.y}px`;
    }
    const text = doc.createElement('span');
    // The button shows the code; the list the code and the name.
    text.textContent = into.getAttribute('role') === 'option' ? item.label : item.value;
    into.append(flag, text);
  };

  return (
    <div className={(props.floating ? 'float ' : '') + (props.up ? 'up' : 'down')}>
      <div className="box" part="box">
        <Dropdown id="vitrine-currency" items={items} value={value} onChange={props.onChange} label={props.label} renderItem={renderItem} />
        {value !== props.shopCurrency && (
          <p className="notice" part="notice">
            {props.notice.replace('{currency}', value).replace('{shop}', props.shopCurrency)}
          </p>
        )}
      </div>
    </div>
  );
}
