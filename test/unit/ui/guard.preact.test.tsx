// @vitest-environment jsdom
/**
 * The error-containment checks of `guard.react.test.tsx` under preact/compat, the renderer the
 * production build aliases React to: boundaries must hold there too.
 */
import { describe, expect, test, vi } from 'vitest';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react-dom/client', async () => await import('preact/compat/client'));

describe('error containment (preact/compat, as shipped)', async () => {
  test('the mock is in force: React here is preact/compat', async () => {
    expect((await import('react')).version).toMatch(/^18\./);
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
