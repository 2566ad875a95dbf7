import { useSignals } from '@preact/signals-react/runtime';
import { STAR_PATHS, starFills, type StarStyle } from './starPaths';

/**
 * Five rating icons (rounded stars, pointed stars or hearts; spec §3), partly filled for
 * fractional ratings. Colours come from CSS: `.sb` (back) and `.sf` (front) — the widget's
 * styles map them to `--vitrine-star-back` / `--vitrine-star-front` (see `STARS_CSS`).
 * A partial icon clips its front shape with a nested <svg> viewport: no ids, so any number of
 * ratings can share a shadow root.
 */
export interface StarsProps {
  rating: number;
  starStyle?: StarStyle;
  size?: number;
  /** Accessible text ("Rated 4.6 out of 5"); without it the icons are hidden from assistive tech. */
  label?: string;
  /** How many icons (default 5); `rating={1} icons={1}` is one full icon. */
  icons?: number;
}

export function Stars({ rating, starStyle = 'rounded', size = 18, label, icons = 5 }: StarsProps) {
  useSignals();
  const path = STAR_PATHS[starStyle] || STAR_PATHS.rounded;
  return (
    <span className="st" part="stars" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : 'true'}>
      {starFills(rating)
        .slice(0, icons)
        .map((fill, index) => (
          <svg key={index} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path className="sb" d={path} />
            {fill > 0 && (
              <svg width={24 * fill} height="24">
                <path className="sf" d={path} />
              </svg>
            )}
          </svg>
        ))}
    </span>
  );
}

/** Styles `Stars` needs; `--sf` / `--sb` are set by the widget (from settings and `--vitrine-*`). */
export const STARS_CSS = `.st{display:inline-flex;vertical-align:middle;line-height:0}.st svg{display:block;overflow:hidden;flex:none}.sb{fill:var(--sb,#cecece)}.sf{fill:var(--sf,#fbda03)}`;
