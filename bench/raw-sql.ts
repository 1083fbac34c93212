// A query of the API written by hand and run through the same driver: the baseline the API's
// figure is divided by. BENCH_QUERY picks it. With BENCH_SERVE=1 it answers every HTTP request
// with the query's rows as JSON on a bare node:http server (it prints `port N`), so the load
// generator drives it exactly as it drives the API (decision 391); under load in this process
// (BENCH_CONNECTIONS clients for 5 s) it prints p50, p99 and queries per second; with
// BENCH_RUNS=N it runs N times alone (after an untimed one with BENCH_WARM_UP=1) and prints the median seconds. One JSON line of figures.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows } from '../server/db/client';
import { AGING_BUCKETS, INVOICE_RECEIVABLE_STATUSES } from '../domain/invoice';
import { WARM_UP_SECONDS } from './lib/load';
import { REPORT_QUERIES } from './lib/report-queries';

const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
const connections = Number(process.env.BENCH_CONNECTIONS ?? '50');
const runs = Number(process.env.BENCH_RUNS ?? '0');

const today = sql`(now() AT TIME ZONE 'Asia/Kolkata')::date`;
const owing = sql.join(
  INVOICE_RECEIVABLE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
const listOf = (variable: string) =>
  sql.join(
    (process.env[variable] ?? '').split(',').map((v) => sql`${v}`),
    sql`, `,
  );

/** Re-pricing's rates, taken in turn by each run (each run then changes every line). */
const repriceRates = (process.env.BENCH_RATES ?? '50.00').split(',');
let repriceRun = 0;

const QUERIES: Record<string, () => SQL> = {
  ...REPORT_QUERIES,
  /** The materials list: a category, most on hand first, a page of 15. */
  materials: () => sql`SELECT *, count(*) OVER () AS total_count FROM materials
    WHERE category = ${Number(process.env.BENCH_CATEGORY)} AND deleted_at IS NULL
    ORDER BY quantity DESC, id ASC LIMIT 15 OFFSET 0`,
  /** The job orders list filtered by status and bucket, newest first, with the customer's name. */
  'job-orders': () => sql`SELECT j.*, c.name AS customer_name, count(*) OVER () AS total_count
    FROM job_orders j JOIN customers c ON c.id = j.customer
    WHERE j.status = ${process.env.BENCH_STATUS} AND j.bucket = ${process.env.BENCH_BUCKET} AND j.deleted_at IS NULL AND j.cancelled_at IS NULL
    ORDER BY j.created_at DESC, j.id DESC LIMIT 15 OFFSET 0`,
  /** A sales executive's Todays leads (business-areas.md §4): open stage, follow-up today in the company's zone, newest first. */
  'leads-todays': () => sql`SELECT *, count(*) OVER () AS total_count FROM leads
    WHERE assign_to = ${Number(process.env.BENCH_USER)} AND deleted_at IS NULL
      AND stage IN ('new', 'followup', 'negotiation') AND followup_date = (now() AT TIME ZONE 'Asia/Kolkata')::date
    ORDER BY id DESC LIMIT 15 OFFSET 0`,
  /** An accounts page of invoices: statuses, a customer, an invoice date range and a search, newest first, with names and overdue. */
  invoices: () => {
    const pattern = `%${process.env.BENCH_SEARCH}%`;
    return sql`SELECT i.*, c.name AS customer_name, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, '') AS created_by_name,
        (i.due_date < ${today} AND i.outstanding_amount > 0 AND i.status IN (${owing})) AS is_overdue, count(*) OVER () AS total_count
      FROM invoices i JOIN customers c ON c.id = i.customer LEFT JOIN users u ON u.id = i.created_by
      WHERE i.deleted_at IS NULL AND i.status IN (${listOf('BENCH_STATUSES')}) AND i.customer = ${Number(process.env.BENCH_CUSTOMER)}
        AND i.invoice_date >= ${process.env.BENCH_FROM} AND i.invoice_date <= ${process.env.BENCH_TO}
        AND (i.invoice_number ILIKE ${pattern} OR i.notes ILIKE ${pattern} OR c.name ILIKE ${pattern})
      ORDER BY i.invoice_date DESC, i.id ASC LIMIT 15 OFFSET 0`;
  },
  /** The aging report's floor: one pass over the owed invoices, summed per customer into the buckets. */
  aging: () => {
    const buckets = AGING_BUCKETS.map((b) => {
      const within = sql.raw([b.from === null ? 'TRUE' : `d >= ${b.from}`, b.to === null ? 'TRUE' : `d <= ${b.to}`].join(' AND '));
      return sql`sum(o.outstanding_amount) FILTER (WHERE ${within}) AS ${sql.identifier(b.key)}, count(*) FILTER (WHERE ${within}) AS ${sql.identifier(`${b.key}_count`)}`;
    });
    return sql`SELECT o.customer, c.name, sum(o.outstanding_amount) AS total, ${sql.join(buckets, sql`, `)}
      FROM (SELECT customer, outstanding_amount, ${today} - due_date AS d FROM invoices
        WHERE deleted_at IS NULL AND status IN (${owing}) AND outstanding_amount > 0) o
      JOIN customers c ON c.id = o.customer
      GROUP BY o.customer, c.name ORDER BY total DESC, c.name`;
  },
  /**
   * The floor of bulk-update-costs/ (decisions 352, 366): the same figures the API must leave, in
   * one statement: the material's new rate, every live line of it in a live open estimation
   * re-priced, each touched product's unit price (its lines' amounts with the overhead on top) and
   * each touched estimation's total (quantity × unit price) worked out again, returning what
   * changed. Data-modifying CTEs all see the statement's snapshot, so the re-totals read the
   * new amounts from the CTE before them, not from the table.
   */
  reprice: () => {
    const rate = repriceRates[repriceRun++ % repriceRates.length]!;
    const material = Number(process.env.BENCH_MATERIAL);
    return sql`WITH m AS (UPDATE estimation_materials SET rate = ${rate}::numeric WHERE id = ${material}),
      d AS (UPDATE estimation_product_details d SET rate = ${rate}::numeric, amount = round(d.quantity * ${rate}::numeric, 2)
        FROM estimation_product_details old, estimation_products p, estimations e
        WHERE old.id = d.id AND p.id = d.product AND e.id = p.estimation AND d.estimation_material = ${material}
          AND d.deleted_at IS NULL AND p.deleted_at IS NULL AND e.deleted_at IS NULL AND e.status IN ('draft', 'submitted') AND d.rate <> ${rate}::numeric
        RETURNING p.estimation, d.product, d.id AS detail, d.estimation_material, old.rate AS old_rate, d.rate AS new_rate, old.amount AS old_amount, d.amount AS new_amount),
      p AS (UPDATE estimation_products p SET unit_price = round(t.direct + t.direct * p.overhead_percent / 100, 2)
        FROM (SELECT l.product, sum(coalesce(d.new_amount, l.amount)) AS direct FROM estimation_product_details l LEFT JOIN d ON d.detail = l.id
          WHERE l.product IN (SELECT product FROM d) AND l.deleted_at IS NULL GROUP BY l.product) t
        WHERE p.id = t.product RETURNING p.id, p.estimation, p.unit_price),
      e AS (UPDATE estimations e SET total_cost = t.total
        FROM (SELECT q.estimation, round(sum(q.quantity * coalesce(p.unit_price, q.unit_price)), 2) AS total FROM estimation_products q LEFT JOIN p ON p.id = q.id
          WHERE q.estimation IN (SELECT estimation FROM p) AND q.deleted_at IS NULL GROUP BY q.estimation) t
        WHERE e.id = t.estimation RETURNING e.id)
      SELECT d.*, (SELECT count(*) FROM e) AS estimations FROM d`;
  },
  /** The floor of the profitability report: one pass over the ledger, summed per job order. */
  'ledger-by-job-order': () => sql`SELECT job_order, sum(quantity * coalesce(rate, 0)) AS value
    FROM stock_transactions WHERE job_order IS NOT NULL GROUP BY job_order`,
};

const query = QUERIES[process.env.BENCH_QUERY ?? 'materials'];
if (!query) throw new Error(`BENCH_QUERY must be one of ${Object.keys(QUERIES).join(', ')}`);
// JSON as the API sends it, so both sides pay for the rows they return.
const once = async () => JSON.stringify(await queryRows(database.db, query()));

async function run(seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await once();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

/** The query behind the thinnest HTTP server: what an HTTP call of it costs without the API's framework. */
async function serve(): Promise<void> {
  const server = http.createServer((_request, response) => {
    once().then(
      (body) => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`port ${(server.address() as AddressInfo).port}`);
}

if (process.env.BENCH_SERVE === '1') {
  await serve();
} else {
  try {
    if (runs > 0) {
      // BENCH_WARM_UP=1: a run first, untimed, where the API's side of the comparison has one too.
      if (process.env.BENCH_WARM_UP === '1') await once();
      const seconds: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await once();
        seconds.push((performance.now() - started) / 1000);
      }
      console.log(JSON.stringify({ seconds: seconds.sort((a, b) => a - b)[Math.floor(runs / 2)] }));
    } else {
      await run(WARM_UP_SECONDS);
      const seconds = 5;
      const latencies = (await run(seconds)).sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
      console.log(JSON.stringify({ p50: at(0.5), p99: at(0.99), requestsPerSecond: latencies.length / seconds }));
    }
  } finally {
    await database.close();
  }
}
