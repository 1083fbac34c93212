import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';
import { startBenchServer } from './bench-server';
import { getJson, prepare } from './catalogue';
import { benchDatabases, environmentFor, withDatabase, type DatabaseKind, type FreshDatabase } from './databases';
import { rawSql } from './raw-sql';
import type { REPORT_QUERIES } from './report-queries';
import { median } from './sales';
import { figure, ratioRow, SKIPPED, type Row } from './table';

/**
 * Issue 22 §3: each report of the reports area at scale 50 (15,000 invoices with their lines and
 * receipts, 50,000 sales orders) over the last year, read through the API as management reads it,
 * beside one raw SQL pass over the same rows (bench/lib/report-queries.ts). The aging report's row
 * is in the invoices part (issue 20).
 */
export const REPORTS_SCALE = 50;
const RUNS = 5;
const PERIOD_DAYS = 365;
/** Who reads the reports: every figure, no scope. */
const MANAGEMENT = 'management';
/** The same goal as the aging report's (decision 340): the API adds at most half again to the pass. */
const REPORT_RATIO_GOAL = 1.5;

interface ReportBench {
  name: string;
  path: string;
  query?: Record<string, string>;
  raw: keyof typeof REPORT_QUERIES;
}

const REPORT_BENCHES: readonly ReportBench[] = [
  { name: 'revenue by month', path: API.invoices.reports.revenue, query: { by: 'month' }, raw: 'revenue-month' },
  { name: 'revenue by category (HSN)', path: API.invoices.reports.revenue, query: { by: 'category' }, raw: 'revenue-category' },
  { name: 'payments by month and mode', path: API.invoices.reports.payments, raw: 'payments' },
  { name: 'tax by GST rate', path: API.invoices.reports.tax, query: { section: 'rate' }, raw: 'tax-rate' },
  { name: 'customer billing', path: API.invoices.reports.customerBilling, raw: 'customer-billing' },
  { name: 'sales orders by status', path: API.salesOrders.reports.status, raw: 'sales-orders-status' },
  { name: 'sales orders by customer', path: API.salesOrders.reports.customers, raw: 'sales-orders-customers' },
  { name: 'sales orders by month', path: API.salesOrders.reports.analysis, raw: 'sales-orders-analysis' },
  // A list of orders, read a page at a time as the screen reads it (decision 403).
  { name: 'overdue sales orders, first page', path: API.salesOrders.reports.overdue, query: { page: '1', page_size: '15' }, raw: 'sales-orders-overdue' },
];

export interface ReportFigures {
  name: string;
  rows: number;
  apiSeconds: number;
  rawSqlSeconds: number;
}

/** Every report's median of 5 through the API (after one warm-up), then each raw pass's median of 5. */
export async function reportsOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>, scale = REPORTS_SCALE): Promise<ReportFigures[]> {
  await prepare(database, scale, ['sales-orders', 'invoices']);
  const period = { date_from: businessToday(-PERIOD_DAYS), date_to: businessToday() };
  const server = await startBenchServer(environmentFor(database));
  const measured: Omit<ReportFigures, 'rawSqlSeconds'>[] = [];
  try {
    const access = await signIn(server.origin);
    for (const report of REPORT_BENCHES) {
      const url = `${server.origin}/api/v1${report.path}?${new URLSearchParams({ ...period, ...report.query })}`;
      const runs: number[] = [];
      let rows = 0;
      for (let i = 0; i <= RUNS; i++) {
        const started = performance.now();
        rows = (await getJson<{ count: number }>(url, access)).count;
        if (i > 0) runs.push((performance.now() - started) / 1000);
      }
      if (rows === 0) throw new Error(`${report.name} has no rows at scale ${scale}: nothing measured`);
      measured.push({ name: report.name, rows, apiSeconds: median(runs) });
    }
  } finally {
    await server.stop();
  }
  const figures: ReportFigures[] = [];
  for (const [i, report] of REPORT_BENCHES.entries()) {
    const env = { BENCH_QUERY: report.raw, BENCH_RUNS: String(RUNS), BENCH_WARM_UP: '1', BENCH_FROM: period.date_from, BENCH_TO: period.date_to };
    const { seconds } = (await rawSql(database, env)) as { seconds: number };
    figures.push({ ...measured[i]!, rawSqlSeconds: seconds });
  }
  return figures;
}

function reportRows(kind: DatabaseKind, figures: readonly ReportFigures[] | null): Row[] {
  return REPORT_BENCHES.flatMap((report, i) => {
    const metrics = [`${report.name} report, scale ${REPORTS_SCALE}, last ${PERIOD_DAYS} days, median of ${RUNS}`, `baseline: one raw SQL pass over the same rows, median of ${RUNS}`, `${report.name}: report / raw pass`];
    const f = figures?.[i];
    if (!f) return metrics.map((metric) => figure(metric, kind, SKIPPED, ''));
    return [
      figure(`${metrics[0]!} (${f.rows.toLocaleString('en-US')} rows)`, kind, (f.apiSeconds * 1000).toFixed(1), 'ms'),
      figure(metrics[1]!, kind, (f.rawSqlSeconds * 1000).toFixed(1), 'ms'),
      ratioRow(metrics[2]!, kind, f.apiSeconds / f.rawSqlSeconds, REPORT_RATIO_GOAL),
    ];
  });
}

export async function reportsSection(progress: (message: string) => void, signInAs: (origin: string, username: string) => Promise<string>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [kind, fresh] of await benchDatabases()) {
    if (fresh) progress(`${kind}: every report at scale ${REPORTS_SCALE} and one raw pass each (seeding takes minutes)`);
    rows.push(...reportRows(kind, fresh ? await withDatabase(fresh, (database) => reportsOn(database, (origin) => signInAs(origin, MANAGEMENT))) : null));
  }
  return rows;
}
