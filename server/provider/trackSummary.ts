/**
 * What one tracking request adds to the owner's daily aggregates (docs/provider-api.md,
 * "What the owner learns"), read from its events and meta as the widgets send them
 * (src/widgets/tracking): `page_view`, `impression` (`widget`, `count`), `interaction` (`name`),
 * `add_to_cart`; `meta.userUid` and `meta.sessionId`. Anything else is stored as sent but adds
 * nothing. Pure: the tracking store applies it in the batch's transaction.
 */
import { byName } from '../lib/byName.ts';

/** The increments of one request. */
export interface TrackSummary {
  pageViews: number;
  /** The visitor (counted once per day), when the request names one. */
  userUid: string | null;
  /** The visit (a tab's session), when the request names one. */
  sessionId: string | null;
  impressions: Record<string, number>;
  interactions: Record<string, number>;
  addToCarts: number;
  /** An impression of the reviews widget or the star snippets: the visit saw reviews. */
  sawReviews: boolean;
}

/** Widget and interaction names counted: a client cannot make the aggregates grow by sending noise. */
const NAME = /^[a-z][a-z0-9-]{0,39}$/;
/** Ids the client generates (24 hex digits), up to the width of a UUID. */
const ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Elements one impression event may count (a listing page with every product starred). */
const MAX_IMPRESSION_COUNT = 1000;
/** Widgets whose impression means the visitor saw reviews. */
const REVIEW_WIDGETS = ['reviews', 'star-snippets'];

const id = (value: unknown): string | null => (typeof value === 'string' && ID.test(value) ? value : null);

/** An impression's count: 1 when absent, a number or digit string as it is, else NaN (`[7]` and `true` are not 7 and 1). */
function countOf(value: unknown): number {
  if (value === undefined) return 1;
  return typeof value === 'number' || (typeof value === 'string' && /^\d{1,7}$/.test(value)) ? Number(value) : NaN;
}

/** The summary of a request's events and meta. */
export function summarizeTrack(events: Record<string, unknown>[], meta: Record<string, unknown>): TrackSummary {
  const summary: TrackSummary = {
    pageViews: 0,
    userUid: id(meta.userUid),
    sessionId: id(meta.sessionId),
    impressions: byName(),
    interactions: byName(),
    addToCarts: 0,
    sawReviews: false,
  };
  const add = (into: Record<string, number>, name: unknown, count: number) => {
    if (typeof name === 'string' && NAME.test(name)) into[name] = (into[name] ?? 0) + count;
  };
  for (const event of events) {
    switch (event.type) {
      case 'page_view':
        summary.pageViews++;
        break;
      case 'impression': {
        const count = countOf(event.count);
        if (!Number.isInteger(count) || count < 1 || count > MAX_IMPRESSION_COUNT) break;
        add(summary.impressions, event.widget, count);
        if (REVIEW_WIDGETS.includes(event.widget as string)) summary.sawReviews = true;
        break;
      }
      case 'interaction':
        add(summary.interactions, event.name, 1);
        break;
      case 'add_to_cart':
        summary.addToCarts++;
        break;
    }
  }
  return summary;
}
