/**
 * The store editor's layer (spec §6): an outline and a small header (the widget's name and
 * "Move") over each widget the owner can move, and the move dialog that saves a new place with
 * `update-selector` (spec §7). One fixed, shadow-rooted layer at the end of the body: it never
 * takes space in the page (nothing shifts) and the theme's styles never reach it.
 */
import { ERR_WIDGET_RENDER } from '../../core/errors';
import { fill, pickTexts } from '../../core/i18n';
import { read } from '../../core/lib/read';
import { editorData } from '../../core/lib/editorData';
import { whenStylesheetsLoaded } from '../../core/lib/whenStylesheetsLoaded';
import type { WidgetContext } from '../types';
import { EDITOR_TEXTS, type EditorTexts } from './editorTexts';
import { checkSelector } from './selectorCheck';
import { uniqueSelector } from './uniqueSelector';

/** The widgets an owner moves, by spec §7 widget id, and how each is found on the page. */
const MOVABLE: [id: number, selector: string][] = [
  [4, '[data-vitrine-mount="reviews"]'],
  [5, '.vitrine-stars--product'],
  [6, '[data-vitrine-mount="offer-card"]'],
];

/** Spec §9: a phone is a viewport at most 767 px wide; placements are saved per device. */
const MOBILE_MAX_WIDTH = 767;

const CSS = `:host{all:initial}
.outline{position:fixed;box-sizing:border-box;border:2px dashed #1d4ed8;border-radius:4px;pointer-events:none}
.head{position:absolute;left:-2px;bottom:100%;display:flex;gap:6px;align-items:center;background:#1d4ed8;color:#fff;font:12px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:3px 6px;border-radius:4px 4px 0 0;pointer-events:auto;white-space:nowrap}
.head button{font:inherit;color:#1d4ed8;background:#fff;border:0;border-radius:3px;padding:2px 8px;cursor:pointer}
.dialog{position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);box-sizing:border-box;width:min(440px,calc(100vw - 32px));max-height:calc(100vh - 32px);overflow:auto;background:#fff;color:#1f2937;border-radius:8px;box-shadow:0 8px 32px rgba(0,0,0,.3);padding:16px 18px;pointer-events:auto;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h2{font-size:16px;margin:0 0 6px}p{margin:0 0 8px}
label{display:block;margin:10px 0 4px;font-weight:600}
input,select{display:block;width:100%;box-sizing:border-box;font:inherit;padding:6px 8px;border:1px solid #6b7280;border-radius:4px;background:#fff;color:inherit}
button{font:inherit;padding:6px 12px;border-radius:4px;border:1px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer}
.primary{background:#1d4ed8;color:#fff}
.pick{margin-top:6px}
.row{display:flex;gap:8px;justify-content:flex-end;margin-top:14px}
.status{min-height:1.4em;margin:10px 0 0}.status[role=alert]{color:#b91c1c}
.banner{position:fixed;top:8px;left:50%;transform:translateX(-50%);background:#1f2937;color:#fff;padding:8px 12px;border-radius:6px;font:13px/1.4 system-ui,sans-serif;pointer-events:none}
.hover{position:fixed;box-sizing:border-box;border:2px solid #b45309;background:rgba(245,158,11,.15);pointer-events:none}
:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}`;

type Attributes = Record<string, string>;

/** A small element builder: attributes, then children (text or elements). */
function h(doc: Document, tag: string, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElement {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The editor layer: `redraw` after the page's widgets changed, `remove` to take it away. */
export interface EditorLayer {
  redraw(): void;
  remove(): void;
}

/** Puts the editor layer on `doc` for the page's movable widgets. */
export function createEditorLayer(doc: Document, ctx: WidgetContext): EditorLayer {
  const win = doc.defaultView!;
  const texts = pickTexts(EDITOR_TEXTS, ctx.language);
  const layer = h(doc, 'div', { 'data-vitrine-editor': '' });
  layer.style.cssText =
    'position:fixed!important;inset:0;margin:0;padding:0;border:0;pointer-events:none;z-index:2147483000;display:block!important';
  const root = layer.attachShadow({ mode: 'open' });
  const boxes = h(doc, 'div');
  root.append(h(doc, 'style', {}, CSS), boxes);
  doc.body.appendChild(layer);

  const outlines = new Map<Element, HTMLElement>();
  const resized = new ResizeObserver(() => redraw());
  resized.observe(doc.body);
  let frame = 0;

  /** Places an outline over each movable widget shown on the page; drops those gone. */
  const draw = () => {
    frame = 0;
    try {
      placeOutlines();
    } catch (error) {
      ctx.report(ERR_WIDGET_RENDER, error, { widget: 'preview-badge.editor' });
    }
  };
  const placeOutlines = () => {
    const shown = new Set<Element>();
    for (const [id, selector] of MOVABLE) {
      for (const widget of doc.querySelectorAll(selector)) {
        if (!widget.getClientRects().length) continue; // not rendered (display: none)
        shown.add(widget);
        let outline = outlines.get(widget);
        if (!outline) {
          outline = createOutline(id);
          outlines.set(widget, outline);
          boxes.append(outline);
          resized.observe(widget);
        }
        const rect = widget.getBoundingClientRect();
        outline.style.cssText = `top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${Math.max(rect.height, 24)}px`;
      }
    }
    for (const [widget, outline] of outlines) {
      if (shown.has(widget)) continue;
      outline.remove();
      outlines.delete(widget);
      resized.unobserve(widget);
    }
  };
  const redraw = () => {
    frame ||= win.requestAnimationFrame(draw);
  };

  const createOutline = (id: number): HTMLElement => {
    const name = texts.names[id]!;
    const move = h(doc, 'button', { type: 'button', 'aria-label': fill(texts.moveLabel, { name }) }, texts.move);
    move.addEventListener('click', () => openMoveDialog(doc, root, ctx, texts, id, move));
    return h(
      doc,
      'div',
      { class: 'outline', part: 'outline' },
      h(doc, 'div', { class: 'head', role: 'group', 'aria-label': `Vitrine: ${name}` }, name, move),
    );
  };

  win.addEventListener('scroll', redraw, { capture: true, passive: true });
  win.addEventListener('resize', redraw);
  // Measured once the theme is styled (a stylesheet still loading would move every widget).
  void whenStylesheetsLoaded(doc).then(redraw);
  return {
    redraw,
    remove() {
      win.removeEventListener('scroll', redraw, { capture: true });
      win.removeEventListener('resize', redraw);
      resized.disconnect();
      layer.remove();
    },
  };
}

/**
 * The move dialog for widget `id`: a selector (typed, or picked by clicking the page) and an
 * alignment, checked on this page, then saved for this device. A modal dialog: focus stays in
 * it, Escape closes it and focus goes back to `opener`.
 */
function openMoveDialog(doc: Document, root: ShadowRoot, ctx: WidgetContext, texts: EditorTexts, id: number, opener: HTMLElement): void {
  const win = doc.defaultView!;
  const name = texts.names[id]!;
  const mobile = win.innerWidth <= MOBILE_MAX_WIDTH;
  const device = mobile ? texts.mobile : texts.desktop;
  const input = h(doc, 'input', { id: 'vtl-selector', type: 'text', spellcheck: 'false', autocomplete: 'off' }) as HTMLInputElement;
  const alignment = h(
    doc,
    'select',
    { id: 'vtl-alignment' },
    ...Object.entries(texts.positions).map(([value, label]) => h(doc, 'option', { value }, label)),
  ) as HTMLSelectElement;
  alignment.value = 'after';
  const pick = h(doc, 'button', { type: 'button', class: 'pick' }, texts.pick);
  const cancel = h(doc, 'button', { type: 'button' }, texts.cancel);
  const save = h(doc, 'button', { type: 'submit', class: 'primary' }, texts.save);
  const status = h(doc, 'p', { class: 'status', role: 'status' });
  const form = h(
    doc,
    'form',
    {},
    h(doc, 'label', { for: 'vtl-selector' }, texts.selector),
    input,
    pick,
    h(doc, 'label', { for: 'vtl-alignment' }, texts.position),
    alignment,
    status,
    h(doc, 'div', { class: 'row' }, cancel, save),
  );
  const dialog = h(
    doc,
    'div',
    { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'vtl-move-title' },
    h(doc, 'h2', { id: 'vtl-move-title' }, fill(texts.title, { name })),
    h(doc, 'p', {}, fill(texts.intro, { device })),
    form,
  );
  const say = (text: string, error?: boolean) => {
    status.setAttribute('role', error ? 'alert' : 'status');
    status.textContent = text;
  };
  const close = () => {
    stopPicking();
    dialog.remove();
    opener.focus();
  };

  // Picking: the next click on the page (not on our layer) names the place.
  const banner = h(doc, 'div', { class: 'banner', role: 'status' }, fill(texts.picking, { name }));
  const hover = h(doc, 'div', { class: 'hover' });
  const ourLayer = (event: Event) =>
    event.composedPath().some((node) => node instanceof Element && node.hasAttribute('data-vitrine-editor'));
  const onMove = (event: Event) => {
    const target = event.target as Element;
    if (ourLayer(event) || !(target instanceof Element)) return;
    const rect = target.getBoundingClientRect();
    hover.style.cssText = `top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px`;
  };
  const onClick = (event: Event) => {
    if (ourLayer(event)) return;
    // The theme's links and buttons must not act on the owner's pick.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.target instanceof Element) input.value = uniqueSelector(event.target);
    stopPicking();
    input.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopImmediatePropagation();
    stopPicking();
    pick.focus();
  };
  const stopPicking = () => {
    doc.removeEventListener('pointermove', onMove, true);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKey, true);
    banner.remove();
    hover.remove();
    dialog.hidden = false;
  };
  pick.addEventListener('click', () => {
    dialog.hidden = true;
    root.append(banner, hover);
    doc.addEventListener('pointermove', onMove, true);
    doc.addEventListener('click', onClick, true);
    doc.addEventListener('keydown', onKey, true);
  });

  cancel.addEventListener('click', close);
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog.
      const focusable = [...dialog.querySelectorAll<HTMLElement>('input,select,button')];
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && root.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && root.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    saveSelector().catch((error: unknown) => ctx.report(ERR_WIDGET_RENDER, error, { widget: 'preview-badge.editor' }));
  });

  const saveSelector = async () => {
    const selector = input.value.trim();
    const check = checkSelector(doc, selector);
    switch (check.verdict) {
      case 'invalid':
      case 'none':
      case 'own':
        say(texts[check.verdict], true);
        input.focus();
        return;
      case 'ok':
        break;
    }
    const token = read(editorData(win), 'token');
    if (typeof token !== 'string' || !token) return say(texts.noToken, true);
    say(texts.saving);
    let message = texts.failed;
    try {
      const response = await fetch(`${ctx.settings.providerBase}update-selector`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ shopId: ctx.settings.shopId, widgetId: id, isMobile: mobile, selector, alignment: alignment.value }),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok && read(answer, 'ok') === true) return say(fill(texts.saved, { name, device }));
      const reason = read(read(answer, 'error'), 'message');
      if (typeof reason === 'string' && reason) message = reason;
    } catch {
      /* the provider is down: the generic message */
    }
    say(message, true);
  };

  root.append(dialog);
  input.focus();
}
