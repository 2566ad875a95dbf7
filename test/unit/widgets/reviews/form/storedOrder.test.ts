// @vitest-environment jsdom
/** The stored order the form opens with (spec §3 "Review order data"): only for its product, validated. */
import { afterEach, describe, expect, test } from 'vitest';
import { createStorage } from '../../../../../src/core/storage';
import { clearStoredOrder, storedOrder } from '../../../../../src/widgets/reviews/form/storedOrder';

afterEach(() => localStorage.clear());
const store = (value: unknown) => localStorage.setItem('vitrine:reviewOrder', JSON.stringify(value));

describe('storedOrder', () => {
  test("the order for this product: code, and name and e-mail when present (the flow's own storage shape)", () => {
    const storage = createStorage();
    store({ code: 'A-1', customerName: ' Ann ', customerEmail: 'ann@example.com', productHandle: 'tee' });
    expect(storedOrder(storage, 'tee')).toEqual({ code: 'A-1', name: 'Ann', email: 'ann@example.com' });
    store({ code: 'A-1', productHandle: 'tee' });
    expect(storedOrder(storage, 'tee')).toEqual({ code: 'A-1', name: '', email: '' });
  });
  test('another product, nothing stored, or junk: none', () => {
    const storage = createStorage();
    expect(storedOrder(storage, 'tee')).toBeNull();
    store({ code: 'A-1', productHandle: 'hat' });
    expect(storedOrder(storage, 'tee')).toBeNull();
    store('tee');
    expect(storedOrder(storage, 'tee')).toBeNull();
    store({ productHandle: 'tee', code: 5, customerName: {}, customerEmail: ['x'] });
    expect(storedOrder(storage, 'tee')).toEqual({ code: null, name: '', email: '' });
  });
  test('clearStoredOrder forgets it', () => {
    const storage = createStorage();
    store({ code: 'A-1', productHandle: 'tee' });
    clearStoredOrder(storage);
    expect(localStorage.getItem('vitrine:reviewOrder')).toBeNull();
  });
});
