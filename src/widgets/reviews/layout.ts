/**
 * Layout rules of spec §9, as pure functions of measured widths.
 *
 * Columns ('columns' layout): 2 on mobile (viewport narrower than 384 px or body at most 767 px);
 * otherwise from the widget's own width: masonry breakpoints under 350 px 1 column (a narrow
 * sidebar on a desktop page), under 750 px 2, under 900 px 3, then one column per 250 px
 * (default 4, which the 1200 px widget max width also caps).
 *
 * List ('list' layout): compact under 1024 px of viewport, and wherever the widget itself is
 * narrower than 600 px (the compact/loose switch); loose otherwise.
 */

/** Columns layout geometry (spec §9). */
const COLUMNS_LAYOUT = {
  columnWidth: 250,
  defaultColumns: 4,
  mobileColumns: 2,
  mobileBelowWidth: 384,
  gutter: 16,
} as const;
/** List layout: compact under this width. */
const LIST_COMPACT_MAX_WIDTH = 1024;
/** List layout compact/loose switch width. */
const LIST_LOOSE_MIN_WIDTH = 600;
/** Mobile: viewport or body width at most this. */
const MOBILE_MAX_WIDTH = 767;
/** Widget max width. */
export const WIDGET_MAX_WIDTH = 1200;

/** The widget's padding on each side (px): the list lays out in a box this much narrower on both sides. */
export const WIDGET_SIDE_PADDING = 16;

/** Width of the content box (where the list lays out) of a widget `width` px wide. */
export const contentWidth = (width: number): number => width - 2 * WIDGET_SIDE_PADDING;

export function columnCount(width: number, viewport: number, bodyWidth: number): number {
  if (viewport < COLUMNS_LAYOUT.mobileBelowWidth || bodyWidth <= MOBILE_MAX_WIDTH) return COLUMNS_LAYOUT.mobileColumns;
  if (!(width > 0)) return COLUMNS_LAYOUT.defaultColumns;
  if (width < 350) return 1;
  if (width < 750) return 2;
  if (width < 900) return 3;
  return Math.min(COLUMNS_LAYOUT.defaultColumns, Math.max(3, Math.floor(width / COLUMNS_LAYOUT.columnWidth)));
}

export const listVariant = (width: number, viewport: number): 'compact' | 'loose' =>
  viewport < LIST_COMPACT_MAX_WIDTH || width < LIST_LOOSE_MIN_WIDTH ? 'compact' : 'loose';

/** Spec §9 "Mobile": viewport or body width at most 767 px. */
export const isMobile = (win: Window = window): boolean =>
  win.innerWidth <= MOBILE_MAX_WIDTH || win.document.body.clientWidth <= MOBILE_MAX_WIDTH;
