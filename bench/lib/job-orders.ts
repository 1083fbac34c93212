import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer } from './bench-server';
import { prepare, getJson } from './catalogue';
import { underLoad, type LoadFigures } from './load';
import { rawSql, rawSqlUnderLoad } from './raw-sql';

/** Issue 6: the job orders list with filters and the profitability report, at scale 50. */
export interface JobOrderFigures {
  jobOrders: number;
  ledgerRows: number;
  list: LoadFigures;
  /** The same query behind a bare HTTP server (the budget's baseline, decision 391). */
  listRawSql: LoadFigures;
  /** The same query looped in one process, no HTTP. */
  listRawSqlInProcess: LoadFigures;
  /** Median seconds of the profitability report over every job order (one request: totals and the first page). */
  profitabilitySeconds: number;
  /** Median seconds of one pass over the ledger summed per job order, in raw SQL: the report's floor. */
  ledgerScanSeconds: number;
}

export const JOB_ORDER_SCALE = 50;
export const JOB_ORDER_LIST_CONNECTIONS = 50;
const REPORT_RUNS = 3;
/** What a job order's profitability is made of: its products, requisitions and issues, expenses. */
const PARTS = ['materials', 'customers', 'job-orders', 'requisitions', 'stock'];
const FILTER = { status: 'in-process', bucket: 'Production' };

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function jobOrdersOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>): Promise<JobOrderFigures> {
  await prepare(database, JOB_ORDER_SCALE, PARTS);
  const server = await startBenchServer(environmentFor(database));
  let figures: Omit<JobOrderFigures, 'listRawSql' | 'listRawSqlInProcess' | 'ledgerScanSeconds'>;
  try {
    const access = await signIn(server.origin);
    const headers = { authorization: `JWT ${access}` };
    const origin = `${server.origin}/api/v1/joborders/joborders`;
    // Live job orders (cancelled ones have no profitability).
    const { count: jobOrders } = await getJson<{ count: number }>(`${origin}/list/?page_size=1`, access);
    const list = await underLoad({
      url: `${origin}/filter/?status=${FILTER.status}&bucket=${FILTER.bucket}&ordering=-created_at&page_size=15`,
      headers,
      connections: JOB_ORDER_LIST_CONNECTIONS,
    });
    const runs: number[] = [];
    for (let i = 0; i < REPORT_RUNS; i++) {
      // An access token lives 5 minutes: each run gets its own, however long the ones before took.
      const fresh = await signIn(server.origin);
      const started = performance.now();
      const report = await getJson<{ count: number }>(`${origin}/profitability/`, fresh);
      runs.push((performance.now() - started) / 1000);
      if (report.count !== jobOrders) throw new Error(`profitability covered ${report.count} job orders of ${jobOrders}`);
    }
    const { count: ledgerRows } = await getJson<{ count: number }>(`${server.origin}/api/v1/stocks/stocktransactions/?page_size=1`, await signIn(server.origin));
    figures = { jobOrders, ledgerRows, list, profitabilitySeconds: median(runs) };
  } finally {
    await server.stop();
  }
  const raw = await rawSqlUnderLoad(database, { BENCH_QUERY: 'job-orders', BENCH_STATUS: FILTER.status, BENCH_BUCKET: FILTER.bucket }, JOB_ORDER_LIST_CONNECTIONS);
  const { seconds } = (await rawSql(database, { BENCH_QUERY: 'ledger-by-job-order', BENCH_RUNS: String(REPORT_RUNS) })) as { seconds: number };
  return { ...figures, listRawSql: raw.http, listRawSqlInProcess: raw.inProcess, ledgerScanSeconds: seconds };
}
