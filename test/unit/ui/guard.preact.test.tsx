// @vitest-environment jsdom
/**
 * The error-containment checks of `guard.react.test.tsx` under Preact, the renderer the
 * production build aliases React to (src/ui/reactOnPreact.ts): boundaries must hold there too.
 */
import { describe, expect, test, vi } from 'vitest';

vi.mock('react', async () => await import('../../../src/ui/reactOnPreact'));
vi.mock('react-dom/client', async () => await import('../../../src/ui/reactOnPreact'));

describe('error containment (Preact, as shipped)', async () => {
  test('the mock is in force: React here is the Preact stand-in', async () => {
    expect('domProps' in (await import('react'))).toBe(true);
  });
  const { containmentCases } = await import('./containmentCases');
  for (const [name, run] of Object.entries(containmentCases)) {
    test(name, async () => {
      // Preact re-renders a failed boundary on its next tick.
      await run(async (fn) => {
        fn();
        await new Promise((r) => setTimeout(r, 10));
      });
    });
  }
});
