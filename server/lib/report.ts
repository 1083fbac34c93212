import { sql, type SQL } from 'drizzle-orm';
import { sum, toMoney, type Decimal } from '../../domain/decimal';
import { REPORT_PAGE_SIZE, type ReportPageQuery } from '../../domain/report';
import { queryRows, type Db } from '../db/client';
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
): ReportAnswer<Row> {
  // Every figure to the paisa, whatever scale the SQL's sum or coalesce gave it.
  const results = rows.map((row) => ({ ...row, ...Object.fromEntries(fields.money.map((key) => [key, toMoney(row[key] as Decimal)])) }));
  const totals: Record<string, string | number | null> = { key: 'total', label: 'Total' };
  for (const key of fields.money) totals[key] = toMoney(sum(results.map((row) => row[key] as Decimal)));
  for (const key of fields.counts ?? []) totals[key] = results.reduce((n, row) => n + Number(row[key]), 0);
  return { count: results.length, results, totals };
}

/** Which rows a page asked for is (decision 403): none asked, every row. */
function pageAsked({ page, page_size }: ReportPageQuery): { page: number; offset: number; size: number } | null {
  if (page === undefined && page_size === undefined) return null;
  const size = page_size ?? REPORT_PAGE_SIZE;
  return { page: page ?? 1, offset: ((page ?? 1) - 1) * size, size };
}

/**
 * A report of records (decision 403) in one query: the rows of `query` in `order` (over its
 * column names), the page asked for cut in SQL, and the count and the money totals of every row
 * from window sums over the same rows. Its money columns are stored amounts already at the paisa,
 * so SQL's exact sum is the sum of the rows as the report writes them (decision 371).
 */
export async function recordReport<Row extends Record<string, unknown>>(db: Db, query: SQL, order: string, money: readonly (keyof Row & string)[], paging: ReportPageQuery): Promise<ReportAnswer<Row>> {
  const wanted = pageAsked(paging);
  const sums = money.map((key) => sql`(sum(q.${sql.identifier(key)}::numeric) OVER ())::text AS ${sql.identifier(`report_total_${key}`)}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT q.*, (count(*) OVER ())::int AS report_count, ${sql.join(sums, sql`, `)} FROM (${query}) q
        ORDER BY ${sql.raw(order)} ${wanted ? sql`LIMIT ${wanted.size} OFFSET ${wanted.offset}` : sql``}`,
  );
  if (!rows.length && wanted && wanted.page > 1) throw notFound('Invalid page.');
  const totals: Record<string, string | number | null> = { key: 'total', label: 'Total' };
  for (const key of money) totals[key] = toMoney((rows[0]?.[`report_total_${key}`] as Decimal | undefined) ?? '0');
  const results = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) if (!key.startsWith('report_')) record[key] = money.includes(key) ? toMoney(value as Decimal) : value;
    return record as Row;
  });
  return { count: (rows[0]?.report_count as number | undefined) ?? 0, results, totals };
}

/** The period on a date column; an open end does not narrow. */
export const inPeriod = (column: SQL, query: { date_from?: string | undefined; date_to?: string | undefined }): SQL =>
  // Only the ends given reach the SQL: a `$1 IS NULL OR …` test would be evaluated on every row.
  sql`(${query.date_from === undefined ? sql`TRUE` : sql`${column} >= ${query.date_from}::date`} AND ${query.date_to === undefined ? sql`TRUE` : sql`${column} <= ${query.date_to}::date`})`;
