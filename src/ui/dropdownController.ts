/**
 * A custom dropdown over a native `<select>` (spec §4 "Dropdown"), framework-free and reusable:
 * the select stays the source of truth (forms, screen readers); the dropdown mirrors it.
 *
 * - click on the button toggles; a click outside closes;
 * - choosing an enabled option selects it, updates the shown value and fires `change` on the select;
 * - Space/Enter toggle on the button, pick the active option in the list;
 * - ↓/↑ move among enabled options (and open the list from the button); Home/End jump;
 * - Escape closes; Tab closes while open;
 * - `dropdown(select, 'update')` re-reads the options, `dropdown(select, 'destroy')` removes it;
 *   an unknown method logs that it does not exist.
 *
 * Markup: a button (`aria-haspopup="listbox"`, `aria-expanded`) and a `role="listbox"` list of
 * `role="option"` items with `aria-selected`; while open the list has focus and
 * `aria-activedescendant`. Styles are the caller's (class names below, list max height 300 px).
 */

/** Dropdown list max height. */
const DROPDOWN_MAX_HEIGHT = 300;

export interface DropdownOptions {
  /** Where the dropdown goes (default: right after the select). */
  container?: HTMLElement;
  /** Fills an option's content (default: the option's text). */
  renderOption?: (option: HTMLOptionElement, into: HTMLElement) => void;
  /** Accessible name of the button and the list. */
  label?: string;
}

export interface DropdownApi {
  readonly root: HTMLElement;
  readonly isOpen: boolean;
  open(): void;
  close(): void;
  update(): void;
  destroy(): void;
}

export type DropdownMethod = 'update' | 'destroy';

const instances = new WeakMap<HTMLSelectElement, DropdownApi>();
let uid = 0;

/**
 * Creates the dropdown for `select` (or returns the existing one), or calls a method on it.
 * Returns the instance, or undefined after `destroy` / for an unknown method or instance.
 */
export function dropdown(select: HTMLSelectElement, arg?: DropdownOptions | DropdownMethod | string): DropdownApi | undefined {
  const existing = instances.get(select);
  if (typeof arg === 'string') {
    if (arg !== 'update' && arg !== 'destroy') {
      console.warn(`Dropdown: method "${arg}" does not exist`);
      return existing;
    }
    existing?.[arg]();
    return arg === 'destroy' ? undefined : existing;
  }
  if (existing) return existing;
  const api = create(select, arg || {});
  instances.set(select, api);
  return api;
}

function create(select: HTMLSelectElement, opts: DropdownOptions): DropdownApi {
  const doc = select.ownerDocument;
  const id = `vt-dd-${++uid}`;
  const newElement = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] => {
    const element = doc.createElement(tag);
    element.className = className;
    return element;
  };
  const root = newElement('div', 'dd');
  const button = newElement('button', 'dd__button');
  button.type = 'button';
  button.id = id + '-button';
  button.setAttribute('aria-haspopup', 'listbox');
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', id + '-list');
  const list = newElement('ul', 'dd__list');
  list.id = id + '-list';
  list.setAttribute('role', 'listbox');
  list.tabIndex = -1;
  list.hidden = true;
  list.style.maxHeight = DROPDOWN_MAX_HEIGHT + 'px';
  if (opts.label) list.setAttribute('aria-label', opts.label);
  root.append(button, list);
  (opts.container ?? select.parentNode!).insertBefore(root, opts.container ? null : select.nextSibling);

  let items: HTMLLIElement[] = [];
  /** The options the list was built from: their values, texts and disabled states. */
  let built = '';
  let active = -1;
  let isOpen = false;

  const fill = (into: HTMLElement, option: HTMLOptionElement): void => {
    into.textContent = '';
    if (opts.renderOption) opts.renderOption(option, into);
    else into.textContent = option.text;
  };
  const enabled = (index: number): boolean => !!select.options[index] && !select.options[index].disabled;

  const setActive = (index: number): void => {
    items[active]?.classList.remove('is-active');
    active = index;
    const item = items[index];
    if (item) {
      item.classList.add('is-active');
      list.setAttribute('aria-activedescendant', item.id);
      if (isOpen) item.scrollIntoView?.({ block: 'nearest' });
    } else list.removeAttribute('aria-activedescendant');
  };

  const update = (): void => {
    const options = Array.from(select.options);
    // The list is built again only when its options changed: its owner calls this on every render
    // of its own, and a choice did it twice more, so a shop offering many currencies had its whole
    // list (a flag and a text each) built three times for one choice of the shopper.
    const next = options.map((option) => [option.value, option.text, option.disabled].join('\t')).join('\n');
    if (next !== built) {
      built = next;
      list.textContent = '';
      items = options.map((option, index) => {
        const item = newElement('li', 'dd__option');
        item.id = `${id}-o${index}`;
        item.setAttribute('role', 'option');
        if (option.disabled) item.setAttribute('aria-disabled', 'true');
        fill(item, option);
        list.appendChild(item);
        return item;
      });
    }
    items.forEach((item, index) => item.setAttribute('aria-selected', String(options[index].selected)));
    const selected = select.options[select.selectedIndex];
    if (selected) fill(button, selected);
    if (opts.label) button.setAttribute('aria-label', `${opts.label}: ${selected ? selected.text : ''}`);
    // An open list keeps the shopper's place: its owner re-renders the options on any change of
    // its own (a price, the cart), and a key pressed after that picked the selected option again.
    setActive(isOpen && enabled(active) ? active : select.selectedIndex);
  };

  const open = (): void => {
    if (isOpen) return;
    isOpen = true;
    list.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    root.classList.add('is-open');
    setActive(enabled(select.selectedIndex) ? select.selectedIndex : step(-1, 1));
    list.focus();
  };
  const close = (focusButton = false): void => {
    if (!isOpen) return;
    isOpen = false;
    list.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    root.classList.remove('is-open');
    if (focusButton) button.focus();
  };
  /** Next enabled option from `from` in direction `dir` (stays put at the ends). */
  const step = (from: number, dir: 1 | -1): number => {
    for (let i = from + dir; i >= 0 && i < items.length; i += dir) if (enabled(i)) return i;
    return from;
  };
  const pick = (index: number): void => {
    if (!enabled(index)) return;
    const changed = select.selectedIndex !== index;
    select.selectedIndex = index;
    // Closed, and brought up to date by the select's own change event (`onSelectChange`) alone:
    // read while open, the new active option was scrolled into view, which made the browser lay out
    // the page at once (9.9 ms of a 42 ms choice at 4x CPU) for a list going away. An option chosen
    // again changes nothing to update.
    close(true);
    if (changed) select.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const onButtonClick = (): void => (isOpen ? close(true) : open());
  const onButtonKey = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onButtonClick();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
    }
  };
  const onListKey = (event: KeyboardEvent): void => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') setActive(step(active, key === 'ArrowDown' ? 1 : -1));
    else if (key === 'Home') setActive(step(-1, 1));
    else if (key === 'End') setActive(step(items.length, -1));
    else if (key === 'Enter' || key === ' ') pick(active);
    else if (key === 'Escape') close(true);
    else if (key === 'Tab')
      return close(true); // focus goes on from the button, as usual
    else return;
    event.preventDefault();
  };
  const onListClick = (event: MouseEvent): void => {
    const item = (event.target as Element).closest?.('[role="option"]');
    const index = item ? items.indexOf(item as HTMLLIElement) : -1;
    if (index >= 0) pick(index);
  };
  const onDocClick = (event: MouseEvent): void => {
    if (isOpen && !event.composedPath().includes(root)) close();
  };
  const onSelectChange = (): void => update();

  button.addEventListener('click', onButtonClick);
  button.addEventListener('keydown', onButtonKey);
  list.addEventListener('keydown', onListKey);
  list.addEventListener('click', onListClick);
  select.addEventListener('change', onSelectChange);
  doc.addEventListener('click', onDocClick, true);
  update();

  return {
    root,
    get isOpen() {
      return isOpen;
    },
    open,
    close: () => close(),
    update,
    destroy() {
      doc.removeEventListener('click', onDocClick, true);
      select.removeEventListener('change', onSelectChange);
      root.remove();
      instances.delete(select);
    },
  };
}
