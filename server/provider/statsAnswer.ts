/**
 * The owner's stats answer (`GET /api/admin/{shopId}/stats`) from the stored daily counters: one
 * entry per day of the range, days without data included (all zero), and the totals. Visitors are
 * distinct per day; the total adds the days (a visitor of two days counts twice).
 */
import { byName } from '../lib/byName.ts';
import type { DailyCount } from '../storage/dailyStats.ts';

/** The counters of one day, or of the range. */
interface StatsOfDays {
  pageViews: number;
  visitors: number;
  impressions: Record<string, number>;
  interactions: Record<string, number>;
  reviewsSubmitted: number;
  offersAccepted: number;
  addToCarts: number;
  addToCartsAfterReviews: number;
  consent: { tracked: number; notTracked: number };
}

/** The answer. */
export interface StatsAnswer {
  from: string;
  to: string;
  days: (StatsOfDays & { date: string })[];
  totals: StatsOfDays;
}

const empty = (): StatsOfDays => ({
  pageViews: 0,
  visitors: 0,
  impressions: byName(),
  interactions: byName(),
  reviewsSubmitted: 0,
  offersAccepted: 0,
  addToCarts: 0,
  addToCartsAfterReviews: 0,
  consent: { tracked: 0, notTracked: 0 },
});

/** Adds one counter to a day's (or the totals') numbers. */
function add(into: StatsOfDays, row: DailyCount): void {
  switch (row.metric) {
    case 'impressions':
      into.impressions[row.key] = (into.impressions[row.key] ?? 0) + row.count;
      return;
    case 'interactions':
      into.interactions[row.key] = (into.interactions[row.key] ?? 0) + row.count;
      // The two the spec names get their own numbers.
      if (row.key === 'review-submitted') into.reviewsSubmitted += row.count;
      if (row.key === 'offer-accepted') into.offersAccepted += row.count;
      return;
    case 'consent':
      if (row.key === 'tracked' || row.key === 'notTracked') into.consent[row.key] += row.count;
      return;
    default:
      into[row.metric] += row.count;
  }
}

/** Every date from `from` to `to` (inclusive, `YYYY-MM-DD`, UTC). */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000) {
    dates.push(new Date(time).toISOString().slice(0, 10));
  }
  return dates;
}

/** The answer for the range from the stored counters. */
export function statsAnswer(rows: DailyCount[], from: string, to: string): StatsAnswer {
  const byDay = new Map(datesBetween(from, to).map((date) => [date, { date, ...empty() }]));
  const totals = empty();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    add(day, row);
    add(totals, row);
  }
  return { from, to, days: [...byDay.values()], totals };
}
