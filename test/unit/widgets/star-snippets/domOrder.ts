/**
 * Records, in order, the visibility checks (`read`: in a browser each restyles and lays out the
 * page when a write came before it) and the DOM writes (`write`) made while it is on. jsdom has no
 * `checkVisibility`: it is given one that answers "shown".
 */
export function recordDomOrder(): { log: ('read' | 'write')[]; stop(): void } {
  const log: ('read' | 'write')[] = [];
  const patched: [object, string, PropertyDescriptor | undefined][] = [];
  const wrap = (proto: object, name: string, kind: 'read' | 'write', fallback?: () => unknown) => {
    const own = Object.getOwnPropertyDescriptor(proto, name);
    const original = (own?.value ?? fallback) as (...args: unknown[]) => unknown;
    patched.push([proto, name, own]);
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value(this: unknown, ...args: unknown[]) {
        log.push(kind);
        return original.apply(this, args);
      },
    });
  };
  wrap(Element.prototype, 'checkVisibility', 'read', () => true);
  wrap(Element.prototype, 'remove', 'write');
  wrap(Element.prototype, 'insertAdjacentElement', 'write');
  wrap(Node.prototype, 'appendChild', 'write');
  wrap(Node.prototype, 'insertBefore', 'write');
  wrap(Node.prototype, 'removeChild', 'write');
  return {
    log,
    stop() {
      for (const [proto, name, own] of patched.reverse()) {
        if (own) Object.defineProperty(proto, name, own);
        else delete (proto as Record<string, unknown>)[name];
      }
    },
  };
}

/** True when no visibility check came after a write. */
export const readsBeforeWrites = (log: readonly string[]): boolean =>
  !log.includes('write') || log.lastIndexOf('read') < log.indexOf('write');
