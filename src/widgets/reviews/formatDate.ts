/**
 * Review dates in the four formats of spec §3 (0 YYYY-MM-DD, 1 MM-DD-YYYY, 2 MM-DD-YY,
 * 3 DD-MM-YYYY), in the shopper's local time zone. No date library: four patterns.
 */
const pad = (n: number) => (n < 10 ? '0' : '') + n;

export function formatDate(timestamp: number, format: 0 | 1 | 2 | 3): string {
  const d = new Date(timestamp);
  if (!Number.isFinite(timestamp) || isNaN(d.getTime())) return '';
  const y = String(d.getFullYear());
  const m = pad(d.getMonth() + 1);
  const day = pad(d.getDate());
  return format == 1 ? `${m}-${day}-${y}` : format == 2 ? `${m}-${day}-${y.slice(-2)}` : format == 3 ? `${day}-${m}-${y}` : `${y}-${m}-${day}`;
}

/**
 * `YYYY-MM-DD` in UTC (schema.org `datePublished`); '' for an unknown date (0 or less: the
 * provider's "no date") and for anything `Date` cannot hold, so no date is ever made up.
 */
export const isoDay = (timestamp: number): string => (timestamp > 0 && timestamp <= 8.64e15 ? new Date(timestamp).toISOString().slice(0, 10) : '');
