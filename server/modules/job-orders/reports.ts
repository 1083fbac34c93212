import { and, asc, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  JOB_ORDER_AGEING_BUCKETS,
  JOB_ORDER_STATUSES,
  jobOrderLabel,
  type JobOrderFilterQuery,
  type JobOrderProfitabilityRow,
  type JobOrderStatusWiseAgeingRow,
  type JobOrderStatusWiseDetailedRow,
  type JobOrderValuationRow,
} from '../../../domain/job-order';
import type { Db } from '../../db/client';
import { customers, jobOrderExpenses, jobOrders, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { escapeLike } from '../../lib/list';
import { pageRows, type Paging, type Slice } from '../../lib/pagination';
import { materialCostByJobOrder } from '../material-reports/reports';
import { userName } from '../users/names';
import { isLive, money } from './service';
import { businessDay, TODAY } from '../../lib/business-day';

/* ---------------------------------------------------------------------------------------------
 * Reports: over live (not cancelled) job orders matching the filter query.
 * ------------------------------------------------------------------------------------------- */

export function reportWhere(q: JobOrderFilterQuery): SQL {
  return and(
    isLive,
    q.start_date === undefined ? undefined : sql`${businessDay(jobOrders.created_at)} >= ${q.start_date}`,
    q.end_date === undefined ? undefined : sql`${businessDay(jobOrders.created_at)} <= ${q.end_date}`,
    q.customer === undefined ? undefined : eq(jobOrders.customer, q.customer),
    q.branch === undefined ? undefined : eq(jobOrders.branch, q.branch),
    q.sales_executive === undefined ? undefined : eq(jobOrders.sales_executive, q.sales_executive),
    q.status === undefined ? undefined : eq(jobOrders.status, q.status),
    q.bucket === undefined ? undefined : eq(jobOrders.bucket, q.bucket),
    q.production_department === undefined ? undefined : eq(jobOrders.production_department, q.production_department),
    q.purchase_order ? ilike(jobOrders.purchase_order, `%${escapeLike(q.purchase_order)}%`) : undefined,
  )!;
}

/** valuation/sales_executive_wise/ */
export async function valuationBySalesExecutive(db: Db, q: JobOrderFilterQuery): Promise<JobOrderValuationRow[]> {
  const closed = sql`${jobOrders.status} = 'closed'`;
  return db
    .select({
      sales_executive: jobOrders.sales_executive,
      sales_executive_name: userName,
      job_orders: sql<number>`count(*)::int`,
      total_value: money(sql`sum(${jobOrders.total_value})`),
      open_value: money(sql`sum(${jobOrders.total_value}) FILTER (WHERE NOT ${closed})`),
      invoiced_value: money(sql`sum(${jobOrders.invoice_amount}) FILTER (WHERE ${closed})`),
    })
    .from(jobOrders)
    .innerJoin(users, eq(users.id, jobOrders.sales_executive))
    .where(reportWhere(q))
    .groupBy(jobOrders.sales_executive, users.id)
    .orderBy(desc(sql`sum(${jobOrders.total_value})`), asc(jobOrders.sales_executive));
}

const ageDays = sql<number>`(${TODAY} - ${businessDay(jobOrders.created_at)})::int`;

/** statuswise/detailed/: every status in the order of §4, with its job orders, oldest first. */
export async function statusWiseDetailed(db: Db, q: JobOrderFilterQuery): Promise<JobOrderStatusWiseDetailedRow[]> {
  const rows = await db
    .select({
      id: jobOrders.id,
      status: jobOrders.status,
      created_at: jobOrders.created_at,
      customer_name: customers.name,
      sales_executive_name: userName,
      bucket: jobOrders.bucket,
      total_value: jobOrders.total_value,
      age_days: ageDays,
      status_total: money(sql`sum(${jobOrders.total_value}) over (partition by ${jobOrders.status})`),
    })
    .from(jobOrders)
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .innerJoin(users, eq(users.id, jobOrders.sales_executive))
    .where(reportWhere(q))
    .orderBy(asc(jobOrders.created_at), asc(jobOrders.id));
  return JOB_ORDER_STATUSES.map(({ value, label }) => {
    const mine = rows.filter((r) => r.status === value);
    return {
      status: value,
      status_label: label,
      count: mine.length,
      total_value: mine[0]?.status_total ?? '0.00',
      job_orders: mine.map(({ status: _, status_total: __, ...r }) => ({ ...r, label: jobOrderLabel(r) })),
    };
  });
}

/** The age bucket of a number of days, as SQL (JOB_ORDER_AGEING_BUCKETS). */
const ageBucket = sql<string>`CASE WHEN ${ageDays} <= 30 THEN '0-30' WHEN ${ageDays} <= 60 THEN '31-60' WHEN ${ageDays} <= 90 THEN '61-90' ELSE 'over-90' END`;

/** statuswise/ageing/: per status still in work (closed ones have finished ageing), counts and value by age. */
export async function statusWiseAgeing(db: Db, q: JobOrderFilterQuery): Promise<JobOrderStatusWiseAgeingRow[]> {
  const rows = await db
    .select({ status: jobOrders.status, bucket: ageBucket, count: sql<number>`count(*)::int`, value: money(sql`sum(${jobOrders.total_value})`) })
    .from(jobOrders)
    .where(and(reportWhere(q), ne(jobOrders.status, 'closed')))
    .groupBy(jobOrders.status, ageBucket);
  const [totals] = await db
    .select({ rows: sql<{ status: string; count: number; value: string }[]>`coalesce(json_agg(t), '[]')` })
    .from(
      db
        .select({ status: jobOrders.status, count: sql<number>`count(*)::int`.as('count'), value: money(sql`sum(${jobOrders.total_value})`).as('value') })
        .from(jobOrders)
        .where(and(reportWhere(q), ne(jobOrders.status, 'closed')))
        .groupBy(jobOrders.status)
        .as('t'),
    );
  return JOB_ORDER_STATUSES.filter((s) => s.value !== 'closed').map(({ value, label }) => {
    const cell = (bucket: string) => {
      const row = rows.find((r) => r.status === value && r.bucket === bucket);
      return { count: row?.count ?? 0, value: row?.value ?? '0.00' };
    };
    const total = totals!.rows.find((t) => t.status === value);
    return {
      status: value,
      status_label: label,
      buckets: Object.fromEntries(JOB_ORDER_AGEING_BUCKETS.map((b) => [b.value, cell(b.value)])) as JobOrderStatusWiseAgeingRow['buckets'],
      total: { count: total?.count ?? 0, value: total ? String(total.value) : '0.00' },
    };
  });
}

/* Profitability */

/** Per job order, its approved expenses: a subquery (job_order, expense_cost) for the reports to join beside materialCostByJobOrder. */
export function expenseCostByJobOrder(db: Db) {
  return db
    .select({ job_order: jobOrderExpenses.job_order, expense_cost: sql<string>`sum(${jobOrderExpenses.amount})`.as('expense_cost') })
    .from(jobOrderExpenses)
    .where(and(eq(jobOrderExpenses.status, 'APPROVED'), isNull(jobOrderExpenses.deleted_at)))
    .groupBy(jobOrderExpenses.job_order)
    .as('expense_cost');
}

/**
 * Profitability rows of the job orders matching `where`, with the totals over all of them.
 * Revenue is the invoice amount once closed with an invoice, else the job order's value.
 */
async function profitability(db: Db, where: SQL, paging?: Paging): Promise<Slice<JobOrderProfitabilityRow> & { totals: Omit<JobOrderProfitabilityRow, 'job_order' | 'label' | 'customer_name' | 'status'> }> {
  const materialCost = materialCostByJobOrder(db);
  const expenseCost = expenseCostByJobOrder(db);
  const revenue = sql`CASE WHEN ${jobOrders.status} = 'closed' AND ${jobOrders.invoice_amount} IS NOT NULL THEN ${jobOrders.invoice_amount} ELSE ${jobOrders.total_value} END`;
  const material = sql`coalesce(${materialCost.material_cost}, 0)`;
  const expense = sql`coalesce(${expenseCost.expense_cost}, 0)`;
  const cost = sql`(${material} + ${expense})`;
  const percent = (margin: SQL, rev: SQL) => sql<string | null>`CASE WHEN ${rev} > 0 THEN round((${margin}) * 100 / (${rev}), 2)::text END`;
  const query = db
    .select({
      job_order: jobOrders.id,
      created_at: jobOrders.created_at,
      customer_name: customers.name,
      status: jobOrders.status,
      revenue: money(revenue),
      material_cost: money(material),
      expense_cost: money(expense),
      total_cost: money(cost),
      margin: money(sql`${revenue} - ${cost}`),
      margin_percent: percent(sql`${revenue} - ${cost}`, revenue),
      total_count: sql<number>`(count(*) over ())::int`,
      t_revenue: money(sql`sum(${revenue}) over ()`),
      t_material: money(sql`sum(${material}) over ()`),
      t_expense: money(sql`sum(${expense}) over ()`),
      t_cost: money(sql`sum(${cost}) over ()`),
      t_margin: money(sql`sum(${revenue} - ${cost}) over ()`),
      t_percent: percent(sql`sum(${revenue} - ${cost}) over ()`, sql`sum(${revenue}) over ()`),
    })
    .from(jobOrders)
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .leftJoin(materialCost, eq(materialCost.job_order, jobOrders.id))
    .leftJoin(expenseCost, eq(expenseCost.job_order, jobOrders.id))
    .where(where)
    .orderBy(desc(jobOrders.id))
    .$dynamic();
  const rows = await pageRows(query, paging);
  const first = rows[0];
  return {
    count: first?.total_count ?? 0,
    totals: {
      revenue: first?.t_revenue ?? '0.00',
      material_cost: first?.t_material ?? '0.00',
      expense_cost: first?.t_expense ?? '0.00',
      total_cost: first?.t_cost ?? '0.00',
      margin: first?.t_margin ?? '0.00',
      margin_percent: first?.t_percent ?? null,
    },
    results: rows.map(({ total_count: _, t_revenue: _r, t_material: _m, t_expense: _e, t_cost: _c, t_margin: _g, t_percent: _p, created_at, ...row }) => ({
      ...row,
      label: jobOrderLabel({ id: row.job_order, created_at }),
    })),
  };
}

/** profitability/: the job orders matching the filters, newest first, with totals over all of them. */
export const profitabilityReport = (db: Db, q: JobOrderFilterQuery, paging: Paging) => profitability(db, reportWhere(q), paging);

/** profitability/{id}/: one job order (a cancelled one too: what it cost is still of interest). */
export async function jobOrderProfitability(db: Db, id: number): Promise<JobOrderProfitabilityRow> {
  const { results } = await profitability(db, and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at))!);
  if (!results[0]) throw notFound();
  return results[0];
}
