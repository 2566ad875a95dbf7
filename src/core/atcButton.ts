/**
 * The product page's add-to-cart button (spec §4 "Add-to-cart button search"): searched every
 * 300 ms, 20 times (themes render or replace it late: sections re-rendered on a variant change,
 * custom elements upgraded after load); every new button found is announced with the window
 * event `vitrine:atc-button` (`detail.button`), 6 times at most; never found, it is reported as
 * 'no ATC button was found after retry', and a page without a product form as 'Add to cart form
 * not found.'.
 */
import { ATC_BUTTON_EVENT } from './constants';
import { ERR_ATC_BUTTON, ERR_ATC_FORM, ERR_WIDGET_RENDER } from './errors';
import { guardWith, type Report } from './lib/guardWith';
import { findProductForm } from './selectedVariant';

const POLL_MS = 300;
const POLLS = 20;
const MAX_ANNOUNCEMENTS = 6;

/**
 * Theme layouts, as one list (the first element in document order matching any of them wins):
 * the platform's `name="add"` button (Dawn, Horizon, Sense, Debut, Simple, Brooklyn, Impulse and
 * most others), then the ids and classes of themes that leave the name out.
 */
const LAYOUTS = '[name="add"], [id^="ProductSubmitButton"], #AddToCart, [data-add-to-cart], .product-form__submit, .add-to-cart';
/** The generic rule: the product form's first submit control that is not the platform's dynamic checkout ("Buy it now"). */
const GENERIC = 'button:not([type]), button[type="submit"], input[type="submit"]';

/**
 * The add-to-cart button: a theme layout inside the product form, else the generic rule there,
 * else a submit control attached to the form from outside (`form="…"`), else a theme layout
 * anywhere. Null when there is none yet.
 */
export function findAtcButton(doc: Document, form: HTMLFormElement | null = findProductForm(doc)): HTMLElement | null {
  if (form) {
    const inForm =
      form.querySelector<HTMLElement>(LAYOUTS) ??
      [...form.querySelectorAll<HTMLElement>(GENERIC)].find((control) => !control.closest('.shopify-payment-button'));
    if (inForm) return inForm;
    const formId = form.getAttribute('id');
    const attached = formId && doc.querySelector<HTMLElement>(`[form="${formId.replace(/["\\]/g, '\\$&')}"][type="submit"]`);
    if (attached) return attached;
  }
  return doc.querySelector<HTMLElement>(LAYOUTS);
}

/** Starts the search on `win`'s document (see the module comment); the returned function stops it. */
export function watchAtcButton(win: Window, report: Report): () => void {
  const doc = win.document;
  let polls = 0;
  let announcements = 0;
  let last: HTMLElement | null = null;
  let formSeen = false;
  const poll = guardWith(
    report,
    ERR_WIDGET_RENDER,
  )(() => {
    polls++;
    const form = findProductForm(doc);
    formSeen ||= !!form;
    const button = findAtcButton(doc, form);
    if (button && button !== last && announcements < MAX_ANNOUNCEMENTS) {
      last = button;
      announcements++;
      win.dispatchEvent(new CustomEvent(ATC_BUTTON_EVENT, { detail: { button } }));
    }
    if (polls < POLLS) return;
    clearInterval(timer);
    if (!last) report(ERR_ATC_BUTTON, new Error('no ATC button was found after retry'));
    if (!formSeen) report(ERR_ATC_FORM, new Error('Add to cart form not found.'));
  });
  const timer = setInterval(poll, POLL_MS);
  poll();
  return () => clearInterval(timer);
}
