/** One printed table: what every benchmark returns (also written to `perf/out/report.json`). */
export interface Table {
  /** Printed above the table. */
  title: string;
  /** Column headers. */
  columns: string[];
  /** Cells; numbers and number-like strings (`1.20x`, `n/a`) are right-aligned, other strings left-aligned. */
  rows: (string | number)[][];
  /** Lines printed under the table (method, caveats). */
  notes?: string[];
}

function cell(value: string | number): string {
  if (typeof value === 'string') return value;
  if (Number.isNaN(value)) return 'n/a';
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(3);
}

/**
 * Renders a {@link Table} as plain text: title, header, a rule, the rows, then the notes.
 * Numbers and number-like strings are right-aligned; integers print as is, other numbers with 0–3 decimals by magnitude.
 */
export function formatTable(table: Table): string {
  const text = table.rows.map((row) => row.map(cell));
  const widths = table.columns.map((header, column) => Math.max(header.length, ...text.map((cells) => (cells[column] ?? '').length)));
  const line = (cells: string[], numeric: boolean[]): string =>
    cells
      .map((value, column) => (numeric[column] ? value.padStart(widths[column]!) : value.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const out = [
    table.title,
    line(
      table.columns,
      table.columns.map((_, column) => column > 0),
    ),
    widths.map((width) => '-'.repeat(width)).join('  '),
  ];
  const numeric = (value: string | number): boolean => typeof value === 'number' || /^([-+]?[\d.,]+(x|%| ms)?|n\/a)$/.test(value);
  table.rows.forEach((row, rowIndex) => out.push(line(text[rowIndex]!, row.map(numeric))));
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}
