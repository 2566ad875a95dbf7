/**
 * The window event the write buttons fire (shops listen to it): `vitrine:write-review` with
 * `detail: { productHandle, stars }` (`stars`: the rating clicked, 1–5, or 5 for the plain
 * button; spec §5 "Rating defaults to 5 (or the star clicked)"). The controller fires it and then
 * opens the form with that rating.
 */
import type { WidgetContext } from '../types';

const WRITE_REVIEW_EVENT = 'vitrine:write-review';

/** @public */
export interface WriteReviewDetail {
  productHandle: string | null;
  stars: number;
}

/** Fires `vitrine:write-review` and returns the rating the form opens with (1–5, default 5). */
export function announceWriteReview(ctx: WidgetContext, clicked?: number): number {
  const stars = clicked && clicked >= 1 && clicked <= 5 ? Math.round(clicked) : 5;
  const detail: WriteReviewDetail = { productHandle: ctx.page.productHandle, stars };
  dispatchEvent(new CustomEvent(WRITE_REVIEW_EVENT, { detail }));
  return stars;
}
