// @vitest-environment jsdom
/** The interaction gate (spec §4, §9): 10 scroll or move events, or any click or key, also one made before it listened. */
import { describe, expect, it, vi } from 'vitest';
import { interactionGate } from '../../../../src/widgets/reporting/gate';

const fire = (type: string) => window.dispatchEvent(new Event(type));

describe('interactionGate', () => {
  it.each(['click', 'keydown'])('opens at once on a %s', (type) => {
    const onOpen = vi.fn();
    interactionGate(window, onOpen);
    fire(type);
    fire(type);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('opens on the 10th scroll or move event, not before', () => {
    const onOpen = vi.fn();
    interactionGate(window, onOpen);
    for (const type of ['scroll', 'mousemove', 'touchmove', 'scroll', 'mousemove', 'scroll', 'scroll', 'mousemove', 'touchmove'])
      fire(type);
    expect(onOpen).not.toHaveBeenCalled();
    fire('scroll');
    expect(onOpen).toHaveBeenCalledOnce();
    fire('click');
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('opens at once when the visitor clicked or typed before it listened (navigator.userActivation)', () => {
    const onOpen = vi.fn();
    const win = { navigator: { userActivation: { hasBeenActive: true } }, addEventListener: vi.fn() } as unknown as Window;
    interactionGate(win, onOpen)();
    expect(onOpen).toHaveBeenCalledOnce();
    expect(win.addEventListener).not.toHaveBeenCalled();
  });

  it('waits as before when the page was not activated yet, or the browser cannot tell', () => {
    for (const navigator of [{ userActivation: { hasBeenActive: false } }, {}]) {
      const onOpen = vi.fn();
      const listeners: string[] = [];
      const win = {
        navigator,
        addEventListener: (type: string) => listeners.push(type),
        removeEventListener: vi.fn(),
      } as unknown as Window;
      interactionGate(win, onOpen);
      expect(onOpen).not.toHaveBeenCalled();
      expect(listeners).toContain('click');
    }
  });

  it('hears events a shop stops from propagating (capture phase)', () => {
    const onOpen = vi.fn();
    const stop = (event: Event) => event.stopPropagation();
    document.body.addEventListener('click', stop);
    interactionGate(window, onOpen);
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onOpen).toHaveBeenCalledOnce();
    document.body.removeEventListener('click', stop);
  });
});
