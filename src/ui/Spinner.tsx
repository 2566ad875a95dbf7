/** A small spinning ring (spec §4 'See more reviews' spinner, button loader). Decorative: the caller labels the busy state. */
export function Spinner({ size = 18 }: { size?: number }) {
  return <span className="spin" aria-hidden="true" style={{ width: size, height: size }} />;
}

export const SPINNER_CSS = `.spin{display:inline-block;vertical-align:middle;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:vspin .7s linear infinite}@keyframes vspin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.spin{animation-duration:2s}}`;
