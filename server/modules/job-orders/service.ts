import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  JOB_ORDER_MESSAGES,
  jobOrderBucketSchema,
  jobOrderCreateSchema,
  jobOrderItemCreateSchema,
  jobOrderItemUpdateSchema,
  jobOrderLabel,
  jobOrderStatusSchema,
  jobOrderUpdateSchema,
  productionDepartmentSchema,
  type JobOrderListRow,
  type JobOrderView,
} from '../../../domain/job-order';
import type { Db } from '../../db/client';
import { customers, jobOrderItems, jobOrders, jobOrderStatusHistory, users } from '../../db/schema';
import { byId, byValue, escapeLike, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { findRow, publicRow } from '../../lib/rows';
import { userName } from '../users/names';
import { businessDay } from '../../lib/business-day';

/**
 * Job orders (business-areas.md §3, §4, §7 "Job orders"): the production order raised from a
 * customer's purchase order, its products, its way through the statuses and desks (every step
 * kept in job_order_status_history), closing with the invoice, and its reports. Money is summed
 * and multiplied by the database in exact numeric.
 */

export type JobOrderRow = typeof jobOrders.$inferSelect;
export type JobOrderPublic = Omit<JobOrderRow, 'txid'>;
export type CreateInput = z.output<typeof jobOrderCreateSchema>;
export type UpdateInput = Omit<z.output<typeof jobOrderUpdateSchema>, 'expected_version'>;
export type ItemInput = z.output<typeof jobOrderItemCreateSchema>;
export type ItemUpdateInput = Omit<z.output<typeof jobOrderItemUpdateSchema>, 'expected_version'>;

/** The company works on Indian Standard Time: a job order raised at 01:00 IST belongs to that day. */
const isCancelled = isNotNull(jobOrders.cancelled_at);
export const isLive = and(isNull(jobOrders.deleted_at), isNull(jobOrders.cancelled_at))!;
export const money = (value: SQL) => sql<string>`round(coalesce(${value}, 0), 2)::text`;

/** The list machinery's view of job orders: the mirror's list (updated_since), list/, filter/, closed/, list/cancelled/. */
export const jobOrderList: ListSpec<typeof jobOrders> = {
  table: jobOrders,
  pageSize: 15,
  orderings: { id: jobOrders.id, created_at: jobOrders.created_at, updated_at: jobOrders.updated_at, status: jobOrders.status, customer: jobOrders.customer },
  defaultOrdering: '-id',
  search: [jobOrders.purchase_order, jobOrders.contact_person],
  filters: {
    status: byValue(jobOrders.status, jobOrderStatusSchema),
    bucket: byValue(jobOrders.bucket, jobOrderBucketSchema),
    customer: byId(jobOrders.customer),
    branch: byId(jobOrders.branch),
    sales_executive: byId(jobOrders.sales_executive),
    production_department: byValue(jobOrders.production_department, productionDepartmentSchema),
    purchase_order: filter(z.string().trim().max(100), (v) => (v ? ilike(jobOrders.purchase_order, `%${escapeLike(v)}%`) : undefined)),
    start_date: fromDate(businessDay(jobOrders.created_at)),
    end_date: toDate(businessDay(jobOrders.created_at)),
  },
};

/** Which rows each list path shows (the ListSpec's `scope`). */
export const JOB_ORDER_LIST_SCOPES = {
  /** list/ and filter/: the job orders in work or done; cancelled ones have their own list. */
  live: isNull(jobOrders.cancelled_at),
  cancelled: isCancelled,
  closed: and(eq(jobOrders.status, 'closed'), isNull(jobOrders.cancelled_at))!,
} as const;

export const findJobOrder = (db: Db, id: number) => findRow(db, jobOrders, id);

/**
 * List rows of the job orders the list machinery picked, in its order: with their label and the
 * names of their customer and sales executive, so a device shows names, offline too.
 */
export async function describeJobOrders(db: Db, rows: readonly JobOrderRow[]): Promise<JobOrderListRow[]> {
  if (!rows.length) return [];
  const [customerNames, executiveNames] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(inArray(customers.id, [...new Set(rows.map((r) => r.customer))])),
    db
      .select({ id: users.id, name: userName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.sales_executive))])),
  ]);
  const customerOf = new Map(customerNames.map((c) => [c.id, c.name]));
  const executiveOf = new Map(executiveNames.map((u) => [u.id, u.name]));
  return rows.map((row) => ({
    ...publicRow(row),
    customer_name: customerOf.get(row.customer) ?? '',
    sales_executive_name: executiveOf.get(row.sales_executive) ?? '',
    label: jobOrderLabel(row),
  }));
}

/** GET {id}/: the job order, its live products and its history, newest step first. */
export async function jobOrderView(db: Db, id: number): Promise<JobOrderView> {
  const row = await findJobOrder(db, id);
  const [described] = await describeJobOrders(db, [row]);
  const { txid: _, ...itemColumns } = getTableColumns(jobOrderItems);
  const { txid: __, ...historyColumns } = getTableColumns(jobOrderStatusHistory);
  const items = await db
    .select(itemColumns)
    .from(jobOrderItems)
    .where(and(eq(jobOrderItems.job_order, id), isNull(jobOrderItems.deleted_at)))
    .orderBy(asc(jobOrderItems.id));
  const history = await db
    .select({ ...historyColumns, changed_by_name: sql<string | null>`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${userName} END` })
    .from(jobOrderStatusHistory)
    .leftJoin(users, eq(users.id, jobOrderStatusHistory.changed_by))
    .where(eq(jobOrderStatusHistory.job_order, id))
    .orderBy(desc(jobOrderStatusHistory.changed_at), desc(jobOrderStatusHistory.id));
  return { ...described!, items, status_history: history };
}

/* ---------------------------------------------------------------------------------------------
 * Checks
 * ------------------------------------------------------------------------------------------- */

/** exists/: the live (not cancelled) job orders of a customer's purchase order, so one PO is not entered twice. */
export async function purchaseOrderExists(db: Db, customer: number, purchaseOrder: string) {
  const rows = await db
    .select({ id: jobOrders.id })
    .from(jobOrders)
    .where(and(isLive, eq(jobOrders.customer, customer), sql`lower(${jobOrders.purchase_order}) = lower(${purchaseOrder})`))
    .orderBy(asc(jobOrders.id));
  return { exists: rows.length > 0, job_orders: rows.map((r) => r.id) };
}

/** validate_job_order/{id}/?customer=: a job order may be used for a customer if it is theirs and still open. */
export async function validateForCustomer(db: Db, id: number, customer: number) {
  const [row] = await db
    .select()
    .from(jobOrders)
    .where(and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at)));
  if (!row) return { valid: false, message: JOB_ORDER_MESSAGES.notFound };
  if (row.customer !== customer) return { valid: false, message: JOB_ORDER_MESSAGES.otherCustomer };
  if (row.cancelled_at) return { valid: false, message: JOB_ORDER_MESSAGES.cancelled };
  if (row.status === 'closed') return { valid: false, message: JOB_ORDER_MESSAGES.closed };
  return { valid: true, message: JOB_ORDER_MESSAGES.valid };
}
