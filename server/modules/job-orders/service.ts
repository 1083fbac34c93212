import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { customerBranches, customers, deliveryNoteItems, deliveryNotes, jobOrderExpenses, jobOrderItems, jobOrders, jobOrderStatusHistory, quotations, requisitions, salesOrderItems, salesOrders, users } from '../../db/schema';
import {
  JOB_ORDER_AGEING_BUCKETS,
  JOB_ORDER_CANCELLED_STEP,
  JOB_ORDER_DEFAULTS,
  JOB_ORDER_MESSAGES,
  JOB_ORDER_STATUSES,
  jobOrderBucketRefusal,
  jobOrderBucketSchema,
  jobOrderCancelRefusal,
  jobOrderCreateSchema,
  jobOrderItemCreateSchema,
  jobOrderItemUpdateSchema,
  jobOrderUpdateSchema,
  jobOrderCloseRefusal,
  jobOrderLabel,
  jobOrderStatusRefusal,
  jobOrderStatusSchema,
  productionDepartmentSchema,
  type JobOrderBucket,
  type JobOrderFilterQuery,
  type JobOrderHistoryKind,
  type JobOrderListRow,
  type JobOrderProfitabilityRow,
  type JobOrderStatus,
  type JobOrderStatusWiseAgeingRow,
  type JobOrderStatusWiseDetailedRow,
  type JobOrderValuationRow,
  type JobOrderView,
} from '../../../domain/job-order';
import type { User } from '../../../domain/user';
import { badRequest, fieldError, notFound, type FieldErrors } from '../../lib/http-error';
import { byId, byValue, escapeLike, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { checkEdit } from '../../lib/row-rules';
import { findRow, publicRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { materialCostByJobOrder } from '../material-reports/service';
import { isPending } from '../requisitions/service';
import { pageOf, type Paging, type Slice } from '../../lib/pagination';

/**
 * Job orders (business-areas.md §3, §4, §7 "Job orders"): the production order raised from a
 * customer's purchase order, its products, its way through the statuses and desks (every step
 * kept in job_order_status_history), closing with the invoice, and its reports. Money is summed
 * and multiplied by the database in exact numeric.
 */

type JobOrderRow = typeof jobOrders.$inferSelect;
export type JobOrderPublic = Omit<JobOrderRow, 'txid'>;
type CreateInput = z.output<typeof jobOrderCreateSchema>;
type UpdateInput = Omit<z.output<typeof jobOrderUpdateSchema>, 'expected_version'>;
type ItemInput = z.output<typeof jobOrderItemCreateSchema>;
type ItemUpdateInput = Omit<z.output<typeof jobOrderItemUpdateSchema>, 'expected_version'>;

/** The company works on Indian Standard Time: a job order raised at 01:00 IST belongs to that day. */
const businessDay = (column: SQL | PgColumn) => sql`(${column} AT TIME ZONE 'Asia/Kolkata')::date`;
const userName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username})`;
const isCancelled = isNotNull(jobOrders.cancelled_at);
const isLive = and(isNull(jobOrders.deleted_at), isNull(jobOrders.cancelled_at))!;
const money = (value: SQL) => sql<string>`round(coalesce(${value}, 0), 2)::text`;

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

/** List rows (customer name and label) of the job orders the list machinery picked, in its order. */
export async function describeJobOrders(db: Db, rows: readonly JobOrderRow[]): Promise<JobOrderListRow[]> {
  if (!rows.length) return [];
  const names = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, [...new Set(rows.map((r) => r.customer))]));
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  return rows.map((row) => ({ ...publicRow(row), customer_name: nameOf.get(row.customer) ?? '', label: jobOrderLabel(row) }));
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
 * Writes
 * ------------------------------------------------------------------------------------------- */

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;
const now = <T>() => sql`now()` as unknown as T;
const refuse = (message: string) => badRequest({ non_field_errors: [message] });

/** The job order locked for the rest of the transaction (cancelled ones too, so refusals can say why). */
async function lockJobOrder(tx: Db, id: number): Promise<JobOrderRow> {
  const [row] = await tx
    .select()
    .from(jobOrders)
    .where(and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The job order locked for an edit of its main fields or products: only by those its row rule
 * lets change it (a sales executive: their own), and neither cancelled nor closed.
 */
async function lockEditableJobOrder(tx: Db, actor: User, id: number): Promise<JobOrderRow> {
  const row = await lockJobOrder(tx, id);
  checkEdit('jobOrder', actor, row);
  refuseIfFinished(row);
  return row;
}

/** A cancelled or closed job order takes no edits. */
function refuseIfFinished(row: JobOrderRow): void {
  if (row.cancelled_at) throw refuse(JOB_ORDER_MESSAGES.cancelled);
  if (row.status === 'closed') throw refuse(JOB_ORDER_MESSAGES.closed);
}

async function recordStep(tx: Db, actor: User, jobOrder: number, kind: JobOrderHistoryKind, from: string | null, to: string, remark = ''): Promise<void> {
  await tx.insert(jobOrderStatusHistory).values({ job_order: jobOrder, kind, from, to, remark, changed_by: actor.id, created_by: actor.id });
}

/** Field errors for references that name no live row, so a form hears about each at once. */
async function referenceProblems(tx: Db, input: Partial<Pick<CreateInput, 'customer' | 'branch' | 'sales_executive' | 'quotation' | 'sales_order'>>, customer: number): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const check = async (field: string, id: number | null | undefined, exists: (id: number) => Promise<unknown[]>) => {
    if (id != null && !(await exists(id)).length) problems[field] = [invalidPk(id)];
  };
  await check('customer', input.customer, (id) => tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)));
  await check('sales_executive', input.sales_executive, (id) => tx.select({ id: users.id }).from(users).where(eq(users.id, id)));
  await check('quotation', input.quotation, (id) => tx.select({ id: quotations.id }).from(quotations).where(and(eq(quotations.id, id), isNull(quotations.deleted_at))));
  await check('sales_order', input.sales_order, (id) => tx.select({ id: salesOrders.id }).from(salesOrders).where(and(eq(salesOrders.id, id), isNull(salesOrders.deleted_at))));
  if (input.branch != null) {
    const [branch] = await tx.select({ customer: customerBranches.customer }).from(customerBranches).where(eq(customerBranches.id, input.branch));
    if (!branch) problems.branch = [invalidPk(input.branch)];
    else if (branch.customer !== customer) problems.branch = ['This branch belongs to another customer.'];
  }
  return problems;
}

async function itemProblems(tx: Db, items: readonly Pick<ItemInput, 'sales_order_item'>[], prefix: (i: number) => string): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  for (const [i, item] of items.entries()) {
    if (item.sales_order_item == null) continue;
    const [found] = await tx
      .select({ id: salesOrderItems.id })
      .from(salesOrderItems)
      .where(and(eq(salesOrderItems.id, item.sales_order_item), isNull(salesOrderItems.deleted_at)));
    if (!found) problems[`${prefix(i)}sales_order_item`] = [invalidPk(item.sales_order_item)];
  }
  return problems;
}

function throwIfAny(...groups: FieldErrors[]): void {
  const all = Object.assign({}, ...groups) as FieldErrors;
  if (Object.keys(all).length) throw badRequest(all);
}

/** quantity × unit price, rounded to paise, by the database. */
const amountOf = (quantity: string | SQL, unitPrice: string | SQL) => sql<string>`round(${quantity}::numeric * ${unitPrice}::numeric, 2)`;

/** `total_value` follows the live products; writing it also moves the job order's version and sync cursor. */
async function settleTotal(tx: Db, id: number): Promise<void> {
  await tx
    .update(jobOrders)
    .set({ total_value: sql`(SELECT coalesce(sum(${jobOrderItems.amount}), 0) FROM ${jobOrderItems} WHERE ${jobOrderItems.job_order} = ${id} AND ${jobOrderItems.deleted_at} IS NULL)` })
    .where(eq(jobOrders.id, id));
}

const itemValues = (jobOrder: number, actor: User, item: ItemInput) => ({
  job_order: jobOrder,
  product: item.product,
  description: item.description,
  quantity: item.quantity,
  unit_price: item.unit_price,
  amount: amountOf(item.quantity, item.unit_price) as unknown as string,
  sales_order_item: item.sales_order_item ?? null,
  created_by: actor.id,
});

/** create/: a job order with its products, starting Created in the Sales bucket. */
export async function createJobOrder(db: Db, actor: User, input: CreateInput): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      throwIfAny(
        await referenceProblems(tx, input, input.customer),
        await itemProblems(tx, input.job_order_items, (i) => `job_order_items.${i}.`),
      );
      const { job_order_items: items, ...fields } = input;
      const [row] = await tx
        .insert(jobOrders)
        .values({
          ...fields,
          ...JOB_ORDER_DEFAULTS,
          branch: fields.branch ?? null,
          quotation: fields.quotation ?? null,
          sales_order: fields.sales_order ?? null,
          production_department: fields.production_department ?? null,
          purchase_order_date: fields.purchase_order_date ?? null,
          total_value: sql`(SELECT sum(${sql.join(
            items.map((item) => amountOf(item.quantity, item.unit_price)),
            sql` + `,
          )}))` as unknown as string,
          created_by: actor.id,
        })
        .returning();
      await tx.insert(jobOrderItems).values(items.map((item) => itemValues(row!.id, actor, item)));
      await recordStep(tx, actor, row!.id, 'status', null, JOB_ORDER_DEFAULTS.status);
      await recordStep(tx, actor, row!.id, 'bucket', null, JOB_ORDER_DEFAULTS.bucket);
      return jobOrderView(tx, row!.id);
    },
    (view) => ({ action: 'job_order.create', target: `job_orders:${view.id}`, risk: 'low', metadata: { customer: view.customer, items: view.items.length, total_value: view.total_value } }),
  );
}

/** PATCH update/main/{id}/: the main fields, while the job order is neither cancelled nor closed. */
export async function updateJobOrder(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined): Promise<JobOrderPublic> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockEditableJobOrder(tx, actor, id);
      // Nor may a sales executive hand the job order to another sales executive.
      checkEdit('jobOrder', actor, { ...row, sales_executive: input.sales_executive ?? row.sales_executive });
      const customer = input.customer ?? row.customer;
      // A new customer needs a branch of its own: the old one is checked against it too.
      const branch = input.branch === undefined && input.customer !== undefined ? row.branch : input.branch;
      throwIfAny(await referenceProblems(tx, { ...input, branch }, customer));
      return publicRow(await updateRow(tx, jobOrders, id, input as Partial<typeof jobOrders.$inferInsert>, expected));
    },
    (row) => ({ action: 'job_order.update', target: `job_orders:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) } }),
  );
}

/** add/product/{id}/: one more product on a job order in work. */
export async function addProduct(db: Db, actor: User, id: number, input: ItemInput): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockEditableJobOrder(tx, actor, id);
      throwIfAny(await itemProblems(tx, [input], () => ''));
      await tx.insert(jobOrderItems).values(itemValues(id, actor, input));
      await settleTotal(tx, id);
      return jobOrderView(tx, id);
    },
    (view) => ({ action: 'job_order_item.create', target: `job_orders:${view.id}`, risk: 'low', metadata: { product: input.product, total_value: view.total_value } }),
  );
}

async function itemOf(tx: Db, actor: User, itemId: number) {
  const item = await findRow(tx, jobOrderItems, itemId);
  return { item, jobOrder: await lockEditableJobOrder(tx, actor, item.job_order) };
}

/** PUT update/product/{id}/ (a product's id): its fields; the amount and the job order's value follow. */
export async function updateProduct(db: Db, actor: User, itemId: number, input: ItemUpdateInput, expected: number | undefined): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { item, jobOrder } = await itemOf(tx, actor, itemId);
      throwIfAny(await itemProblems(tx, [input], () => ''));
      const quantity = input.quantity ?? item.quantity;
      const unitPrice = input.unit_price ?? item.unit_price;
      await updateRow(tx, jobOrderItems, itemId, { ...input, amount: amountOf(quantity, unitPrice) as unknown as string }, expected);
      await settleTotal(tx, jobOrder.id);
      return jobOrderView(tx, jobOrder.id);
    },
    (view) => ({ action: 'job_order_item.update', target: `job_order_items:${itemId}`, risk: 'low', metadata: { job_order: view.id, total_value: view.total_value } }),
  );
}

/** PUT job_order_items/delete/{id}/: removes a product no live delivery note carries; a job order keeps at least one. */
export async function deleteProduct(db: Db, actor: User, itemId: number, expected: number | undefined): Promise<JobOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { jobOrder } = await itemOf(tx, actor, itemId);
      const [delivered] = await tx
        .select({ id: deliveryNoteItems.id })
        .from(deliveryNoteItems)
        .innerJoin(deliveryNotes, eq(deliveryNotes.id, deliveryNoteItems.delivery_note))
        .where(and(eq(deliveryNoteItems.job_order_item, itemId), isNull(deliveryNoteItems.deleted_at), isNull(deliveryNotes.deleted_at)))
        .limit(1);
      if (delivered) throw refuse(JOB_ORDER_MESSAGES.deliveredItem);
      const others = await tx
        .select({ id: jobOrderItems.id })
        .from(jobOrderItems)
        .where(and(eq(jobOrderItems.job_order, jobOrder.id), isNull(jobOrderItems.deleted_at), ne(jobOrderItems.id, itemId)));
      if (!others.length) throw refuse(JOB_ORDER_MESSAGES.lastItem);
      await updateRow(tx, jobOrderItems, itemId, { deleted_at: now() }, expected);
      await settleTotal(tx, jobOrder.id);
      return jobOrderView(tx, jobOrder.id);
    },
    (view) => ({ action: 'job_order_item.delete', target: `job_order_items:${itemId}`, risk: 'medium', metadata: { job_order: view.id, total_value: view.total_value } }),
  );
}

/** The pending requisitions (REQUISITION_PENDING_STATES) raised against the job order or with a line for it. */
export async function activeRequisitions(db: Db, jobOrder: number): Promise<number[]> {
  const rows = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(
      and(
        isPending,
        or(
          eq(requisitions.job_order, jobOrder),
          sql`EXISTS (SELECT 1 FROM requisition_details d WHERE d.requisition = ${requisitions.id} AND d.deleted_at IS NULL AND d.job_order = ${jobOrder})`,
        ),
      ),
    )
    .orderBy(asc(requisitions.id));
  return rows.map((r) => r.id);
}

/** has-active-requisitions/{id}/ */
export async function activeRequisitionsVerdict(db: Db, id: number) {
  await findJobOrder(db, id);
  const ids = await activeRequisitions(db, id);
  return { has_active_requisitions: ids.length > 0, requisitions: ids };
}

async function refuseWithActiveRequisitions(tx: Db, id: number): Promise<void> {
  const ids = await activeRequisitions(tx, id);
  if (ids.length) throw refuse(`${JOB_ORDER_MESSAGES.activeRequisitions} Requisitions: ${ids.join(', ')}.`);
}

type JobOrderHistoryStep = { kind: JobOrderHistoryKind; from: string | null; to: string; remark?: string };

/** One change of a job order's own row: what stops it, what it writes, what the history and the audit say. */
interface JobOrderStep {
  /** Why the job order may not take the step as it stands now (a refusal), or null; may throw an error of its own. */
  refusal: (row: JobOrderRow) => string | null;
  /** Ending the job order (cancel, close) is refused while its requisitions are still being served. */
  ends?: boolean;
  values: (row: JobOrderRow) => Partial<typeof jobOrders.$inferInsert>;
  history?: (row: JobOrderRow) => JobOrderHistoryStep;
  audit: { action: string; risk: 'low' | 'medium' | 'high'; metadata?: Record<string, unknown> };
}

/**
 * A change of the job order's own row after a check of where it stands: checked, written at the
 * expected version, recorded in the history and audited in one transaction.
 */
async function step(db: Db, actor: User, id: number, expected: number | undefined, change: JobOrderStep): Promise<JobOrderPublic> {
  const { audit } = change;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockJobOrder(tx, id);
      const refusal = change.refusal(row);
      if (refusal) throw refuse(refusal);
      if (change.ends) await refuseWithActiveRequisitions(tx, id);
      const history = change.history?.(row);
      const updated = await updateRow(tx, jobOrders, id, change.values(row), expected);
      if (history) await recordStep(tx, actor, id, history.kind, history.from, history.to, history.remark);
      return publicRow(updated);
    },
    (row) => ({ action: `job_order.${audit.action}`, target: `job_orders:${row.id}`, risk: audit.risk, metadata: { status: row.status, bucket: row.bucket, ...audit.metadata } }),
  );
}

/** POST update/status/{id}/: one step along JOB_ORDER_STATUS_FLOW. */
export const changeStatus = (db: Db, actor: User, id: number, next: JobOrderStatus, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: (row) => jobOrderStatusRefusal(row, next),
    values: () => ({ status: next }),
    history: (row) => ({ kind: 'status', from: row.status, to: next }),
    audit: { action: 'status', risk: 'low', metadata: { new_status: next } },
  });

/** POST update/bucket/{id}/: to another desk; back to an earlier one only with a reject remark. */
export const changeBucket = (db: Db, actor: User, id: number, next: JobOrderBucket, rejectRemark: string, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: (row) => jobOrderBucketRefusal(row, next, rejectRemark),
    values: () => ({ bucket: next, reject_remark: rejectRemark || null }),
    history: (row) => ({ kind: 'bucket', from: row.bucket, to: next, remark: rejectRemark }),
    audit: { action: 'bucket', risk: 'low', metadata: { new_bucket: next, reject_remark: rejectRemark } },
  });

/** PUT cancel/{id}/: the customer called it off; refused while requisitions are still being served. */
export const cancelJobOrder = (db: Db, actor: User, id: number, closureRemarks: string, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: jobOrderCancelRefusal,
    ends: true,
    values: () => ({ cancelled_at: now(), closure_remarks: closureRemarks }),
    history: (row) => ({ kind: 'status', from: row.status, to: JOB_ORDER_CANCELLED_STEP, remark: closureRemarks }),
    audit: { action: 'cancel', risk: 'medium', metadata: { closure_remarks: closureRemarks } },
  });

type InvoiceDetails = { invoice: string; invoice_date: string; invoice_amount: string };

/** PUT close/{id}/: a dispatched job order is closed with its invoice; refused while requisitions are still being served. */
export const closeJobOrder = (db: Db, actor: User, id: number, input: InvoiceDetails & { closure_remarks: string }, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: jobOrderCloseRefusal,
    ends: true,
    values: () => ({ ...input, status: 'closed', closed_at: now() }),
    history: (row) => ({ kind: 'status', from: row.status, to: 'closed', remark: input.closure_remarks }),
    audit: { action: 'close', risk: 'medium', metadata: { invoice: input.invoice, invoice_amount: input.invoice_amount } },
  });

/** PATCH update/main/invoice-details/{id}/: corrects the invoice of a closed job order. */
export const updateInvoiceDetails = (db: Db, actor: User, id: number, input: InvoiceDetails, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: (row) => (row.cancelled_at ? JOB_ORDER_MESSAGES.cancelled : row.status !== 'closed' ? JOB_ORDER_MESSAGES.invoiceOnlyClosed : null),
    values: () => input,
    audit: { action: 'invoice_details', risk: 'medium', metadata: { ...input } },
  });

/** PATCH advance-amount/{id}/: the advance the customer has paid so far (the amount replaces the recorded one). */
export const setAdvanceAmount = (db: Db, actor: User, id: number, input: { job_order_id?: number; amount: string }, expected: number | undefined) =>
  step(db, actor, id, expected, {
    refusal: (row) => {
      if (input.job_order_id !== undefined && input.job_order_id !== id) throw fieldError('job_order_id', 'This is not the job order of the address.');
      return row.cancelled_at ? JOB_ORDER_MESSAGES.cancelled : null;
    },
    values: () => ({ advance_amount: input.amount }),
    audit: { action: 'advance_amount', risk: 'medium', metadata: { amount: input.amount } },
  });

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

const ageDays = sql<number>`(current_date - ${businessDay(jobOrders.created_at)})::int`;

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

function expenseCostByJobOrder(db: Db) {
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
  const rows = paging ? await query.limit(pageOf(paging).limit).offset(pageOf(paging).offset) : await query;
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
