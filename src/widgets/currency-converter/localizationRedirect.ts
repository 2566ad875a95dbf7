/**
 * Spec §4, §7: where the shop sells in market currencies, choosing a currency also switches the
 * platform's market: POST `/localization` (form_type, utf8, _method, return_to, country_code).
 * A new redirect is allowed only when 3600 s have passed since the last (stored
 * `redirectCurrency`, `redirectTime`).
 */
import type { SafeStorage } from '../../core/storage';

/** Localization redirect guard in seconds. */
const LOCALIZATION_REDIRECT_GUARD_S = 3600;

/** True when a redirect may happen now (none stored, or the last one ≥ 3600 s ago, spec §9). */
export function redirectAllowed(storage: SafeStorage, now: number): boolean {
  const last = Number(storage.get('redirectTime'));
  return !(last > 0) || now - last >= LOCALIZATION_REDIRECT_GUARD_S * 1000 || now < last;
}

export interface RedirectRequest {
  currency: string;
  country: string;
  /** The shop's locale root ('' or '/es'). */
  root: string;
  /** Where the platform sends the shopper back (path + query of this page). */
  returnTo: string;
}

/**
 * Posts the localization form when allowed and records it. Returns whether it posted. The form
 * is a real one (submitted in the page), as the platform expects: it answers with a redirect.
 */
export function localizationRedirect(req: RedirectRequest, storage: SafeStorage, doc: Document = document, now = Date.now()): boolean {
  if (!redirectAllowed(storage, now)) return false;
  storage.set('redirectCurrency', req.currency);
  storage.set('redirectTime', String(now));
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = `${req.root.replace(/\/+$/, '')}/localization`;
  form.hidden = true;
  const fields: Record<string, string> = {
    form_type: 'localization',
    utf8: '✓',
    _method: 'put',
    return_to: req.returnTo,
    country_code: req.country,
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return true;
}
