/**
 * Framework-free star rating icons for the star snippets (listing and product pages).
 *
 * ONE `<svg>` per rating (cheap to lay out on a page of 1,000 cards): the five icons in the back
 * colour, and over them the same five in the front colour inside a nested `<svg>` whose width
 * is the filled share (`starFills`); a nested svg clips its content, so no ids (gradients, clip
 * paths) are needed and any number of instances can share a page. The icons are decorative
 * (`aria-hidden="true"`): the element holding them carries the accessible text
 * ("4.6 out of 5 stars, 128 reviews").
 *
 * Hostile theme CSS (`svg { width: 100%; height: auto; display: block }`) must not break them:
 * sizes are width/height attributes plus inline styles, which beat theme rules. The markup is
 * parsed once per look and cloned, which keeps 1,000 cards cheap.
 */
import { STAR_PATHS, starFills, type StarStyle } from './starPaths';

export interface StarsOptions {
  /** Icon size in px (spec §9: 18 on listings, 19 on the product page). */
  size: number;
  style?: StarStyle;
  colors: { front: string; back: string };
}

const templates = new Map<string, SVGSVGElement>();

/**
 * Five icons side by side in a 120×24 box, in `color`: one path, the icon drawn again after a
 * relative move of 24 (the paths are relative after their first move, see starPaths.ts). One
 * element instead of six per row: cloning a snippet's stars was half the time of filling 1,000
 * cards.
 */
const icons = (path: string, color: string): string =>
  `<path fill="${color}" d="${path}${('m24 0' + path.replace(/^M[^a-z]*/, '')).repeat(4)}"/>`;

function template(doc: Document, size: number, style: StarStyle, colors: StarsOptions['colors']): SVGSVGElement {
  const key = [size, style, colors.front, colors.back].join();
  let svg = templates.get(key);
  if (!svg || svg.ownerDocument !== doc) {
    const path = STAR_PATHS[style] || STAR_PATHS.rounded;
    const box = doc.createElement('div');
    // Colours come from validated settings (#rrggbb), sizes are numbers: safe in markup.
    box.innerHTML =
      `<svg class="vitrine-stars__icons" aria-hidden="true" focusable="false" viewBox="0 0 120 24" width="${size * 5}" height="${size}" style="display:inline-block;vertical-align:middle;width:${size * 5}px;height:${size}px;max-width:none;max-height:none;margin:0;padding:0;border:0;overflow:hidden">` +
      icons(path, colors.back) +
      `<svg x="0" y="0" width="0" height="24" style="width:0;height:24px;overflow:hidden">${icons(path, colors.front)}</svg></svg>`;
    svg = box.firstChild as SVGSVGElement;
    templates.set(key, svg);
  }
  return svg;
}

/** Share of the five icons that is filled, in percent (4.6 → 92). */
export const fillPercent = (rating: number): number => Math.round(starFills(rating).reduce((sum, fill) => sum + fill, 0) * 20 * 100) / 100;

/**
 * Five icons for `rating` (0..5, partially filled) as one `aria-hidden` svg. The nested front
 * svg is the clip: its width (in the 120-unit box) is the filled share.
 */
export function renderStars(doc: Document, rating: number, options: StarsOptions): SVGSVGElement {
  const svg = template(doc, options.size, options.style || 'rounded', options.colors).cloneNode(true) as SVGSVGElement;
  const front = svg.lastChild as SVGSVGElement;
  const width = String(fillPercent(rating) * 1.2);
  front.setAttribute('width', width);
  front.style.width = width + 'px';
  return svg;
}
