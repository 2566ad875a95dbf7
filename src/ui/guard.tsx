/**
 * Our render and event errors never reach the shop's page (the product's first rule). Two halves:
 *
 * - {@link Boundary}: an error boundary (class component, the one API React and Preact
 *   share). A subtree that throws while rendering or in an effect is reported
 *   (`ERR_WIDGET_RENDER`, 2280, with its stack, spec §8) and replaced by its `fallback` (nothing by default); its siblings keep
 *   working. `renderInShadow` puts one around every widget, lists put one around every item.
 * - {@link guard}: wraps an event handler or callback so a throw is reported instead of
 *   escaping into the browser's event dispatch (where it would show as the page's own uncaught
 *   error). Boundaries do not see event handlers, in React or in Preact.
 *
 * Reports go to the function `setUiReporter` installed (the loader's report hook, handed to
 * widgets as `ctx.report`). This module sits in the shared framework chunk: one reporter per page.
 */
import { Component, type ReactNode } from 'react';
// A constant only: the build inlines the number (reports go through the installed reporter).
import { ERR_WIDGET_RENDER } from '../core/errors';

type Reporter = (code: number, error: unknown, extra?: Record<string, unknown>) => void;

let reporter: Reporter = () => {};

/** Installs the report hook used by every boundary and guard on the page. */
export function setUiReporter(report: Reporter): void {
  reporter = report;
}

/** Reports a UI failure; never throws. */
function reportUiError(error: unknown, extra?: Record<string, unknown>): void {
  try {
    reporter(ERR_WIDGET_RENDER, error, extra);
  } catch {
    /* reporting is best effort */
  }
}

/** `fn` that reports a throw (`ERR_WIDGET_RENDER`) and returns `undefined` instead of throwing. */
export function guard<A extends unknown[], R>(fn: (...args: A) => R, where?: string): (...args: A) => R | undefined {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (error) {
      reportUiError(error, where ? { where } : undefined);
      return undefined;
    }
  };
}

export interface BoundaryProps {
  children?: ReactNode;
  /** What shows instead of a failed subtree (default: nothing). */
  fallback?: ReactNode;
  /** Named in the report (`{ where }`). */
  name?: string;
  /** Called once when the subtree failed (e.g. to release space reserved for it). */
  onError?(error: unknown): void;
}

/** Error boundary: see the module comment. */
export class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportUiError(error, this.props.name ? { where: this.props.name } : undefined);
    // The boundary itself must not throw: that would hand the error to the next one up.
    guard(() => this.props.onError?.(error))();
    // Preact calls componentDidCatch without getDerivedStateFromError having run in some paths.
    if (!this.state.failed) this.setState({ failed: true });
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
