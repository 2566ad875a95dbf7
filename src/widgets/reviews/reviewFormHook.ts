/**
 * Where the 'Write a Review' buttons (summary, modern header, 'share your experience' stars) go.
 *
 * Until the write-a-review issue lands, this dispatches the window event `vitrine:write-review`
 * with `detail: { productHandle, stars }` (`stars`: the rating clicked, 1–5, or 5 for the plain
 * button; spec §5 "Rating defaults to 5 (or the star clicked)"). Shops and the later form listen
 * to it. The later issue replaces the body of `openReviewForm`; callers stay as they are.
 */
import type { WidgetContext } from '../types';

const WRITE_REVIEW_EVENT = 'vitrine:write-review';

/** @public */
export interface WriteReviewDetail {
  productHandle: string | null;
  stars: number;
}

export function openReviewForm(ctx: WidgetContext, opts: { stars?: number } = {}): void {
  const stars = opts.stars && opts.stars >= 1 && opts.stars <= 5 ? Math.round(opts.stars) : 5;
  const detail: WriteReviewDetail = { productHandle: ctx.page.productHandle, stars };
  window.dispatchEvent(new CustomEvent(WRITE_REVIEW_EVENT, { detail }));
}
