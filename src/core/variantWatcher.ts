/**
 * Follows the selected variant on a product page (spec §4 "Selected variant"): re-evaluated on
 * every `change` and `input` event of the page, at once and again 1 ms later (a theme writes the
 * id field, the URL or its variant JSON in its own listener, which may run after ours, or in a
 * timer of its own); a change updates the `selectedVariant` signal at once, and the window event
 * `vitrine:variant-changed` (`detail.variantId`) fires `VARIANT_EVENT_DELAY_MS` after the last
 * change, so a theme that writes in steps announces one variant, the final one.
 *
 * The listeners sit on the document in the capture phase: a theme that stops the propagation of
 * its picker's events does not hide them; they are passive and only read the page.
 */
import { VARIANT_CHANGED_EVENT } from './constants';
import { ERR_VARIANT_UNKNOWN, ERR_WIDGET_RENDER } from './errors';
import { guardWith, type Report } from './lib/guardWith';
import type { Product } from './productData';
import { resolveSelectedVariant, type SelectedVariant } from './selectedVariant';

/** Delay of the `vitrine:variant-changed` event after the last change (spec §4 "after a short delay"). */
export const VARIANT_EVENT_DELAY_MS = 50;
/** The second evaluation after a change (spec §4: "immediately and again after 1 ms"). */
const REEVALUATE_MS = 1;
const EVENTS = ['change', 'input'];

/** What `watchSelectedVariant` needs. */
export interface VariantWatch {
  win: Window;
  product: Product;
  report: Report;
  /** Called at once with every new selection (the commerce chunk sets the signal). */
  onSelect(selected: SelectedVariant): void;
}

/**
 * Evaluates the selected variant now (the first `onSelect` and, 50 ms later, the first event) and
 * after every change until the returned function is called.
 */
export function watchSelectedVariant({ win, product, report, onSelect }: VariantWatch): () => void {
  const doc = win.document;
  const guarded = guardWith(report, ERR_WIDGET_RENDER);
  let selected: SelectedVariant | null = null;
  let announced: number | null = null;
  let unknownReported = false;
  let eventTimer: ReturnType<typeof setTimeout> | undefined;

  const announce = guarded(() => {
    const variantId = selected!.variant.id;
    if (variantId === announced) return;
    announced = variantId;
    win.dispatchEvent(new CustomEvent(VARIANT_CHANGED_EVENT, { detail: { variantId } }));
  });
  const evaluate = guarded(() => {
    const next = resolveSelectedVariant(product, doc, win.location.href);
    if (next.unknownId !== null && !unknownReported) {
      unknownReported = true;
      report(ERR_VARIANT_UNKNOWN, new Error(`Selected variant ${next.unknownId} is not a variant of ${product.handle || product.id}`));
    }
    if (selected && selected.variant.id === next.variant.id && selected.rule === next.rule) return;
    selected = next;
    onSelect(next);
    clearTimeout(eventTimer);
    eventTimer = setTimeout(announce, VARIANT_EVENT_DELAY_MS);
  });
  const onEvent = () => {
    evaluate();
    setTimeout(evaluate, REEVALUATE_MS);
  };
  const options = { capture: true, passive: true };
  for (const type of EVENTS) doc.addEventListener(type, onEvent, options);
  evaluate();
  return () => {
    clearTimeout(eventTimer);
    for (const type of EVENTS) doc.removeEventListener(type, onEvent, options);
  };
}
