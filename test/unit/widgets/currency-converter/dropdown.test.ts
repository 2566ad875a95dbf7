// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropdown } from '../../../../src/ui/dropdownController';

const setup = () => {
  document.body.innerHTML = `<select id="s"><option value="USD">USD</option><option value="CAD" disabled>CAD</option><option value="EUR">EUR</option><option value="GBP">GBP</option></select><button id="outside">x</button>`;
  const select = document.querySelector('select')!;
  const api = dropdown(select, { label: 'Currency' })!;
  const button = api.root.querySelector('button')!;
  const list = api.root.querySelector('[role="listbox"]') as HTMLElement;
  const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  const active = () =>
    list.getAttribute('aria-activedescendant') && document.getElementById(list.getAttribute('aria-activedescendant')!)?.textContent;
  return { select, api, button, list, key, active };
};

describe('dropdown (spec §4)', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('has the button/listbox markup and mirrors the select', () => {
    const { button, list } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('listbox');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('USD');
    expect(list.querySelectorAll('[role="option"]').length).toBe(4);
    expect(list.querySelector('[aria-selected="true"]')!.textContent).toBe('USD');
    expect(list.style.maxHeight).toBe('300px');
  });

  it('click toggles, click outside closes, an enabled option selects and fires change', () => {
    const { select, api, button, list } = setup();
    const change = vi.fn();
    select.addEventListener('change', change);
    button.click();
    expect(api.isOpen).toBe(true);
    document.getElementById('outside')!.click();
    expect(api.isOpen).toBe(false);
    button.click();
    (list.children[1] as HTMLElement).click(); // disabled
    expect(select.value).toBe('USD');
    (list.children[2] as HTMLElement).click();
    expect(select.value).toBe('EUR');
    expect(button.textContent).toBe('EUR');
    expect(change).toHaveBeenCalledTimes(1);
    expect(api.isOpen).toBe(false);
  });

  it('an open list keeps the active option when its options are read again (the owner re-rendered)', () => {
    const { select, api, button, list, key, active } = setup();
    key(button, 'Enter');
    key(list, 'End');
    expect(active()).toBe('GBP');
    api.update();
    expect(active()).toBe('GBP');
    key(list, 'Enter');
    expect(select.value).toBe('GBP');
    // Closed, the list starts again from the selected option.
    api.update();
    key(button, 'Enter');
    expect(active()).toBe('GBP');
  });

  it('keyboard: Enter/Space toggle, arrows skip disabled options, Enter picks, Escape and Tab close', () => {
    const { select, api, button, list, key, active } = setup();
    key(button, 'Enter');
    expect(api.isOpen).toBe(true);
    expect(document.activeElement).toBe(list);
    key(list, 'ArrowDown');
    expect(active()).toBe('EUR');
    key(list, 'ArrowDown');
    key(list, 'ArrowDown');
    expect(active()).toBe('GBP');
    key(list, 'ArrowUp');
    key(list, ' ');
    expect(select.value).toBe('EUR');
    expect(api.isOpen).toBe(false);
    expect(document.activeElement).toBe(button);
    key(button, ' ');
    expect(api.isOpen).toBe(true);
    key(list, 'Escape');
    expect(api.isOpen).toBe(false);
    key(button, 'ArrowDown');
    expect(api.isOpen).toBe(true);
    key(list, 'Tab');
    expect(api.isOpen).toBe(false);
  });

  it("a choice and its owner's re-reads keep the list built once; a changed option builds it again", () => {
    const { select, api, button, list } = setup();
    const built = [...list.children];
    button.click();
    (list.children[2] as HTMLElement).click();
    api.update();
    expect([...list.children].every((item, index) => item === built[index])).toBe(true);
    expect([...list.querySelectorAll('[aria-selected="true"]')].map((item) => item.textContent)).toEqual(['EUR']);
    expect(button.textContent).toBe('EUR');
    // A changed text, or a changed disabled state, is a changed list.
    select.options[3].text = 'GBP – pound';
    api.update();
    expect(list.children[3].textContent).toBe('GBP – pound');
    expect(list.children[0]).not.toBe(built[0]);
    select.options[1].disabled = false;
    api.update();
    expect(list.children[1].hasAttribute('aria-disabled')).toBe(false);
  });

  it('a choice scrolls nothing into view (the list is going away): only opening and moving do', () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    try {
      const { select, button, list, key } = setup();
      button.click();
      expect(scrolled).toHaveBeenCalledTimes(1);
      key(list, 'ArrowDown');
      expect(scrolled).toHaveBeenCalledTimes(2);
      key(list, 'Enter');
      expect(select.value).toBe('EUR');
      expect(scrolled).toHaveBeenCalledTimes(2);
      button.click();
      (list.children[3] as HTMLElement).click();
      expect(select.value).toBe('GBP');
      expect(scrolled).toHaveBeenCalledTimes(3);
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it('update re-reads the options, destroy removes it, an unknown method logs', () => {
    const { select, api } = setup();
    select.add(new Option('JPY', 'JPY'));
    dropdown(select, 'update');
    expect(api.root.querySelectorAll('[role="option"]').length).toBe(5);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    dropdown(select, 'explode');
    expect(warn).toHaveBeenCalledWith('Dropdown: method "explode" does not exist');
    dropdown(select, 'destroy');
    expect(api.root.isConnected).toBe(false);
    expect(dropdown(select, { label: 'again' })).not.toBe(api);
  });
});
