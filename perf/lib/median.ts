/**
 * Median of a list of numbers (mean of the two middle values for an even count). Non-finite
 * values (a metric Lighthouse could not compute) are ignored; returns `NaN` when none are left.
 */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((left, right) => left - right);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
