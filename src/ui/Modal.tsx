import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { guard } from './guard';

/** Modal open delay. */
const MODAL_OPEN_DELAY_MS = 10;
/** Modal auto-close delay after it is set not-open. */
const MODAL_CLOSE_DELAY_MS = 200;

/**
 * Reusable modal on a native `<dialog>` (spec §4 "Modal"): `showModal()` puts it in the top
 * layer above the theme and makes the rest of the page inert; Tab is kept inside (wrapping);
 * Escape (the dialog's own `cancel`/`close`), a click on the overlay (the dialog's backdrop area)
 * and the close button call `onClose`. Focus moves to the first control inside on open and back
 * to whatever had it (inside shadow roots too) when the modal unmounts. The page body carries
 * the class `vitrine-modal-active` while open. Mount it to open, unmount it to close. It brings
 * its own styles (a `<style>` inside the dialog: it renders inside shadow roots).
 *
 * Spec §4: it fades in 10 ms after opening and, once asked to close, `onClose` fires 200 ms later,
 * after the closing fade (at once when the shopper prefers reduced motion, or when the browser
 * already closed the dialog itself).
 */
export interface ModalProps {
  label: string;
  closeLabel: string;
  onClose(): void;
  children?: ReactNode;
  /** Custom key handling (arrows…) while open, after Escape and Tab.  */
  onKeyDown?(event: KeyboardEvent): void;
}

const FOCUSABLE = 'button:not([disabled]),a[href],input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/** The focused element, looking through open shadow roots. */
function deepActive(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

export function Modal({ label, closeLabel, onClose, children, onKeyDown }: ModalProps) {
  useSignals();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  const keysRef = useRef(onKeyDown);
  keysRef.current = onKeyDown;

  /** Fades out, then asks the owner to unmount; repeated requests while closing are ignored. */
  const closing = useRef(false);
  const requestClose = useRef(
    guard((now?: boolean) => {
      const dialog = ref.current;
      if (closing.current || !dialog) return;
      closing.current = true;
      dialog.classList.remove('shown');
      const close = guard(() => closeRef.current(), 'modal-close');
      const instant = now || !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      if (instant) close();
      else setTimeout(close, MODAL_CLOSE_DELAY_MS);
    }, 'modal-close'),
  ).current;

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const back = deepActive();
    const body = document.body.classList;
    body.add('vitrine-modal-active');
    try {
      dialog.showModal();
    } catch {
      dialog.setAttribute('open', '');
    }
    const fadeIn = setTimeout(() => dialog.classList.add('shown'), MODAL_OPEN_DELAY_MS);
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') || dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    // Escape closes the dialog natively in some browsers (close watchers): follow it at once.
    const closed = () => requestClose(true);
    // Keys are heard on the document: while the modal is open the rest of the page is inert, and
    // focus may sit on the body after the content under it was replaced.
    const keyDown = guard((event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        requestClose();
        return;
      }
      if (event.key === 'Tab') {
        const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((control) => control.getClientRects().length);
        if (!focusable.length) return;
        const index = focusable.indexOf(deepActive() as HTMLElement);
        const last = focusable.length - 1;
        // Tab wraps from the last control to the first, Shift+Tab from the first to the last.
        const wrapTo = event.shiftKey ? (index <= 0 ? focusable[last] : null) : index < 0 || index === last ? focusable[0] : null;
        if (wrapTo) {
          event.preventDefault();
          wrapTo.focus();
        }
        return;
      }
      keysRef.current?.(event);
    }, 'modal-keys');
    dialog.addEventListener('close', closed);
    document.addEventListener('keydown', keyDown, true);
    return () => {
      clearTimeout(fadeIn);
      dialog.removeEventListener('close', closed);
      document.removeEventListener('keydown', keyDown, true);
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      body.remove('vitrine-modal-active');
      if (back && back.isConnected) back.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: open on mount, close on unmount (`requestClose` is fixed)
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      part="dialog"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on its padding/backdrop: the overlay.
        if (event.target === ref.current) requestClose();
      }}
    >
      <style>{MODAL_CSS}</style>
      <div className="modal-content">
        <button type="button" className="modal-close" part="close" aria-label={closeLabel} onClick={() => requestClose()}>
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}

/** Styles `Modal` needs, rendered with it (its owner adds the content's own). */
const MODAL_CSS = `.modal{opacity:0;transform:translateY(12px);transition:opacity .2s,transform .2s;padding:0;border:0;margin:auto;max-width:min(1000px,calc(100vw - 32px));max-height:calc(100vh - 32px);width:100%;border-radius:8px;background:#fff;color:#222;box-shadow:0 10px 40px rgba(0,0,0,.3)}.modal.shown{opacity:1;transform:none}@media (prefers-reduced-motion:reduce){.modal{transition:none;transform:none}}.modal::backdrop{background:rgba(0,0,0,.6)}.modal-content{position:relative;padding:24px}.modal-close{position:absolute;top:6px;right:6px;z-index:2;width:40px;height:40px;font-size:28px;line-height:1;border-radius:50%;background:rgba(255,255,255,.9)}`;
