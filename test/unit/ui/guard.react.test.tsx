// @vitest-environment jsdom
/**
 * Error containment under real React: a render or effect error stays inside its boundary and is
 * reported (code 2280 with its stack); an event handler's throw is reported, never rethrown.
 * `guard.preact.test.tsx` runs the same checks under preact/compat, what production ships.
 */
import { act } from 'react';
import { afterEach, describe, test, vi } from 'vitest';
import { containmentCases } from './containmentCases';

// React logs caught render errors to the console by default; the reports are what we check.
afterEach(() => vi.restoreAllMocks());

describe('error containment (React)', () => {
  for (const [name, run] of Object.entries(containmentCases)) {
    test(name, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await run(async (fn) => {
        await act(async () => {
          fn();
          await new Promise((r) => setTimeout(r, 0));
        });
      });
    });
  }
});
