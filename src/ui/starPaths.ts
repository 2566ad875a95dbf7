/**
 * Shapes of the three star icon styles (spec §3: rounded stars, pointed stars, hearts), as SVG
 * path data in a 24×24 box. Shared by the framework-free star snippets and the Preact widgets so
 * every rating on a page looks the same. Each is one absolute move followed by relative commands
 * only: after its `z`, a relative move of 24 and the same commands draw the next icon, so a row
 * of five is one path (`starIcons.ts`).
 */
export const STAR_PATHS = {
  rounded:
    'M12 2.6c.4 0 .8.2 1 .6l2.5 5.1 5.6.8c.9.1 1.3 1.2.6 1.9l-4.1 4 1 5.6c.2.9-.8 1.6-1.6 1.2l-5-2.7-5 2.7c-.8.4-1.8-.3-1.6-1.2l1-5.6-4.1-4c-.7-.7-.3-1.8.6-1.9l5.6-.8 2.5-5.1c.2-.4.6-.6 1-.6z',
  pointed: 'M12 1.5l3.1 7 7.4.6-5.6 4.9 1.7 7.3-6.6-3.9-6.6 3.9 1.7-7.3-5.6-4.9 7.4-.6z',
  hearts:
    'M12 21.2l-1.4-1.3c-5.2-4.6-8.6-7.7-8.6-11.5 0-3.1 2.4-5.4 5.4-5.4 1.7 0 3.4.8 4.6 2.1 1.2-1.3 2.9-2.1 4.6-2.1 3 0 5.4 2.3 5.4 5.4 0 3.8-3.4 6.9-8.6 11.5z',
} as const;

export type StarStyle = keyof typeof STAR_PATHS;

/**
 * How much of each of the five icons is filled for `rating` (0..5), as fractions 0..1, so 4.6
 * gives [1, 1, 1, 1, 0.6]. Out-of-range and non-numeric ratings are clamped to 0..5.
 */
export function starFills(rating: number): number[] {
  // Each icon's own clamp to 0..1 clamps the rating too: above 5 every icon is full, below 0 empty.
  const finite = Number.isFinite(rating) ? rating : 0;
  return [0, 1, 2, 3, 4].map((icon) => Math.round(Math.min(1, Math.max(0, finite - icon)) * 100) / 100);
}
