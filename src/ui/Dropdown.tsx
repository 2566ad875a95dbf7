import { useEffect, useRef } from 'react';
import { dropdown } from './dropdownController';
import { guard } from './guard';

export interface DropdownItem {
  value: string;
  /** Text of the option (native select and the list). */
  label: string;
  disabled?: boolean;
}

export interface DropdownProps {
  items: DropdownItem[];
  value: string;
  onChange(value: string): void;
  /** Accessible name (also the visually hidden label of the native select). */
  label: string;
  /** Fills an option's content in the custom list and the button (default: its label). */
  renderItem?: (item: DropdownItem, into: HTMLElement) => void;
  id?: string;
}

/**
 * The custom dropdown of spec §4 as a component: a native `<select>` (visually hidden, kept for
 * forms and screen readers) mirrored by the framework-free controller in `dropdownController.ts`.
 */
export function Dropdown({ items, value, onChange, label, renderItem, id = 'vt-dropdown' }: DropdownProps) {
  const select = useRef<HTMLSelectElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const byValue = useRef(new Map<string, DropdownItem>());
  byValue.current = new Map(items.map((item) => [item.value, item]));
  const render = useRef(renderItem);
  render.current = renderItem;

  useEffect(() => {
    const selectElement = select.current!;
    dropdown(selectElement, {
      container: container.current!,
      label,
      renderOption: (option, into) => {
        const item = byValue.current.get(option.value);
        if (item && render.current) render.current(item, into);
        else into.textContent = option.text;
      },
    });
    return () => void dropdown(selectElement, 'destroy');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; `items` and `value` changes go through 'update' below
  }, []);

  useEffect(() => {
    const selectElement = select.current!;
    selectElement.value = value;
    dropdown(selectElement, 'update');
  }, [items, value]);

  return (
    <div className="dd-wrap">
      <label className="vh" htmlFor={id}>
        {label}
      </label>
      <select
        ref={select}
        id={id}
        className="vh"
        tabIndex={-1}
        value={value}
        onChange={guard((event) => onChange((event.currentTarget as HTMLSelectElement).value), 'dropdown')}
      >
        {items.map((item) => (
          <option key={item.value} value={item.value} disabled={item.disabled}>
            {item.label}
          </option>
        ))}
      </select>
      <div ref={container} />
    </div>
  );
}
