import { useSignals } from '@preact/signals-react/runtime';
import { STAR_PATHS, starFills, type StarStyle } from './starPaths';

/**
 * Five rating icons (rounded stars, pointed stars or hearts; spec §3), partly filled for
 * fractional ratings. Colours come from CSS: `.star-back` and `.star-front` fill with the widget's
 * `--sb` / `--sf`, which its root sets from the settings and `--vitrine-star-back` /
 * `--vitrine-star-front` (see `STARS_CSS`).
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
    <span className="stars" part="stars" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : 'true'}>
      {starFills(rating)
        .slice(0, icons)
        .map((fill, index) => (
          <svg key={index} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path className="star-back" d={path} />
            {fill > 0 && (
              <svg width={24 * fill} height="24">
                <path className="star-front" d={path} />
              </svg>
            )}
          </svg>
        ))}
    </span>
  );
}

/**
 * Styles `Stars` needs. `--sf` / `--sb` are set by the widget's root (from the settings and
 * `--vitrine-*`), which every rating sits in: the default colours live in the settings only.
 */
export const STARS_CSS = `.stars{display:inline-flex;vertical-align:middle;line-height:0}.stars svg{display:block;overflow:hidden;flex:none}.star-back{fill:var(--sb)}.star-front{fill:var(--sf)}`;
