/**
 * Review dates in the four formats of spec §3 (0 YYYY-MM-DD, 1 MM-DD-YYYY, 2 MM-DD-YY,
 * 3 DD-MM-YYYY), in the shopper's local time zone. No date library: four patterns.
 */
const twoDigits = (value: number) => (value < 10 ? '0' : '') + value;

export function formatDate(timestamp: number, format: 0 | 1 | 2 | 3): string {
  const date = new Date(timestamp);
  if (!Number.isFinite(timestamp) || isNaN(date.getTime())) return '';
  const year = String(date.getFullYear());
  const month = twoDigits(date.getMonth() + 1);
  const day = twoDigits(date.getDate());
  if (format === 1) return `${month}-${day}-${year}`;
  if (format === 2) return `${month}-${day}-${year.slice(-2)}`;
  if (format === 3) return `${day}-${month}-${year}`;
  return `${year}-${month}-${day}`;
}

/**
 * `YYYY-MM-DD` in UTC (schema.org `datePublished`); '' for an unknown date (0 or less: the
 * provider's "no date") and for anything `Date` cannot hold, so no date is ever made up.
 */
export const isoDay = (timestamp: number): string =>
  timestamp > 0 && timestamp <= 8.64e15 ? new Date(timestamp).toISOString().slice(0, 10) : '';
