/**
 * The order the shopper was asked to review (spec §2 "Order-review flow", §3 "Review order data"),
 * as the order-review flow stored it: on its product's page the form opens with it, prefilled
 * (name and e-mail when present) and sent with the order code; it is cleared once stored.
 */
import { REVIEW_ORDER_KEY } from '../../../core/constants';
import type { SafeStorage } from '../../../core/storage';

/** The order as the form uses it: the code it is sent with, and what prefills the fields ('' when absent). */
export interface StoredOrder {
  code: string | null;
  name: string;
  email: string;
}

/** A stored text, trimmed and cut as the flow stored it, else `fallback`. */
const storedText = <F>(value: unknown, fallback: F): string | F =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 300) : fallback;

/** The stored order when it is for the product `handle`, else null. */
export function storedOrder(storage: SafeStorage, handle: string): StoredOrder | null {
  const data = storage.getJSON<Record<string, unknown>>(REVIEW_ORDER_KEY);
  if (!data || typeof data !== 'object' || data.productHandle !== handle) return null;
  return { code: storedText(data.code, null), name: storedText(data.customerName, ''), email: storedText(data.customerEmail, '') };
}

/** Forgets the order once its review is stored. */
export const clearStoredOrder = (storage: SafeStorage): void => storage.remove(REVIEW_ORDER_KEY);
