/**
 * Production stand-in for `@preact/signals-react/runtime`.
 *
 * Source components call `useSignals()` so that they re-render under real React (tests, the
 * React comparison build). Under Preact, `@preact/signals` hooks into the renderer itself and
 * `{signal}` text bindings update in place, so the call has nothing to do. Measured: keeping
 * the React runtime under the Preact alias renders signal text bindings empty.
 */
export function useSignals(): void {}
