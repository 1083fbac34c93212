import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { customers, deliveryNotes, gras, jobOrders, lpos, materials, requisitionDetails, requisitions, stockTransactions, users } from '../../db/schema';
import { JOB_ORDER_STATUSES, jobOrderLabel, type ProductionDepartment } from '../../../domain/job-order';
import {
  AGEING_DAYS,
  CREATED_WEEKS,
  DASHBOARD_LIST_LIMIT,
  PURCHASE_MONTHS,
  PURCHASES_LIST_LIMIT,
  TOP_VENDOR_COUNT,
  WORKSHOP_MATERIAL_DAYS,
  type LandingFigures,
  type PurchasesDashboard,
  type WorkshopDashboard,
  type Workshop,
} from '../../../domain/dashboard';
import { LPO_OPEN_STATUSES } from '../../../domain/lpo';
import type { User } from '../../../domain/user';
import { filterMaterials, issuedToday, issuedTodayWhere, receiptsSince, reorderAmong, reorderLeastCovered } from '../material-reports/service';
import { pendingRequisitionFigures, storesRequisitions } from '../requisitions/service';
import { adjustmentsAwaitingApproval } from '../stock/service';
import { topVendors } from '../vendors/service';
import { stillToCome } from '../vendors/purchases';
import { lpoLate } from '../lpos/due-dates';
import { businessDay, TODAY } from '../../lib/business-day';
import { businessDayOf } from '../../../domain/rules/dates';

/** The last `count` calendar months of `today` as YYYY-MM, oldest first. */
function lastMonths(today: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - count + 1 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** An LPO that counts as bought: neither cancelled nor deleted. */
const liveLpo = and(isNull(lpos.cancelled_at), isNull(lpos.deleted_at))!;

/** The value of live LPOs per month (by LPO date) over the last `count` months, months without any as 0. */
async function monthlyPurchases(db: Db, today: Date, count: number) {
  const months = lastMonths(today, count);
  const rows = await queryRows<{ month: string; total: string }>(db, sql`
    SELECT to_char(${lpos.lpo_date}, 'YYYY-MM') AS month, sum(${lpos.total_amount})::numeric(16,2)::text AS total
    FROM ${lpos} WHERE ${liveLpo} AND ${lpos.lpo_date} >= ${`${months[0]}-01`}::date
    GROUP BY 1`);
  const byMonth = new Map(rows.map((r) => [r.month, r.total]));
  return months.map((month) => ({ month, total: byMonth.get(month) ?? '0.00' }));
}

/** The landing page: job order value and status counts (cancelled excluded), purchases per month. */
export async function landingFigures(db: Db, today = new Date()): Promise<LandingFigures> {
  const statusRows = await queryRows<{ status: string; count: string }>(db, sql`
    SELECT status, count(*)::text AS count
    FROM job_orders WHERE cancelled_at IS NULL GROUP BY status`);
  const byStatus = new Map(statusRows.map((r) => [r.status, r]));
  const valueRow = await queryRows<{ value: string; count: string }>(db, sql`
    SELECT coalesce(sum(total_value), 0)::numeric(16,2)::text AS value, count(*)::text AS count
    FROM job_orders WHERE cancelled_at IS NULL`);
  return {
    job_order_value: valueRow[0]?.value ?? '0.00',
    job_order_count: Number(valueRow[0]?.count ?? 0),
    status_counts: JOB_ORDER_STATUSES.map((s) => ({ status: s.value, label: s.label, count: Number(byStatus.get(s.value)?.count ?? 0) })),
    monthly_purchases: await monthlyPurchases(db, today, 12),
  };
}

/* ------------------------------------------------------------------------------------------
 * The workshop dashboards (docs/decisions.md 118-122).
 * ---------------------------------------------------------------------------------------- */

/** The company works on Indian Standard Time: "today" and a job order's day are Kolkata's. */
const createdDay = businessDay(jobOrders.created_at);

/** What is a workshop's own: its job orders, requisitions and delivery notes (conditions on those tables). */
interface Scope {
  departments: ProductionDepartment[];
  jobOrders: SQL;
  requisitions: SQL;
  notes: SQL;
}

const liveJobOrder = and(isNull(jobOrders.cancelled_at), isNull(jobOrders.deleted_at))!;
const raisedBy = (department: string) => sql`${requisitions.requested_by} IN (SELECT ${users.id} FROM ${users} WHERE ${users.department} = ${department})`;
const ofJobOrders = (column: SQL | PgColumn, jobScope: SQL) => sql`${column} IN (SELECT ${jobOrders.id} FROM ${jobOrders} WHERE ${jobScope})`;

/** The acrylic and trays dashboard is the two shops' (the spec names it after both). */
const ACRYLIC_DEPARTMENTS: ProductionDepartment[] = ['Acrylic', 'Tray'];

function scopeOf(workshop: Workshop, user: User, department: ProductionDepartment | undefined): Scope {
  const inDepartments = (departments: ProductionDepartment[]) => and(liveJobOrder, departments.length ? inArray(jobOrders.production_department, departments) : undefined)!;
  switch (workshop) {
    case 'production': {
      const departments = department ? [department] : [];
      const jobScope = inDepartments(departments);
      return { departments, jobOrders: jobScope, requisitions: department ? ofJobOrders(requisitions.job_order, jobScope) : sql`true`, notes: ofJobOrders(deliveryNotes.job_order, jobScope) };
    }
    case 'foreman':
      // The floor's job orders are everyone's; the requisitions and notes are the foreman's own.
      return { departments: [], jobOrders: liveJobOrder, requisitions: eq(requisitions.requested_by, user.id), notes: eq(deliveryNotes.created_by, user.id) };
    case 'acrylic': {
      const jobScope = inDepartments(ACRYLIC_DEPARTMENTS);
      return { departments: ACRYLIC_DEPARTMENTS, jobOrders: jobScope, requisitions: raisedBy('acrylic'), notes: ofJobOrders(deliveryNotes.job_order, jobScope) };
    }
    case 'metal': {
      // Metal is no production department of a job order: its job orders are those it draws material for.
      const jobScope = and(
        liveJobOrder,
        sql`EXISTS (SELECT 1 FROM ${requisitions} WHERE ${requisitions.job_order} = ${jobOrders.id} AND ${requisitions.deleted_at} IS NULL AND ${raisedBy('metal')})`,
      )!;
      return { departments: [], jobOrders: jobScope, requisitions: raisedBy('metal'), notes: ofJobOrders(deliveryNotes.job_order, jobScope) };
    }
  }
}

/** Job orders matching `where`, oldest first, at most DASHBOARD_LIST_LIMIT, with the count and value of all. */
async function jobOrderList(db: Db, where: SQL) {
  const rows = await db
    .select({
      id: jobOrders.id,
      created_at: jobOrders.created_at,
      customer_name: customers.name,
      production_department: jobOrders.production_department,
      status: jobOrders.status,
      total_value: sql<string>`${jobOrders.total_value}::numeric(16,2)::text`,
      created: sql<string>`to_char(${createdDay}, 'YYYY-MM-DD')`,
      days_open: sql<number>`(${TODAY} - ${createdDay})`.mapWith(Number),
      total_count: sql<number>`count(*) over ()`.mapWith(Number),
      total_value_all: sql<string>`sum(${jobOrders.total_value}) over ()::numeric(16,2)::text`,
    })
    .from(jobOrders)
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .where(where)
    .orderBy(asc(jobOrders.created_at), asc(jobOrders.id))
    .limit(DASHBOARD_LIST_LIMIT);
  return {
    count: rows[0]?.total_count ?? 0,
    value: rows[0]?.total_value_all ?? '0.00',
    results: rows.map(({ total_count: _, total_value_all: __, created_at, ...row }) => ({ ...row, label: jobOrderLabel({ id: row.id, created_at }) })),
  };
}

const LIST_PAGE = { page: 1, pageSize: DASHBOARD_LIST_LIMIT };

/** GET /dashboard/{production,foreman,metal,acrylic}/: the workshop's figures, as of now. */
export async function workshopDashboard(db: Db, user: User, workshop: Workshop, department?: ProductionDepartment): Promise<WorkshopDashboard> {
  const scope = scopeOf(workshop, user, department);
  const [{ today } = { today: '' }] = await queryRows<{ today: string }>(db, sql`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today`);
  const statusRows = await db
    .select({ status: jobOrders.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(jobOrders)
    .where(scope.jobOrders)
    .groupBy(jobOrders.status);
  const weekly = await queryRows<{ week_start: string; count: number }>(
    db,
    sql`SELECT to_char(week, 'YYYY-MM-DD') AS week_start,
          (SELECT count(*)::int FROM ${jobOrders} WHERE ${scope.jobOrders} AND ${createdDay} >= week::date AND ${createdDay} < week::date + 7) AS count
        FROM generate_series(date_trunc('week', ${TODAY}) - make_interval(weeks => ${CREATED_WEEKS - 1}), date_trunc('week', ${TODAY}), interval '1 week') AS week
        ORDER BY week`,
  );
  const { value, ...inProcess } = await jobOrderList(db, and(scope.jobOrders, eq(jobOrders.status, 'in-process'))!);
  const { value: _ageingValue, ...ageing } = await jobOrderList(
    db,
    and(scope.jobOrders, isNull(jobOrders.closed_at), notInArray(jobOrders.status, ['dispatched', 'closed']), sql`${createdDay} <= ${TODAY} - ${AGEING_DAYS}::int`)!,
  );
  const scopeRequisitions = sql`${stockTransactions.requisition} IN (SELECT ${requisitions.id} FROM ${requisitions} WHERE ${scope.requisitions})`;
  const issued = await issuedTodayWhere(db, user, scopeRequisitions, LIST_PAGE);
  const [notes] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(deliveryNotes)
    .where(and(eq(deliveryNotes.status, 'draft'), isNull(deliveryNotes.deleted_at), scope.notes));
  const asked = sql`${materials.id} IN (
    SELECT ${requisitionDetails.material} FROM ${requisitionDetails} INNER JOIN ${requisitions} ON ${requisitions.id} = ${requisitionDetails.requisition}
    WHERE ${requisitionDetails.deleted_at} IS NULL AND ${requisitions.deleted_at} IS NULL
      AND ${requisitions.created_at} >= now() - make_interval(days => ${WORKSHOP_MATERIAL_DAYS}) AND ${scope.requisitions})`;
  const low = await reorderAmong(db, user, asked, LIST_PAGE);

  const byStatus = new Map(statusRows.map((r) => [r.status, r.count]));
  return {
    workshop,
    today,
    production_departments: scope.departments,
    status_counts: JOB_ORDER_STATUSES.map((s) => ({ status: s.value, label: s.label, count: byStatus.get(s.value) ?? 0 })),
    in_process: { ...inProcess, value },
    weekly_created: weekly.map((w) => ({ week_start: w.week_start, count: Number(w.count) })),
    ageing,
    requisitions: await pendingRequisitionFigures(db, scope.requisitions),
    issued_today: { count: issued.count, results: issued.results },
    delivery_notes_awaiting_approval: notes?.count ?? 0,
    low_stock: {
      count: low.count,
      results: low.results.map((m) => ({ id: m.id, name: m.name, unit: m.unit, category_name: m.category_name, available: m.available, reorder_level: m.reorder_level, shortfall: m.shortfall })),
    },
  };
}

/* ------------------------------------------------------------------------------------------
 * The stores and purchase dashboard (docs/decisions.md 130): each figure is the one its own
 * screen or report shows, read through that module's service.
 * ---------------------------------------------------------------------------------------- */

const SHORT_LIST = { page: 1, pageSize: PURCHASES_LIST_LIMIT };
const COUNT_ONLY = { page: 1, pageSize: 1 };

/**
 * LPOs still awaiting goods (LPO_OPEN_STATUSES, live): how many, what is still to come at the
 * ordered rates (each line's unreceived quantity × rate), and how many are late (a line still to come past its due date).
 */
async function lposPendingReceipt(db: Db) {
  const [row] = await queryRows<{ count: number; value: string; overdue: number }>(db, sql`
    SELECT count(*)::int AS count,
      coalesce(sum(${stillToCome}), 0)::numeric(16,2)::text AS value,
      (count(*) FILTER (WHERE ${lpoLate}))::int AS overdue
    FROM ${lpos}
    WHERE ${liveLpo} AND ${inArray(lpos.status, [...LPO_OPEN_STATUSES])}`);
  return { count: Number(row?.count ?? 0), value: row?.value ?? '0.00', overdue: Number(row?.overdue ?? 0) };
}

/** GET /dashboard/purchases/: stores' and purchase's figures, as of now. */
export async function purchasesDashboard(db: Db, user: User): Promise<PurchasesDashboard> {
  const [days] = await queryRows<{ today: string; month_start: string; quarter_start: string }>(db, sql`
    SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today,
      to_char(date_trunc('month', ${TODAY}), 'YYYY-MM-DD') AS month_start,
      to_char(date_trunc('quarter', ${TODAY}), 'YYYY-MM-DD') AS quarter_start`);
  const { today, month_start, quarter_start } = days!;
  const queue = await storesRequisitions(db, {}, SHORT_LIST);
  const reorder = await reorderLeastCovered(db, user, SHORT_LIST);
  const stock = await filterMaterials(db, user, {}, COUNT_ONLY);
  const issued = await issuedToday(db, user, {}, COUNT_ONLY);
  const receipts = await receiptsSince(db, user, month_start);
  const [graCount] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(gras)
    .where(and(isNull(gras.cancelled_at), isNull(gras.deleted_at), sql`${gras.gra_date} >= ${month_start}`));
  const vendors = await topVendors(db, { start_date: quarter_start, end_date: today, limit: TOP_VENDOR_COUNT, by: 'value' });
  const daysAgo = (day: string) => Math.round((Date.parse(today) - Date.parse(day)) / 86_400_000);
  return {
    today,
    stores_queue: {
      count: queue.count,
      results: queue.results.map((r) => {
        const created = businessDayOf(r.created_at);
        return { id: r.id, requisition_type: r.requisition_type, job_order_label: r.job_order_label, customer_name: r.customer_name, requested_by_name: r.requested_by_name, created, days_waiting: daysAgo(created) };
      }),
    },
    reorder: {
      count: reorder.count,
      results: reorder.results.map((m) => ({ id: m.id, name: m.name, unit: m.unit, category_name: m.category_name, available: m.available, reorder_level: m.reorder_level, shortfall: m.shortfall })),
    },
    adjustments_awaiting_approval: await adjustmentsAwaitingApproval(db),
    issued_today: issued.count,
    stock_value: stock.total_value,
    receipts_this_month: { ...receipts, gras: graCount?.count ?? 0 },
    lpos_pending_receipt: await lposPendingReceipt(db),
    monthly_purchases: await monthlyPurchases(db, new Date(`${today}T00:00:00Z`), PURCHASE_MONTHS),
    quarter_start,
    top_vendors: vendors.map((v) => ({ id: v.id, name: v.name, lpo_count: v.lpo_count, total_value: v.total_value })),
  };
}
