// @vitest-environment jsdom
/**
 * The countdown component under real React (the production build renders it with Preact; the
 * browser tests cover that build).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cart } from '../../../src/state/cart';
import { CartReserved } from '../../../src/widgets/cart-reserved/CartReserved';

let stored: number | null = null;
const props = () => ({
  loadStart: () => stored,
  saveStart: (s: number | null) => {
    stored = s;
  },
  text: 'Your cart is reserved for {time} minutes!',
  label: 'Cart reservation',
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  stored = null;
  cart.value = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CartReserved', () => {
  test('shows nothing until the cart has items, then counts down from 10:00', () => {
    render(<CartReserved {...props()} />);
    expect(screen.queryByRole('timer')).toBeNull();
    act(() => {
      cart.value = { token: 't', itemCount: 2, items: [] };
    });
    expect(screen.getByRole('timer').textContent).toContain('10:00');
    expect(stored).toBe(1_000_000);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByRole('timer').textContent).toContain('09:55');
  });

  test('turns urgent under two minutes and disappears at zero, clearing the stored start', () => {
    stored = 1_000_000 - 479_000; // 121 s left
    cart.value = { token: 't', itemCount: 1, items: [] };
    render(<CartReserved {...props()} />);
    expect(screen.getByRole('timer').className).not.toContain('urgent');
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByRole('timer').className).toContain('urgent');
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(stored).toBeNull();
  });

  test('an emptied cart removes the box and clears the stored start', () => {
    cart.value = { token: 't', itemCount: 1, items: [] };
    render(<CartReserved {...props()} />);
    expect(screen.getByRole('timer')).toBeTruthy();
    act(() => {
      cart.value = { token: 't', itemCount: 0, items: [] };
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(stored).toBeNull();
  });
});
