/**
 * Lazy entry of content protection (module 12, spec §1 and §6): no right-click menu, copying,
 * saving (Ctrl/Cmd+S), view-source (Ctrl/Cmd+U) or image dragging for shoppers, except inside
 * inputs, textareas and editable fields, so forms keep working. No UI; loaded on idle.
 * Keyboard navigation and text selection for assistive technology are left alone.
 */
import type { MountWidget } from '../types';

/** Spec §9 key codes: S 83, U 85 (and C for copy). */
const BLOCKED_KEYS = new Set(['s', 'u', 'c', 'x']);

function isEditable(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element || typeof element.closest !== 'function') return false;
  return !!element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

export const mount: MountWidget = (host) => {
  const doc = host.ownerDocument;
  const block = (event: Event) => {
    if (!isEditable(event.target)) event.preventDefault();
  };
  const onKey = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && BLOCKED_KEYS.has(event.key.toLowerCase()) && !isEditable(event.target)) {
      event.preventDefault();
    }
  };
  const onDrag = (event: DragEvent) => {
    if ((event.target as Element | null)?.tagName === 'IMG') event.preventDefault();
  };
  const listeners: [string, EventListener][] = [
    ['contextmenu', block],
    ['copy', block],
    ['cut', block],
    ['keydown', onKey as EventListener],
    ['dragstart', onDrag as EventListener],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
  };
};
