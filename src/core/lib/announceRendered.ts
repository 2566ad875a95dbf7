import { RENDERED_EVENT } from '../constants';

/**
 * Tells the page (and the owner's hooks) that a widget showed its first content in `host`: the
 * window event `vitrine:rendered` with `detail: { widget, host }`. Once per host: a widget that
 * renders again (another offer, more stars) calls it only the first time. Framework-free: the
 * star snippets fire it too. Never throws (a listener's error stays the listener's).
 */
export function announceRendered(host: HTMLElement, widget: string): void {
  dispatchEvent(new CustomEvent(RENDERED_EVENT, { detail: { widget, host } }));
}
