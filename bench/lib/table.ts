export interface Row {
  metric: string;
  database: string;
  value: string;
  unit: string;
  goal: string;
  verdict: string;
}

/** What a row on a database the run could not reach says. */
export const SKIPPED = 'skipped (no PostgreSQL)';

/** A measured figure, with no goal of its own. */
export const figure = (metric: string, database: string, value: string, unit: string): Row => ({ metric, database, value, unit, goal: '-', verdict: '-' });

/** A ratio held against a goal of at most `goal` times. */
export const ratioRow = (metric: string, database: string, ratio: number, goal: number): Row => ({ metric, database, value: ratio.toFixed(2), unit: 'x', goal: `<= ${goal}x`, verdict: ratio <= goal ? 'pass' : 'fail' });

const COLUMNS = ['metric', 'database', 'value', 'unit', 'goal', 'verdict'] as const;

/** Plain text with aligned columns; values are right-aligned so digits line up. */
export function formatTable(rows: Row[]): string {
  const widths = COLUMNS.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (COLUMNS[i] === 'value' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ').trimEnd();
  return [line(COLUMNS), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map((row) => line(COLUMNS.map((c) => row[c])))].join('\n');
}
