// @vitest-environment jsdom
/** The interaction gate (spec §4, §9): 10 scroll or move events, or any click or key. */
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
