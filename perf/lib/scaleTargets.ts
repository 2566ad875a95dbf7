import type { Table } from './table.ts';

/** Issue 13's scale targets: at most this many ms of our main-thread work for the large case… */
const MAX_MS = 30;
/** …and at most this growth for 10x the items (linear: 10x). */
const MAX_GROWTH = 11;

/**
 * The table judging a scale benchmark against issue 13's targets: `work` ms for the large case
 * (`large`, e.g. "1,000 cards"), and `growth`, the large case's time over the small one's for 10x
 * the items (`items`, e.g. "100 -> 1,000 cards").
 */
export function scaleTargets(title: string, large: string, work: number, items: string, growth: number, note: string): Table {
  // Judged as printed (two decimals), so a row never reads "11.00x … NO".
  const shownGrowth = Math.round(growth * 100) / 100;
  return {
    title,
    columns: ['figure', 'measured', 'target', 'met'],
    rows: [
      [`our main-thread work, ${large} (ms)`, work, `<= ${MAX_MS}`, work <= MAX_MS ? 'yes' : 'NO'],
      [`growth ${items} (10x the items)`, `${shownGrowth.toFixed(2)}x`, `<= ${MAX_GROWTH}x`, shownGrowth <= MAX_GROWTH ? 'yes' : 'NO'],
    ],
    notes: [note],
  };
}
