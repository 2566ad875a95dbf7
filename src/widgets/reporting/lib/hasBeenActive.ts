/**
 * Whether the visitor has clicked, tapped or typed on this page: the browser's own record
 * (`navigator.userActivation`, never set by scripts). Undefined where the browser cannot tell
 * (older Safari and Firefox).
 */
export const hasBeenActive = (win: Window): boolean | undefined =>
  (win.navigator.userActivation as UserActivation | undefined)?.hasBeenActive;
