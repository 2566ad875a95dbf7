/**
 * Order-review flow (spec §2 "Order-review flow", §3 "Review order data on the page"): when the
 * page carries review-order data — `window.vitrineReviewOrder` or a
 * `<script type="application/json" id="vitrine-review-order">` with `productHandle`, `code`,
 * `customerName`, `customerEmail` — the shopper is sent to `{root}/products/{productHandle}`.
 * Name and e-mail are kept in storage only when present (they prefill the form later), and the
 * order code with them (it makes the review a verified order review). On that product's page the
 * widget opens the review form, which reads them (`form/storedOrder.ts`) and clears them once the
 * review is stored.
 */
import { REVIEW_ORDER_KEY } from '../../core/constants';
import { createStorage } from '../../core/storage';
import { HANDLE } from './api';

export interface ReviewOrderData {
  productHandle: string;
  code: string | null;
  customerName: string | null;
  customerEmail: string | null;
}

/** A present, non-blank text (trimmed, at most 300 characters), else null. */
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 300) : null);

export function readReviewOrder(win: Window = window): ReviewOrderData | null {
  let raw: unknown = (win as unknown as { vitrineReviewOrder?: unknown }).vitrineReviewOrder;
  if (!raw) {
    const el = win.document.getElementById('vitrine-review-order');
    try {
      raw = el ? JSON.parse(el.textContent || '') : null;
    } catch {
      raw = null;
    }
  }
  if (!raw || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  const handle = optionalText(fields.productHandle);
  if (!handle || !HANDLE.test(handle)) return null;
  return {
    productHandle: handle,
    code: optionalText(fields.code),
    customerName: optionalText(fields.customerName),
    customerEmail: optionalText(fields.customerEmail),
  };
}

/** Stores what is present and goes to the product page. Returns the URL, or null without data. */
export function followReviewOrder(win: Window, root: string): string | null {
  const data = readReviewOrder(win);
  if (!data) return null;
  const stored: Record<string, string> = {};
  for (const key of ['code', 'customerName', 'customerEmail'] as const) if (data[key]) stored[key] = data[key]!;
  if (Object.keys(stored).length) createStorage().setJSON(REVIEW_ORDER_KEY, { ...stored, productHandle: data.productHandle });
  const url = `${root.replace(/\/?$/, '/')}products/${encodeURIComponent(data.productHandle)}`;
  win.location.assign(url);
  return url;
}
