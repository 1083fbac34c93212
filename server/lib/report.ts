import { sql, type SQL } from 'drizzle-orm';
import { sum, toMoney, type Decimal } from '../../domain/decimal';
import { REPORT_PAGE_SIZE, type ReportPageQuery } from '../../domain/report';
import { notFound } from './http-error';

/**
 * The reports' one answer shape (decision 371): the rows the SQL worked out, and a totals row
 * made by adding those very rows with the decimal module, so every total is the sum of its rows
 * and the screen, the export and the test read the same figures.
 */
export interface ReportAnswer<Row> {
  count: number;
  results: Row[];
  totals: Record<string, string | number | null>;
}

/** `money` fields are written and added as exact decimals to the paisa, `counts` as whole numbers; the totals row is labelled "Total". */
export function reportAnswer<Row extends Record<string, unknown>>(
  rows: Row[],
  fields: { money: readonly (keyof Row & string)[]; counts?: readonly (keyof Row & string)[] },
  paging: ReportPageQuery = {},
): ReportAnswer<Row> {
  // Every figure to the paisa, whatever scale the SQL's sum or coalesce gave it.
  const results = rows.map((row) => ({ ...row, ...Object.fromEntries(fields.money.map((key) => [key, toMoney(row[key] as Decimal)])) }));
  const totals: Record<string, string | number | null> = { key: 'total', label: 'Total' };
  for (const key of fields.money) totals[key] = toMoney(sum(results.map((row) => row[key] as Decimal)));
  for (const key of fields.counts ?? []) totals[key] = results.reduce((n, row) => n + Number(row[key]), 0);
  return { count: results.length, results: pageOfRows(results, paging), totals };
}

/** The page asked for (decision 403), every row when none is; a page past the end is 404, as a list's is. */
function pageOfRows<Row>(rows: Row[], { page, page_size }: ReportPageQuery): Row[] {
  if (page === undefined && page_size === undefined) return rows;
  const size = page_size ?? REPORT_PAGE_SIZE;
  const at = ((page ?? 1) - 1) * size;
  if (at > 0 && at >= rows.length) throw notFound('Invalid page.');
  return rows.slice(at, at + size);
}

/** The period on a date column; an open end does not narrow. */
export const inPeriod = (column: SQL, query: { date_from?: string | undefined; date_to?: string | undefined }): SQL =>
  sql`(${query.date_from ?? null}::date IS NULL OR ${column} >= ${query.date_from ?? null}::date) AND (${query.date_to ?? null}::date IS NULL OR ${column} <= ${query.date_to ?? null}::date)`;
