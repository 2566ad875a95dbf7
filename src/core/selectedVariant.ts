/**
 * Which variant the shopper has selected on a product page (spec §4 "Selected variant"), as a
 * pure reading of the page: the product, the document as it is now and the URL. The rules, in
 * the spec's order (the first that names a variant of the product wins):
 *
 * 1. `single`: the product has one variant.
 * 2. `url`: the `?variant=` parameter (themes replace it on every change).
 * 3. `theme`: a theme's own selected-variant JSON (Dawn 13+ `script[data-selected-variant]`,
 *    Horizon's `variant-picker script[type="application/json"]`, both replaced on every change).
 * 4. `idField`: the product form's `id` field (an input or a select; disabled ones too: Sense
 *    renders it disabled and its script enables it).
 * 5. `select`: a select of the product form whose chosen option is a variant (a variant select
 *    under another name than `id`).
 * 6. `options`: the option dropdowns and radios (in the form, attached to it with `form="…"`, or
 *    in the product's section), matched on option values.
 * 7. `first`: the first variant.
 *
 * Traps handled (see test/fixtures/product-forms/README.md): `form.id` may be an input named
 * `id`, so attributes are read with `getAttribute`; the installments form (Dawn, Sense, Horizon)
 * is a second `/cart/add` form with its own id field; a sold-out variant without an option in
 * the hidden id select leaves it at "" (the URL still names it); `<noscript>` fallbacks are inert.
 */
import type { Product, Variant } from './productData';

/** Which rule decided (see the module comment). */
export type VariantRule = 'single' | 'url' | 'theme' | 'idField' | 'select' | 'options' | 'first';

/** The selected variant, the rule that decided, and a variant id the page named that is no variant of the product. */
export interface SelectedVariant {
  variant: Variant;
  rule: VariantRule;
  /** Spec §5: the selected variant id must be a known variant; the first unknown id seen, else null. */
  unknownId: number | null;
}

/** Selected-variant JSON that themes keep up to date. */
const THEME_SELECTED_VARIANT = '[data-selected-variant], variant-picker script';

/** The installments (payment terms) form: a `/cart/add` form that only mirrors the variant. */
const isInstallments = (form: Element): boolean => /installment/i.test(`${form.getAttribute('id')} ${form.getAttribute('class')}`);

/**
 * The product form: the first `/cart/add` form (not an installments form) with a submit control,
 * else the first with an `id` field. Null when the page has none.
 */
export function findProductForm(doc: Document): HTMLFormElement | null {
  const forms = [...doc.querySelectorAll<HTMLFormElement>('form[action*="/cart/add"]')].filter((form) => !isInstallments(form));
  return (
    forms.find((form) => form.querySelector('[type="submit"], button:not([type]), [name="add"]')) ??
    forms.find((form) => controlsOf(doc, form).some((control) => control.getAttribute('name') === 'id')) ??
    null
  );
}

/** The form's controls: inside it, and attached to it with `form="…"` anywhere; never a `<noscript>` fallback. */
function controlsOf(doc: Document, form: HTMLFormElement): Element[] {
  const formId = form.getAttribute('id');
  const attached = formId ? [...doc.querySelectorAll(`[form="${formId.replace(/["\\]/g, '\\$&')}"]`)] : [];
  return [...form.querySelectorAll('input, select'), ...attached].filter((control) => !control.closest('noscript'));
}

/** A positive integer read from a string, or null. */
const idFrom = (value: string | null | undefined): number | null => (value && /^\d+$/.test(value.trim()) ? Number(value) : null);

/** Option values of a variant, in position order (option1..3, nulls dropped from the end). */
const valuesOf = (variant: Variant): (string | null)[] => [variant.option1, variant.option2, variant.option3];

/**
 * The position (0–2) a control picks, from what it says about itself: `data-option="option2"` or
 * `data-index="option2"` (on it or around it: Debut, Simple, Impulse), or a name that is the
 * option's (`Color`, `options[Color]`, Dawn's `Color-2`, Horizon's `Color-variant_picker_…`).
 */
function hintedPosition(control: Element, optionNames: string[]): number | null {
  const indexed = /^option([123])$/.exec(
    control.getAttribute('data-option') || control.closest('[data-index]')?.getAttribute('data-index') || '',
  );
  if (indexed) return Number(indexed[1]) - 1;
  const name = control.getAttribute('name') || '';
  const bare = /^options\[(.+)\]$/.exec(name)?.[1] ?? name;
  const found = optionNames.findIndex((option) => bare === option || bare.startsWith(`${option}-`));
  return found >= 0 ? found : null;
}

/**
 * Rule 6: the values of the checked radios and the selects, each placed by its hint, else at the
 * one position that has that value. Values that are no option value (the id select, a quantity,
 * a selling plan) place nothing.
 */
function fromOptions(product: Product, controls: Element[]): Variant | null {
  const chosen: (string | null)[] = [null, null, null];
  for (const control of controls) {
    const input = control as HTMLInputElement;
    // Tag names, not instanceof: the page may hand us elements of another frame.
    if (control.tagName !== 'SELECT' && !((input.type === 'radio' || input.type === 'checkbox') && input.checked)) continue;
    const value = input.value;
    const positions = [0, 1, 2].filter((position) => product.variants.some((variant) => valuesOf(variant)[position] === value));
    const hinted = hintedPosition(control, product.options);
    const position = hinted !== null ? (positions.includes(hinted) ? hinted : null) : positions.length === 1 ? positions[0] : null;
    if (position !== null && chosen[position] === null) chosen[position] = value;
  }
  if (chosen.every((value) => value === null)) return null;
  const matches = product.variants.filter((variant) =>
    valuesOf(variant).every((value, position) => chosen[position] === null || chosen[position] === value),
  );
  // Every option the variants have must be chosen, unless the values leave one variant only.
  const complete = matches.filter((variant) => valuesOf(variant).every((value, position) => value === null || chosen[position] !== null));
  return complete[0] ?? (matches.length === 1 ? matches[0] : null);
}

/**
 * The selected variant of `product` on `doc` at `url` (see the module comment for the rules).
 * Pure: reads the document, changes nothing; never throws on a malformed page.
 */
export function resolveSelectedVariant(product: Product, doc: Document, url: string): SelectedVariant {
  let unknownId: number | null = null;
  /** The variant with `id`; `named`: the page says it is the selected one (URL, id field), so an unknown id is recorded. */
  const byId = (id: number | null, named = true): Variant | null => {
    if (id === null) return null;
    const variant = product.variants.find((candidate) => candidate.id === id) ?? null;
    if (!variant && named) unknownId ??= id;
    return variant;
  };
  const decided = (variant: Variant, rule: VariantRule): SelectedVariant => ({ variant, rule, unknownId });
  if (product.variants.length === 1) return decided(product.variants[0], 'single');

  const inUrl = byId(idFrom(/[?&]variant=(\d+)/.exec(url)?.[1]));
  if (inUrl) return decided(inUrl, 'url');

  for (const script of doc.querySelectorAll(THEME_SELECTED_VARIANT)) {
    let id: number | null = null;
    try {
      id = idFrom(String((JSON.parse(script.textContent || 'null') as { id?: unknown } | null)?.id ?? ''));
    } catch {
      /* not JSON: not this rule */
    }
    // Quick views of other products carry their own: no unknown id from here.
    const themed = byId(id, false);
    if (themed) return decided(themed, 'theme');
  }

  const form = findProductForm(doc);
  if (form) {
    const controls = controlsOf(doc, form);
    for (const control of controls) {
      if (control.getAttribute('name') !== 'id') continue;
      const field = byId(idFrom((control as HTMLInputElement | HTMLSelectElement).value));
      if (field) return decided(field, 'idField');
    }
    for (const control of controls) {
      const option = control.tagName === 'SELECT' ? (control as HTMLSelectElement).selectedOptions[0] : null;
      const chosen = option && byId(idFrom(option.value), false);
      if (chosen) return decided(chosen, 'select');
    }
    const scope = form.closest('.shopify-section, section, main') ?? doc;
    const fromControls = fromOptions(product, [...new Set([...controls, ...scope.querySelectorAll('input[type="radio"], select')])]);
    if (fromControls) return decided(fromControls, 'options');
  }
  return decided(product.variants[0], 'first');
}
